import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { CHECKOUT_MESSAGES } from "../../../../../lib/gallery-checkout"
import { PAYMENTS_MODULE, type PaymentsModuleService, type RetrievedPaymentIntent } from "../../../../../modules/payments"
import {
  confirmOrderView,
  findGalleryOrderByPaymentIntent,
  isPaidOrLater,
  type GalleryOrderHead,
} from "../../../../../queries/gallery-orders"
import { markGalleryOrderPaid } from "../../../../../workflows/gallery-checkout/workflows/mark-gallery-order-paid"
import type { ConfirmBody } from "../validators"

function cancelledResponse(res: MedusaResponse, order: GalleryOrderHead) {
  // 409 (answered here: Medusa's error handler rewrites CONFLICT messages).
  const message =
    order.payment_failure === "out_of_stock" ? CHECKOUT_MESSAGES.noLongerAvailable : CHECKOUT_MESSAGES.orderCancelled
  res.status(409).json({ error: message })
}

/**
 * POST /api/gallery/checkout/confirm {paymentIntentId} (spec 4.4): settles the order once its payment succeeded,
 * through the same idempotent workflow as the payment webhook.
 *
 * 200 {success, order:{id, publicId, status, total, email, createdAt}} — also for an order already paid (or later):
 * nothing new happens. 400 Payment intent ID required | Payment not successful; 404 Order not found for this
 * payment intent; 409 One or more products are no longer available (the payment succeeded but an item sold out
 * meanwhile: refunded, order cancelled); 500 Failed to retrieve payment intent.
 */
export async function POST(req: MedusaRequest<ConfirmBody>, res: MedusaResponse) {
  const { paymentIntentId } = req.validatedBody

  const order = await findGalleryOrderByPaymentIntent(req.scope, paymentIntentId)
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, CHECKOUT_MESSAGES.orderNotFoundForIntent)
  if (isPaidOrLater(order.status)) {
    res.json({ success: true, order: confirmOrderView(order) })
    return
  }
  if (order.status === "cancelled") return cancelledResponse(res, order)

  const payments: PaymentsModuleService = req.scope.resolve(PAYMENTS_MODULE)
  let intent: RetrievedPaymentIntent
  try {
    intent = await payments.retrievePaymentIntent(paymentIntentId)
  } catch (error) {
    req.scope.resolve(ContainerRegistrationKeys.LOGGER).error(`Confirm: retrieving ${paymentIntentId} failed: ${String(error)}`)
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, CHECKOUT_MESSAGES.retrieveFailed)
  }
  if (intent.status !== "succeeded") {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, CHECKOUT_MESSAGES.paymentNotSuccessful)
  }

  const { order: settled } = await markGalleryOrderPaid(req.scope, {
    paymentIntentId,
    orderId: order.id,
    paymentIntent: intent,
  })
  if (!settled) throw new MedusaError(MedusaError.Types.NOT_FOUND, CHECKOUT_MESSAGES.orderNotFoundForIntent)
  if (settled.status === "cancelled") return cancelledResponse(res, settled)
  if (!isPaidOrLater(settled.status)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, CHECKOUT_MESSAGES.paymentNotSuccessful)
  }
  res.json({ success: true, order: confirmOrderView(settled) })
}
