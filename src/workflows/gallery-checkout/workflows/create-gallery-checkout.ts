import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createGalleryOrderStep } from "../steps/create-gallery-order"
import { createGalleryPaymentIntentStep } from "../steps/create-gallery-payment-intent"
import { prepareGalleryCheckoutStep, type PrepareGalleryCheckoutInput } from "../steps/prepare-gallery-checkout"

export type CreateGalleryCheckoutInput = PrepareGalleryCheckoutInput

/**
 * Gallery checkout (spec 4.4): validate the cart, create the payment intent, then record the order. A gateway
 * failure writes nothing; a failed order write forgets the intent (compensation), so there is never half an order.
 * Result: the checkout response body.
 */
export const createGalleryCheckoutWorkflow = createWorkflow(
  "create-gallery-checkout",
  (input: CreateGalleryCheckoutInput) => {
    const prepared = prepareGalleryCheckoutStep(input)
    const intentInput = transform({ prepared }, ({ prepared }) => ({
      orderId: prepared.order.id,
      publicId: prepared.order.public_id,
      amountCents: prepared.order.total_cents,
      transferGroup: prepared.order.transfer_group,
      email: prepared.order.email,
      cartSessionId: prepared.order.cart_session_id,
    }))
    const intent = createGalleryPaymentIntentStep(intentInput)
    const orderInput = transform({ prepared, intent }, ({ prepared, intent }) => ({
      ...prepared.order,
      payment_intent_id: intent.id,
    }))
    createGalleryOrderStep(orderInput)
    const response = transform({ prepared, intent }, ({ prepared, intent }) => ({
      clientSecret: intent.clientSecret,
      publicId: prepared.order.public_id,
      total: prepared.amounts.total,
      breakdown: prepared.amounts.breakdown,
      artists: prepared.amounts.artists,
    }))
    return new WorkflowResponse(response)
  }
)
