import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../../modules/payments"
import { releaseSaleLines } from "../../common/stock"
import { settledPayment, type LoadedStorePayment } from "./load-store-payment-for-settlement"

/** One refund per store payment, whoever (confirm, webhook, reconciliation) gets to it. */
export function storeOutOfStockRefundIdempotencyKey(storePaymentId: string): string {
  return `store-out-of-stock-refund-${storePaymentId}`
}

/**
 * The payment succeeded but the stock is gone (sold meanwhile, e.g. in the gallery): the whole charge is refunded
 * (idempotent; Stripe reverses the destination transfer and the application fee with it), whatever an interrupted
 * earlier run reserved is released, and the payment is cancelled. No order is made.
 */
export const cancelStorePaymentOutOfStockStep = createStep(
  "cancel-store-payment-out-of-stock",
  async (input: LoadedStorePayment, { container }) => {
    const payment = settledPayment(input)
    const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
    const refund = await payments.createRefund({
      paymentIntentId: payment.payment_intent_id,
      destinationCharge: true,
      idempotencyKey: storeOutOfStockRefundIdempotencyKey(payment.id),
    })
    await releaseSaleLines(container, input.lines)
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    const cancelled = await gallery.cancelStorePaymentOutOfStock({ id: payment.id, refundId: refund.id })
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`Store payment ${payment.id}: stock no longer available, refunded (${refund.id})`)
    return new StepResponse({ refundId: refund.id, cancelled })
  }
)
