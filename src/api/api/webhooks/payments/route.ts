import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PAYMENTS_MODULE, type PaymentsModuleService, type WebhookEvent } from "../../../../modules/payments"
import { handlePaymentEvent } from "../../../../processes/settlement/payment-events"
import { errorMessage } from "../../../../lib/error-message"

function signatureHeader(req: MedusaRequest): string | undefined {
  const value = req.headers["stripe-signature"]
  return Array.isArray(value) ? value[0] : value
}

/**
 * POST /api/webhooks/payments (spec 6, part 5 rule 8): a payment provider's event, verified on the raw body with
 * the `Stripe-Signature` header and the signing secret.
 *
 * 400 {error: "Invalid signature"} (or "Invalid webhook payload" for a signed body that is not an event);
 * 200 {received: true, duplicate: true} for an event id already processed (nothing changes);
 * 200 {received: true} after processing (`payment_intent.succeeded` settles the order, `payment_intent.payment_failed`
 * records the failure; `account.updated` records the connected account's state and pays its organization's pending
 * payouts once it can receive them; `charge.dispute.created | updated | closed` record the dispute on its gallery order
 * or store payment, holding, releasing or taking back the artists' payouts, and `charge.refunded` records a refund
 * made at the provider (docs/disputes.md); other types, unknown intents and unknown accounts are acknowledged and
 * ignored);
 * 500 when processing failed: nothing is recorded, so the provider's retry is processed.
 *
 * The event is recorded as processed only after its effect has committed. Effects are idempotent (settlement is
 * guarded by the order's status and its per-order lock), so a process that dies between the effect and the record
 * leaves an event that the provider redelivers and that settles nothing twice — never one marked done whose effect
 * was lost. Concurrent deliveries of one event may both run the (idempotent) effect; one records it.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const payments: PaymentsModuleService = req.scope.resolve(PAYMENTS_MODULE)
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const rawBody = (req as MedusaRequest & { rawBody?: unknown }).rawBody

  let event: WebhookEvent
  try {
    event = payments.parseWebhookEvent(Buffer.isBuffer(rawBody) ? rawBody : Buffer.alloc(0), signatureHeader(req))
  } catch (error) {
    const message = (error as { message?: string }).message
    res.status(400).json({ error: message === "Invalid webhook payload" ? message : "Invalid signature" })
    return
  }

  if (await payments.isWebhookEventProcessed(event.id)) {
    res.json({ received: true, duplicate: true })
    return
  }
  try {
    await handlePaymentEvent(req.scope, event)
    await payments.markWebhookEventProcessed(event.id, event.type)
  } catch (error) {
    logger.error(`Payment webhook ${event.id} (${event.type}) failed: ${errorMessage(error)}`)
    res.status(500).json({ error: "Webhook processing failed" })
    return
  }
  res.json({ received: true })
}
