// Outbound webhooks of an organization (spec 5.7, docs/outbound-webhooks.md): the events, the payload, the two
// signatures every delivery carries, the retry schedule and when an endpoint that keeps failing is disabled.
import { createHmac, randomBytes } from "node:crypto"
import { Webhook } from "standardwebhooks"
import { WEBHOOK_EVENT_TYPES, isWebhookEventType, type WebhookEventType } from "./webhook-event-types"

export { WEBHOOK_EVENT_TYPES, isWebhookEventType, type WebhookEventType }

/** The body of every delivery. */
export type WebhookEvent = { id: string; type: WebhookEventType; created_at: string; data: Record<string, unknown> }

/** The exact bytes sent (and signed): serialized once when the event is queued, identical on every attempt. */
export function serializeWebhookEvent(event: WebhookEvent): string {
  return JSON.stringify({ id: event.id, type: event.type, created_at: event.created_at, data: event.data })
}

// ------------------------------------------------------------------------------------------------------------
// Secrets and signatures

export const WEBHOOK_SECRET_PREFIX = "whsec_"
/** 32 random bytes: the Standard Webhooks recommendation is 24 to 64. */
const SECRET_BYTES = 32

/** A new endpoint secret, `whsec_<base64 of 32 random bytes>`: shown once, when the endpoint is created. */
export function generateWebhookSecret(random: (size: number) => Buffer = randomBytes): string {
  return WEBHOOK_SECRET_PREFIX + random(SECRET_BYTES).toString("base64")
}

/**
 * `X-Atelier-Signature` (spec 5.7 rule 7): `sha256=` + lowercase hex HMAC-SHA256 of the raw body, keyed with the secret
 * string exactly as shown to the owner (`whsec_...`, as UTF-8).
 */
export function atelierSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`
}

export const ATELIER_SIGNATURE_HEADER = "x-atelier-signature"
export const ATELIER_EVENT_HEADER = "x-atelier-event"

/**
 * The headers that sign one attempt: the Standard Webhooks trio (`webhook-id` is the event id, the same on every
 * attempt and redelivery, so receivers can de-duplicate; `webhook-timestamp` the attempt's Unix seconds;
 * `webhook-signature` `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` keyed with the base64-decoded part after
 * `whsec_`, made by the `standardwebhooks` library) and Atelier's own `X-Atelier-Signature` over the body alone.
 */
export function webhookSignatureHeaders(input: {
  secret: string
  eventId: string
  eventType: string
  body: string
  at: Date
}): Record<string, string> {
  return {
    "webhook-id": input.eventId,
    "webhook-timestamp": String(Math.floor(input.at.getTime() / 1000)),
    "webhook-signature": new Webhook(input.secret).sign(input.eventId, input.at, input.body),
    [ATELIER_SIGNATURE_HEADER]: atelierSignature(input.secret, input.body),
    [ATELIER_EVENT_HEADER]: input.eventType,
  }
}

// ------------------------------------------------------------------------------------------------------------
// Retries and disabling

/**
 * Seconds between a failed attempt and the next one: the Standard Webhooks schedule. The first attempt is immediate,
 * so a delivery gets at most 8 attempts over about 27.6 hours.
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1

/** Seconds before the next attempt after `attempt` attempts have failed, or null when the schedule is exhausted. */
export function webhookRetryDelaySeconds(attempt: number): number | null {
  const n = Math.max(1, Math.floor(attempt))
  return n <= WEBHOOK_RETRY_SCHEDULE_SECONDS.length ? WEBHOOK_RETRY_SCHEDULE_SECONDS[n - 1] : null
}

/** An endpoint is disabled once it has failed without a single success for this long... */
export const WEBHOOK_DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600 * 1000
/** ...and at least this many attempts in a row (a full schedule's worth), so that one slow day never disables it. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = WEBHOOK_MAX_ATTEMPTS

/**
 * Sustained failure (Svix's rule, with a floor on the number of attempts): every attempt since `failingSince` failed,
 * that is at least five days ago, and at least WEBHOOK_DISABLE_AFTER_FAILURES attempts failed in a row.
 */
export function shouldDisableWebhookEndpoint(input: {
  consecutiveFailures: number
  failingSince: Date | null
  now: Date
}): boolean {
  if (!input.failingSince || input.consecutiveFailures < WEBHOOK_DISABLE_AFTER_FAILURES) return false
  return input.now.getTime() - input.failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_FAILING_MS
}

/** A delivery attempt succeeded: any 2xx. Redirects are not followed and count as failures (as with Svix). */
export function isSuccessfulWebhookStatus(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode < 300
}

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000

/** WEBHOOK_TIMEOUT_MS: how long one attempt may take (connect to last byte), 100..60000 ms, default 10 s. */
export function webhookTimeoutMs(value: string | undefined): number {
  const n = Number(value)
  if (!value || !Number.isFinite(n) || n < 100) return DEFAULT_WEBHOOK_TIMEOUT_MS
  return Math.min(60_000, Math.floor(n))
}
