import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cancellationRefundIdempotencyKey, FULFILMENT_MESSAGES } from "../../../lib/gallery-fulfilment"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../../modules/payments"
import type { CancelledGalleryOrder } from "./mark-gallery-order-cancelled"

export type RefundOutcome = { refundId: string | null; refundedNow: boolean }

/**
 * Refunds the whole charge of a cancelled order, once: nothing when a refund is already stored (a repeated
 * cancellation, or an out-of-stock cancellation); for a paid order, a refund under the order's idempotency key
 * (a retry replays the same refund at the gateway, never a second one); for an order cancelled while pending, only
 * if its intent has succeeded meanwhile (the customer paid before the settlement ran). The refund id is stored
 * (first writer wins). A gateway failure is 500 `Failed to refund the payment`; the order stays cancelled and
 * calling cancel again finishes the refund.
 */
export const refundCancelledGalleryOrderStep = createStep(
  "refund-cancelled-gallery-order",
  async (order: CancelledGalleryOrder, { container }) => {
    if (order.refund_id) return new StepResponse<RefundOutcome>({ refundId: order.refund_id, refundedNow: false })
    if (!order.payment_intent_id) return new StepResponse<RefundOutcome>({ refundId: null, refundedNow: false })
    const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    let refundId: string
    try {
      if (!order.paid_at) {
        const intent = await payments.retrievePaymentIntent(order.payment_intent_id)
        if (intent.status !== "succeeded") {
          return new StepResponse<RefundOutcome>({ refundId: null, refundedNow: false })
        }
      }
      const refund = await payments.createRefund({
        paymentIntentId: order.payment_intent_id,
        idempotencyKey: cancellationRefundIdempotencyKey(order.id),
      })
      refundId = refund.id
    } catch (error) {
      logger.error(`Gallery order ${order.public_id}: cancellation refund failed: ${String(error)}`)
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, FULFILMENT_MESSAGES.refundFailed)
    }
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    await gallery.recordCancellationRefund({ orderId: order.id, refundId })
    return new StepResponse<RefundOutcome>({ refundId, refundedNow: true })
  }
)
