import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { CHECKOUT_MESSAGES, intentPaysOrder } from "../../../lib/gallery-checkout"
import { PAYMENTS_MODULE, type PaymentsModuleService, type RetrievedPaymentIntent } from "../../../modules/payments"
import { loadGalleryOrderForPayment, type GalleryOrderForPayment } from "../../../queries/gallery-orders"

export type LoadGalleryOrderForPaymentInput = {
  orderId: string
  paymentIntentId: string
  /** The intent as the caller just got it from the gateway (confirm, sandbox); otherwise it is retrieved here. */
  paymentIntent?: RetrievedPaymentIntent | null
}

export type LoadedGalleryPayment = {
  /** Null when no gallery order is paid by this intent. */
  order: GalleryOrderForPayment | null
  intent: RetrievedPaymentIntent | null
  /** The order is pending and its intent has succeeded for the order's amount: the payment is to be settled now. */
  settle: boolean
  /** The intent succeeded but for another amount or currency than the order's: the order is left unpaid. */
  mismatch: boolean
}

/**
 * Re-reads the order (under the order lock, see markGalleryOrderPaid), if this intent pays it, with its artist orders,
 * their organizations' connected accounts and its items' inventory items: one query. Only a pending order needs the
 * intent: the given one, or the gateway's (a failure is 500 "Failed to retrieve payment intent"). A succeeded intent
 * settles the order only when it charged the order's total in USD. Writes nothing.
 */
export const loadGalleryOrderForPaymentStep = createStep(
  "load-gallery-order-for-payment",
  async (input: LoadGalleryOrderForPaymentInput, { container }) => {
    const found = await loadGalleryOrderForPayment(container, { orderId: input.orderId })
    // The order must be the one this intent pays.
    const order = found && found.payment_intent_id === input.paymentIntentId ? found : null
    if (!order || order.status !== "pending") {
      return new StepResponse<LoadedGalleryPayment>({ order, intent: null, settle: false, mismatch: false })
    }
    let intent = input.paymentIntent ?? null
    if (!intent || intent.id !== input.paymentIntentId) {
      const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
      try {
        intent = await payments.retrievePaymentIntent(input.paymentIntentId)
      } catch (error) {
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .error(`Gallery payment: retrieving ${input.paymentIntentId} failed: ${String(error)}`)
        throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, CHECKOUT_MESSAGES.retrieveFailed)
      }
    }
    const succeeded = intent.status === "succeeded"
    const mismatch = succeeded && !intentPaysOrder(intent, order)
    if (mismatch) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .error(
          `Gallery payment: intent ${intent.id} charged ${intent.amountCents} ${intent.currency} but order ${order.id} ` +
            `totals ${order.total_cents} usd: left unpaid`
        )
    }
    return new StepResponse<LoadedGalleryPayment>({ order, intent, settle: succeeded && !mismatch, mismatch })
  }
)

/** The loaded order of a step that only runs when `settle` is true. */
export function settledOrder(loaded: LoadedGalleryPayment): GalleryOrderForPayment {
  if (!loaded.order) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "No gallery order to settle")
  return loaded.order
}
