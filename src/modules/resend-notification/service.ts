import { createHash } from "node:crypto"
import type {
  Logger,
  ProviderSendNotificationDTO,
  ProviderSendNotificationResultsDTO,
} from "@medusajs/framework/types"
import { AbstractNotificationProviderService, MedusaError } from "@medusajs/framework/utils"
import { Resend, type CreateBatchEmailOptions } from "resend"
import { CAMPAIGN_EMAIL_TEMPLATE } from "../../lib/campaigns"
import { renderEmail } from "../../lib/email-templates"

export type ResendNotificationOptions = {
  /** RESEND_API_KEY. */
  api_key: string
  /** The sender, `Name <address@verified-domain>` (EMAIL_FROM). Campaigns keep the address and show the store's name. */
  from: string
  /** Tests only: the API's base URL (a fake Resend server); Resend's own otherwise. */
  base_url?: string
  channels?: string[]
}

/** Resend's batch endpoint takes at most this many emails per request. */
const BATCH_LIMIT = 100
/** Resend takes idempotency keys of at most this many characters (and remembers each for 24 hours). */
const KEY_LIMIT = 256
/** A request Resend refused for the rate limit (429) is made again after its `retry-after`, this many times. */
const RATE_LIMIT_RETRIES = 3
const RATE_LIMIT_MAX_WAIT_MS = 5000

type Queued = {
  email: CreateBatchEmailOptions
  idempotencyKey: string | null
  /** A campaign recipient's email: sent with the campaign's others in batches. */
  batched: boolean
  resolve: (result: ProviderSendNotificationResultsDTO) => void
  reject: (error: Error) => void
}

type ResendError = { message?: string; statusCode?: number | null; name?: string }
type ResendAnswer<T> = { data: T | null; error: ResendError | null; headers: Record<string, string> | null }

// What the notification module hands a provider besides the documented fields (it passes the whole record).
type SentNotification = ProviderSendNotificationDTO & { idempotency_key?: string | null }

const TAG_VALUE = /^[A-Za-z0-9_-]{1,256}$/

/**
 * The Idempotency-Key of a notification's email: its own key, which Resend takes up to 256 characters; a longer one is
 * replaced by its digest rather than cut (two keys cut to one prefix would be one email).
 */
export function resendIdempotencyKey(key: string): string {
  return key.length <= KEY_LIMIT ? key : `sha256:${createHash("sha256").update(key).digest("hex")}`
}

/** `"Store Name" <address>` from the configured sender's address and a display name (quotes, brackets, line breaks dropped). */
export function senderFor(from: string, displayName: unknown): string {
  if (typeof displayName !== "string" || !displayName.trim()) return from
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim()
  const name = displayName.replace(/["<>\r\n\\]/g, "").trim().slice(0, 100)
  return name ? `"${name}" <${address}>` : from
}

/**
 * Notification module provider for email through Resend (the `resend` SDK), used when RESEND_API_KEY is set
 * (medusa-config.ts). Each notification's message id is the one Resend gives: the notification's `external_id`,
 * which Resend's events carry as `data.email_id`.
 *
 * Every email but a campaign's goes alone through the send endpoint with the notification's own idempotency key
 * (order emails per order / artist order / owner, and so on), so an email re-sent after a crash interrupted its send
 * is answered by Resend with the first send's id and not delivered again (keys live 24 hours there). A key must not
 * depend on which other emails happen to go out at the same time, which a batch's key would.
 *
 * A campaign's emails (one per recipient, 100 per `createNotifications` call) go with Resend's batch endpoint: a
 * campaign to 10,000 is 100 requests, not 10,000, under Resend's requests-per-second limit. A batch carries a key
 * derived from its notifications' keys; campaign delivery re-forms a batch interrupted by a crash from the same
 * pending recipients (in id order), so the re-sent batch carries the same key. The module calls `send` once per
 * notification, all of one call in the same tick: they are gathered, then sent one request after the other.
 *
 * The message: the notification's `content` (campaigns, digests) or its template rendered from its data
 * (src/lib/email-templates.ts); `data.headers` become the email's headers (List-Unsubscribe, RFC 8058);
 * `data.store_name` becomes the sender's display name; `data.campaign_id` a tag.
 */
export class ResendNotificationService extends AbstractNotificationProviderService {
  static identifier = "atelier-resend"
  private readonly client: Resend
  private readonly from: string
  private readonly logger: Logger
  private queue: Queued[] = []
  private flushScheduled = false

  static validateOptions(options: Record<string, unknown>) {
    if (typeof options.api_key !== "string" || !options.api_key) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "The Resend notification provider needs api_key (RESEND_API_KEY)")
    }
    if (typeof options.from !== "string" || !options.from) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "The Resend notification provider needs from (EMAIL_FROM)")
    }
  }

  constructor({ logger }: { logger: Logger }, options: ResendNotificationOptions) {
    super()
    this.logger = logger
    this.from = options.from
    this.client = new Resend(options.api_key, options.base_url ? { baseUrl: options.base_url.replace(/\/+$/, "") } : undefined)
  }

  async send(notification: ProviderSendNotificationDTO): Promise<ProviderSendNotificationResultsDTO> {
    if (!notification?.to) throw new MedusaError(MedusaError.Types.INVALID_DATA, "No notification information provided")
    const email = this.toEmail(notification)
    const idempotencyKey = (notification as SentNotification).idempotency_key || null
    const batched = notification.template === CAMPAIGN_EMAIL_TEMPLATE
    return new Promise((resolve, reject) => {
      this.queue.push({ email, idempotencyKey, batched, resolve, reject })
      if (!this.flushScheduled) {
        this.flushScheduled = true
        // After the module has handed over every notification of its call (they all arrive in this tick).
        setImmediate(() => void this.flush())
      }
    })
  }

  private toEmail(notification: ProviderSendNotificationDTO): CreateBatchEmailOptions {
    const data = (notification.data ?? {}) as Record<string, unknown>
    const rendered = renderEmail({ template: notification.template, data, content: notification.content })
    const headers = data.headers && typeof data.headers === "object" ? (data.headers as Record<string, string>) : undefined
    const campaignId = typeof data.campaign_id === "string" && TAG_VALUE.test(data.campaign_id) ? data.campaign_id : null
    return {
      from: notification.from?.trim() || senderFor(this.from, data.store_name),
      to: notification.to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      ...(headers ? { headers } : {}),
      ...(campaignId ? { tags: [{ name: "campaign_id", value: campaignId }] } : {}),
    }
  }

  /**
   * Sends what is queued, one request after the other (Resend limits requests per second): each email alone under
   * its own key, a campaign's emails 100 at a time (one alone goes by itself, under its key).
   */
  private async flush() {
    this.flushScheduled = false
    const queued = this.queue
    this.queue = []
    const requests: Queued[][] = queued.filter((item) => !item.batched).map((item) => [item])
    const batched = queued.filter((item) => item.batched)
    for (let i = 0; i < batched.length; i += BATCH_LIMIT) requests.push(batched.slice(i, i + BATCH_LIMIT))
    for (const chunk of requests) {
      try {
        await (chunk.length === 1 ? this.sendOne(chunk[0]) : this.sendBatch(chunk))
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error))
        for (const item of chunk) item.reject(failure)
      }
    }
  }

  private async sendOne(item: Queued) {
    const idempotencyKey = item.idempotencyKey ? resendIdempotencyKey(item.idempotencyKey) : undefined
    const { data, error } = await this.withRateLimit(() =>
      this.client.emails.send(item.email, idempotencyKey ? { idempotencyKey } : undefined)
    )
    if (error?.name === "invalid_idempotent_request") return item.resolve(this.sentBefore(idempotencyKey, error))
    if (error || !data?.id) throw this.failure(error)
    item.resolve({ id: data.id })
  }

  private async sendBatch(chunk: Queued[]) {
    const keys = chunk.map((item) => item.idempotencyKey)
    const idempotencyKey = keys.every(Boolean)
      ? `batch-${createHash("sha256").update(keys.join("\n")).digest("hex")}`
      : undefined
    const { data, error } = await this.withRateLimit(() =>
      this.client.batch.send(
        chunk.map((item) => item.email),
        { batchValidation: "permissive", ...(idempotencyKey ? { idempotencyKey } : {}) }
      )
    )
    if (error?.name === "invalid_idempotent_request") {
      const answer = this.sentBefore(idempotencyKey, error)
      for (const item of chunk) item.resolve(answer)
      return
    }
    if (error || !data) throw this.failure(error)
    // Permissive validation: `data` lists the accepted emails in order, `errors` the refused ones by index.
    const refused = new Map(((data as { errors?: { index: number; message: string }[] }).errors ?? []).map((e) => [e.index, e.message]))
    const ids = data.data.map((entry) => entry.id)
    let next = 0
    chunk.forEach((item, index) => {
      const message = refused.get(index)
      if (message !== undefined) return item.reject(new Error(`Resend refused the email: ${message}`))
      const id = ids[next++]
      if (id) item.resolve({ id })
      else item.reject(new Error("Resend returned no id for the email"))
    })
  }

  /** A request Resend refused for its rate limit is made again (same key: safe) after the wait it asks for. */
  private async withRateLimit<T>(request: () => Promise<ResendAnswer<T>>): Promise<ResendAnswer<T>> {
    for (let attempt = 0; ; attempt++) {
      const answer = await request()
      if (answer.error?.name !== "rate_limit_exceeded" || attempt >= RATE_LIMIT_RETRIES) return answer
      const seconds = Number(answer.headers?.["retry-after"])
      const wait = Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, RATE_LIMIT_MAX_WAIT_MS) : 1000
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }

  /**
   * Resend's 409 for a key it already sent under, with other content (what the email shows changed between the
   * interrupted send and this one): the email went out under this key, so it counts as sent, without its message
   * id. Failing would retry it until Resend forgets the key after 24 hours, and then send it a second time.
   */
  private sentBefore(key: string | undefined, error: ResendError): ProviderSendNotificationResultsDTO {
    this.logger.warn(`Resend: already sent under idempotency key ${key}, not sent again: ${error.message ?? ""}`)
    return {}
  }

  private failure(error: ResendError | null): Error {
    const message = `Resend: ${error?.message ?? "no answer"}${error?.statusCode ? ` (${error.statusCode})` : ""}`
    this.logger.warn(message)
    return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, message)
  }
}
