import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { parseEmailEvent } from "../../../../lib/email-events"
import { MARKETING_MODULE } from "../../../../modules/marketing"
import type MarketingModuleService from "../../../../modules/marketing/service"
import { recordEmailEventWorkflow } from "../../../../workflows/marketing/workflows/record-email-event"

export const EMAIL_WEBHOOK_MESSAGES = {
  invalidSignature: "Invalid signature",
  invalidPayload: "Invalid webhook payload",
  notConfigured: "Email webhooks are not configured (set RESEND_WEBHOOK_SECRET)",
} as const

function header(req: MedusaRequest, name: string): string {
  const value = req.headers[name]
  return (Array.isArray(value) ? value[0] : value) ?? ""
}

/**
 * POST /api/webhooks/email (spec 6): Resend's events, verified with their Svix signature (`svix-id`,
 * `svix-timestamp`, `svix-signature` over the raw body, `RESEND_WEBHOOK_SECRET`, 5 minutes of tolerance).
 *
 * 400 `Invalid signature` (bad or missing signature, timestamp more than 5 minutes off) and 400 `Invalid webhook
 * payload` (signed but not an event): nothing recorded. 200 `{received: true, duplicate: true}` for a `svix-id`
 * already recorded (nothing changes). 200 `{received: true, applied}`: `email.delivered`, `.opened`, `.clicked`
 * update the campaign recipient whose email the event names (`data.email_id`, the provider's message id) and the
 * campaign's stats; `.bounced` and `.complained` also suppress the address for the campaign's organization. An
 * event for an unknown message or of another type is recorded and ignored (`applied: false`). 503 without a secret.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const marketing: MarketingModuleService = req.scope.resolve(MARKETING_MODULE)
  if (!marketing.emailWebhooksConfigured()) {
    res.status(503).json({ error: EMAIL_WEBHOOK_MESSAGES.notConfigured })
    return
  }
  const rawBody = (req as MedusaRequest & { rawBody?: unknown }).rawBody
  const svixId = header(req, "svix-id")
  const body = marketing.verifyEmailEvent(Buffer.isBuffer(rawBody) ? rawBody : Buffer.alloc(0), {
    id: svixId,
    timestamp: header(req, "svix-timestamp"),
    signature: header(req, "svix-signature"),
  })
  if (body === null) {
    res.status(400).json({ error: EMAIL_WEBHOOK_MESSAGES.invalidSignature })
    return
  }
  const event = parseEmailEvent(body)
  if (!event || !svixId || svixId.length > 200) {
    res.status(400).json({ error: EMAIL_WEBHOOK_MESSAGES.invalidPayload })
    return
  }
  const { result } = await recordEmailEventWorkflow(req.scope).run({
    input: {
      svixId,
      type: event.type,
      kind: event.kind,
      messageId: event.messageId,
      occurredAt: (event.occurredAt ?? new Date()).toISOString(),
    },
  })
  if (result.duplicate) {
    res.json({ received: true, duplicate: true })
    return
  }
  res.json({ received: true, applied: result.outcome === "applied" })
}
