import { z } from "@medusajs/framework/zod"
import { checkWebhookUrl, WEBHOOK_URL_MAX_LENGTH, WEBHOOK_URL_MESSAGES, webhookUrlPolicy } from "../../../lib/webhook-url"
import { WEBHOOK_EVENT_TYPES } from "../../../lib/webhooks"
import { isSafeText } from "../../../lib/safe-text"
import { firstQueryValue, optionalText, text } from "../../utils/validation"

export const WEBHOOK_ENDPOINT_MESSAGES = {
  urlInvalid: WEBHOOK_URL_MESSAGES.invalid,
  eventsInvalid: `Choose at least one event to send (${WEBHOOK_EVENT_TYPES.join(", ")})`,
  descriptionInvalid: "Keep the description to 500 characters or fewer",
  enabledInvalid: "enabled must be true or false",
  nothingToUpdate: "Give at least one of url, events, description, enabled",
  limitInvalid: "limit must be a whole number from 1 to 100",
  offsetInvalid: "offset must be a whole number of at least 0",
  ownersOnly: "Only organization owners can manage webhook endpoints",
  notFound: "Webhook endpoint not found",
  forbidden: "You do not have access to this webhook endpoint",
  deliveryNotFound: "Webhook delivery not found",
  disabled: "Webhook endpoint is disabled: enable it before redelivering",
} as const

const organizationId = optionalText(100, "org_id must be a string of at most 100 characters")

/**
 * The endpoint's URL under the policy in force when the request is made (lib/webhook-url.ts: https in production,
 * http to this machine in development, no private address literal in production). The addresses a host name
 * resolves to are checked by the route (production) and again at every delivery.
 */
const url = text(WEBHOOK_URL_MAX_LENGTH, WEBHOOK_ENDPOINT_MESSAGES.urlInvalid).superRefine((value, ctx) => {
  const check = checkWebhookUrl(value, webhookUrlPolicy(process.env))
  if (!check.ok) ctx.addIssue({ code: "custom", message: check.message })
})

/** Distinct event types, in the order of WEBHOOK_EVENT_TYPES. */
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_ENDPOINT_MESSAGES.eventsInvalid }), {
    error: WEBHOOK_ENDPOINT_MESSAGES.eventsInvalid,
  })
  .min(1, { error: WEBHOOK_ENDPOINT_MESSAGES.eventsInvalid })
  .max(WEBHOOK_EVENT_TYPES.length * 2, { error: WEBHOOK_ENDPOINT_MESSAGES.eventsInvalid })
  .transform((list) => WEBHOOK_EVENT_TYPES.filter((type) => list.includes(type)))

const description = optionalText(500, WEBHOOK_ENDPOINT_MESSAGES.descriptionInvalid)

/** POST /api/webhook-endpoints */
export const CreateWebhookEndpointBody = z.object({ org_id: organizationId, url, events, description }).strict()
export type CreateWebhookEndpointBody = z.infer<typeof CreateWebhookEndpointBody>

/** PATCH (or PUT) /api/webhook-endpoints/{id}: any of the fields; `enabled` disables or re-enables it. */
export const UpdateWebhookEndpointBody = z
  .object({
    org_id: organizationId,
    url: url.optional(),
    events: events.optional(),
    // Absent stays as is; null or blank clears it.
    description: z
      .string({ error: WEBHOOK_ENDPOINT_MESSAGES.descriptionInvalid })
      .refine(isSafeText, { message: WEBHOOK_ENDPOINT_MESSAGES.descriptionInvalid, abort: true })
      .trim()
      .refine((value) => value.length <= 500, { message: WEBHOOK_ENDPOINT_MESSAGES.descriptionInvalid })
      .transform((value) => value || null)
      .nullable()
      .optional(),
    enabled: z.boolean({ error: WEBHOOK_ENDPOINT_MESSAGES.enabledInvalid }).optional(),
  })
  .strict()
  .refine((body) => body.url !== undefined || body.events !== undefined || body.description !== undefined || body.enabled !== undefined, {
    message: WEBHOOK_ENDPOINT_MESSAGES.nothingToUpdate,
  })
export type UpdateWebhookEndpointBody = z.infer<typeof UpdateWebhookEndpointBody>

function wholeNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null
  if (typeof value !== "string" || !/^\s*[0-9]+\s*$/.test(value)) return null
  const n = Number(value.trim())
  return Number.isSafeInteger(n) ? n : null
}

function queryNumber(fallback: number, min: number, max: number, message: string) {
  return z.unknown().transform((raw, ctx) => {
    const value = firstQueryValue(raw)
    if (value === undefined || value === "") return fallback
    const n = wholeNumber(value)
    if (n === null || n < min || n > max) {
      ctx.addIssue({ code: "custom", message })
      return z.NEVER
    }
    return n
  })
}

/** GET /api/webhook-endpoints/{id}/deliveries: newest first, `limit` 1..100 (default 50), `offset`. */
export const ListDeliveriesQuery = z
  .object({
    org_id: organizationId,
    limit: queryNumber(50, 1, 100, WEBHOOK_ENDPOINT_MESSAGES.limitInvalid),
    offset: queryNumber(0, 0, Number.MAX_SAFE_INTEGER, WEBHOOK_ENDPOINT_MESSAGES.offsetInvalid),
  })
  .strict()
export type ListDeliveriesQuery = z.output<typeof ListDeliveriesQuery>
