import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { CHECKOUT_MESSAGES } from "../../../lib/gallery-checkout"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../../modules/payments"

export type CreateGalleryPaymentIntentInput = {
  orderId: string
  publicId: string
  amountCents: number
  transferGroup: string
  email: string
  cartSessionId: string
}

/** The idempotency key of a gallery order's payment intent: a retried request never creates a second intent. */
export function galleryIntentIdempotencyKey(orderId: string): string {
  return `gallery-checkout-${orderId}`
}

type CancellableGateway = { cancelPaymentIntent?: (id: string) => Promise<unknown> }

/**
 * Creates the payment intent for the order's total (USD cents) in the order's transfer group. Any gateway failure
 * becomes 500 "Failed to create payment intent" (the cause is logged); nothing has been written at this point.
 */
export const createGalleryPaymentIntentStep = createStep(
  "create-gallery-payment-intent",
  async (input: CreateGalleryPaymentIntentInput, { container }) => {
    const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
    try {
      const intent = await payments.createPaymentIntent({
        amountCents: input.amountCents,
        currency: "usd",
        transferGroup: input.transferGroup,
        receiptEmail: input.email,
        metadata: { order_id: input.orderId, public_id: input.publicId, cart_session_id: input.cartSessionId },
        idempotencyKey: galleryIntentIdempotencyKey(input.orderId),
      })
      return new StepResponse({ id: intent.id, clientSecret: intent.clientSecret }, intent.id)
    } catch (error) {
      container.resolve(ContainerRegistrationKeys.LOGGER).error(`Gallery checkout: payment intent failed: ${String(error)}`)
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, CHECKOUT_MESSAGES.intentFailed)
    }
  },
  // The order write failed after the intent was created. Its client secret never reached the customer, so it
  // can never be confirmed; it is cancelled when the gateway can cancel intents, otherwise forgotten.
  async (intentId, { container }) => {
    if (!intentId) return
    const payments = container.resolve(PAYMENTS_MODULE) as PaymentsModuleService & CancellableGateway
    if (typeof payments.cancelPaymentIntent !== "function") return
    try {
      await payments.cancelPaymentIntent(intentId)
    } catch (error) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`Gallery checkout: could not cancel orphan payment intent ${intentId}: ${String(error)}`)
    }
  }
)
