import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import {
  PAYMENTS_MODULE,
  SANDBOX_DECLINE_MESSAGE,
  type PaymentsModuleService,
  type WebhookEvent,
} from "../../../../../../modules/payments"
import { handlePaymentEvent } from "../../../../../../processes/settlement/payment-events"
import { errorMessage } from "../../../../../../lib/error-message"

/**
 * POST /api/sandbox/payment-intents/{id}/confirm {payment_method} — local gateway only (docs/architecture.md, "Local
 * payment gateway"): confirms the intent as Stripe.js would, then raises what Stripe's webhook would, synchronously and
 * through the same handler (`payment_intent.succeeded` settles the order; `payment_intent.payment_failed` records
 * the failure).
 *
 * `pm_card_visa`: 200 {id, status: "succeeded", last_error: null}.
 * `pm_card_chargeDeclined`: 402 {error: "Your card was declined.", code: "card_declined", payment_intent: {id, status,
 * last_error}} — 402 as Stripe answers card errors. 400 for another payment method, 404 for an unknown intent.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const payments: PaymentsModuleService = req.scope.resolve(PAYMENTS_MODULE)
  const body = req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {}
  const paymentMethod = typeof body.payment_method === "string" ? body.payment_method.trim() : ""
  if (!paymentMethod) throw new MedusaError(MedusaError.Types.INVALID_DATA, "payment_method is required")

  const intent = await payments.confirmPaymentIntent(req.params.id, paymentMethod)
  const succeeded = intent.status === "succeeded"
  const event: WebhookEvent = succeeded
    ? { id: `evt_sandbox_${intent.id}_succeeded`, type: "payment_intent.succeeded", object: { id: intent.id } }
    : {
        id: `evt_sandbox_${intent.id}_failed_${Date.now()}`,
        type: "payment_intent.payment_failed",
        object: { id: intent.id, last_payment_error: { message: intent.lastError ?? SANDBOX_DECLINE_MESSAGE } },
      }
  try {
    const { lastError: _lastError, ...retrieved } = intent
    await handlePaymentEvent(req.scope, event, { paymentIntent: retrieved })
  } catch (error) {
    // As with Stripe, the customer's confirmation stands whatever happens to the event; the confirm route settles
    // the order again when the storefront calls it.
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .error(`Sandbox: processing ${event.type} for ${intent.id} failed: ${errorMessage(error)}`)
  }

  const view = { id: intent.id, status: intent.status, last_error: intent.lastError ?? null }
  if (succeeded) {
    res.json(view)
    return
  }
  res.status(402).json({ error: view.last_error ?? SANDBOX_DECLINE_MESSAGE, code: "card_declined", payment_intent: view })
}
