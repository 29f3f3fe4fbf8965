import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { entityId } from "../../../lib/entity-id"
import { STORE_INTENT_KIND, storeChargeCents } from "../../../lib/store-checkout"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../../modules/payments"
import type { PreparedStorePayment } from "./prepare-store-payment"

/**
 * One destination charge of the merchandise subtotal and the artist's shipping to the organization's connected
 * account, the platform keeping the plan's fee on the merchandise (`application_fee_amount`), USD. A fresh idempotency key per request: two requests are two
 * checkouts. Nothing to undo: an intent whose client secret was never handed out cannot be paid.
 */
export const createStorePaymentIntentStep = createStep(
  "create-store-payment-intent",
  async (input: { prepared: PreparedStorePayment; customerEmail: string }, { container }) => {
    const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
    const checkoutId = entityId("schk")
    const intent = await payments.createPaymentIntent({
      amountCents: storeChargeCents({ subtotal_cents: input.prepared.subtotalCents, shipping_cents: input.prepared.shipping.cents }),
      currency: "usd",
      destinationCharge: { destination: input.prepared.destination, applicationFeeCents: input.prepared.platformFeeCents },
      receiptEmail: input.customerEmail,
      metadata: { kind: STORE_INTENT_KIND, org_id: input.prepared.organizationId, store_checkout_id: checkoutId },
      idempotencyKey: `store-payment-intent-${checkoutId}`,
    })
    return new StepResponse({ id: intent.id, clientSecret: intent.clientSecret })
  }
)
