import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { FULFILMENT_MESSAGES } from "../../../lib/gallery-fulfilment"
import { GALLERY_OUTBOX_READY_EVENT } from "../../../lib/outbox"
import { REFUND_MESSAGES } from "../../../lib/refunds"
import { findGalleryOrderForCancel } from "../../../queries/artist-orders"
import { galleryOrderHasRefunds } from "../../../queries/refunds"
import { markGalleryOrderCancelledStep } from "../steps/mark-gallery-order-cancelled"
import { refundCancelledGalleryOrderStep } from "../steps/refund-cancelled-gallery-order"
import { releaseGalleryStockStep } from "../steps/release-gallery-stock"
import { reverseGalleryPayoutsStep } from "../steps/reverse-gallery-payouts"
import { galleryOrderLockKey, withLock } from "../../common/locks"

/** Emitted once per gallery order, by the run that cancelled it (data: {id} = the internal order id). */
export const GALLERY_ORDER_CANCELLED_EVENT = "gallery.order.cancelled"

export type CancelGalleryOrderResult = {
  order: { id: string; publicId: string; status: "cancelled"; cancelledAt: string }
  /** False when the order was already cancelled (idempotent replay). */
  cancelledNow: boolean
  refundId: string | null
  reversedPayouts: number
  releasedReservations: number
}

/**
 * Administrator cancellation before any shipment (docs/architecture.md, "Decisions"): the state change first
 * (cancelled, pending payouts failed; from then on nothing ships), then the stock reservations are released, the charge is
 * refunded and the transferred payouts are reversed. Every step after the first is idempotent and looks at what is
 * left to do, so a repeated or retried cancellation does only what a failed earlier run left undone (usually
 * nothing). Run it through cancelGalleryOrder (the order lock).
 */
export const cancelGalleryOrderWorkflow = createWorkflow("cancel-gallery-order", (input: { orderId: string }) => {
  const order = markGalleryOrderCancelledStep(input)
  const stock = releaseGalleryStockStep(input)
  const refund = refundCancelledGalleryOrderStep(order)
  const reversals = reverseGalleryPayoutsStep(input)

  when("gallery-order-cancelled-now", { order }, ({ order }) => order.cancelledNow).then(() => {
    const eventData = transform({ order }, ({ order }) => ({ id: order.id }))
    emitEventStep({ eventName: GALLERY_ORDER_CANCELLED_EVENT, data: eventData })
    // The cancellation queued the Medusa order book's update in the outbox: dispatch it now.
    emitEventStep({ eventName: GALLERY_OUTBOX_READY_EVENT, data: {} }).config({ name: "nudge-gallery-outbox" })
  })

  const result = transform(
    { order, stock, refund, reversals },
    ({ order, stock, refund, reversals }): CancelGalleryOrderResult => ({
      order: { id: order.id, publicId: order.public_id, status: "cancelled", cancelledAt: order.cancelled_at },
      cancelledNow: order.cancelledNow,
      refundId: refund.refundId,
      reversedPayouts: reversals.reversed.length,
      releasedReservations: stock.released,
    })
  )
  return new WorkflowResponse(result)
})

/** Seconds a second cancellation (or a payment settlement) of the same order waits for the first. */
const ORDER_LOCK_TIMEOUT_SECONDS = 60

/**
 * Cancels the order named by its internal id or public id: 404 `Order not found`; otherwise runs
 * cancelGalleryOrderWorkflow under the order lock shared with the payment settlement (markGalleryOrderPaid), so a
 * cancellation never interleaves with a payment being settled or with another cancellation of the same order
 * (in-process by default, across processes with the Redis locking provider; the row lock and the status guards
 * keep the state change exactly-once even without it, and the gateway's idempotency keys the money movements).
 */
export async function cancelGalleryOrder(
  container: MedusaContainer,
  input: { idOrPublicId: string }
): Promise<CancelGalleryOrderResult> {
  const found = await findGalleryOrderForCancel(container, input.idOrPublicId)
  if (!found) throw new MedusaError(MedusaError.Types.NOT_FOUND, FULFILMENT_MESSAGES.orderNotFound)
  return withLock(container, galleryOrderLockKey(found.id), ORDER_LOCK_TIMEOUT_SECONDS, async () => {
    // Refunds take the same lock: a cancellation after one would refund the charge again (docs/refunds.md).
    if (await galleryOrderHasRefunds(container, found.id)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, REFUND_MESSAGES.cancelAfterRefund)
    }
    const { result } = await cancelGalleryOrderWorkflow(container).run({ input: { orderId: found.id } })
    return result
  })
}
