import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { ShippingAddress } from "../../../lib/gallery-checkout"
import { fromCents } from "../../../lib/money"
import type { RequestedLine } from "../../../lib/store-checkout"
import type { NewStorePayment } from "../../../modules/gallery/service"
import { createStorePaymentIntentStep } from "../steps/create-store-payment-intent"
import { prepareStorePaymentStep } from "../steps/prepare-store-payment"
import { recordStorePaymentStep } from "../steps/record-store-payment"

export type CreateStorePaymentIntentInput = {
  organizationId: string
  lines: RequestedLine[]
  customerEmail: string
  /** A live `gallery_ref` session (cookie or body): a success credits the referral. */
  referralSessionId: string | null
  /** The shopper's choice among the artist's shipping options for the address's country (default: the cheapest). */
  shippingOptionId?: string
  shippingAddress: ShippingAddress | null
}

/**
 * POST /api/create-payment-intent: prices the lines and the artist's shipping from Medusa, creates the destination
 * charge's intent and records the pending store payment -> `{clientSecret, platformFee}` (USD), and `shipping` when
 * the artist has shipping rates (an artist without rates answers the contract's body exactly).
 */
export const createStorePaymentIntentWorkflow = createWorkflow(
  "create-store-payment-intent",
  (input: CreateStorePaymentIntentInput) => {
    const prepared = prepareStorePaymentStep(
      transform({ input }, ({ input }) => ({
        organizationId: input.organizationId,
        lines: input.lines,
        shippingOptionId: input.shippingOptionId,
        shippingAddress: input.shippingAddress,
      }))
    )
    const intent = createStorePaymentIntentStep(
      transform({ input, prepared }, ({ input, prepared }) => ({ prepared, customerEmail: input.customerEmail }))
    )
    recordStorePaymentStep(
      transform({ input, prepared, intent }, ({ input, prepared, intent }): NewStorePayment => ({
        organization_id: prepared.organizationId,
        payment_intent_id: intent.id,
        origin: "payment_intent",
        checkout_session_id: null,
        customer_email: input.customerEmail,
        items: prepared.items,
        subtotal_cents: prepared.subtotalCents,
        commission_basis_points: prepared.commissionBasisPoints,
        platform_fee_cents: prepared.platformFeeCents,
        shipping_cents: prepared.shipping.cents,
        shipping_option_id: prepared.shipping.optionId,
        shipping_option_name: prepared.shipping.optionName,
        shipping_address: input.shippingAddress,
        referral_session_id: input.referralSessionId,
      }))
    )
    return new WorkflowResponse(
      transform({ intent, prepared }, ({ intent, prepared }) => ({
        clientSecret: intent.clientSecret,
        platformFee: fromCents(prepared.platformFeeCents),
        ...(prepared.shipping.optionId ? { shipping: fromCents(prepared.shipping.cents) } : {}),
      }))
    )
  }
)
