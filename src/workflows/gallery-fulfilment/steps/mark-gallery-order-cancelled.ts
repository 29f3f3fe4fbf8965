import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { GalleryOrderStatus } from "../../../lib/gallery-order-status"
import { galleryOrderCancelledMessages } from "../../../lib/outbox"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"

export type CancelledGalleryOrder = {
  id: string
  public_id: string
  payment_intent_id: string | null
  /** Set when the order had been paid (a refund is then due). */
  paid_at: string | null
  cancelled_at: string
  refund_id: string | null
  /** False when the order was already cancelled (the money steps then only finish what is left, if anything). */
  cancelledNow: boolean
  previousStatus: GalleryOrderStatus
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/**
 * The state change of a cancellation (GalleryModuleService.markOrderCancelled: under the order's row lock; 404 Order
 * not found, 400 Order cannot be cancelled after shipment, an already cancelled order returned as it is; pending
 * payouts failed). The money (refund, transfer reversals) and the stock follow in later steps, AFTER this commit:
 * from then on nothing can ship the order, and a retried cancellation finishes whatever of them is left (each is
 * idempotent), so nothing here needs compensation.
 */
export const markGalleryOrderCancelledStep = createStep(
  "mark-gallery-order-cancelled",
  async (input: { orderId: string }, { container }) => {
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    const { order, cancelledNow, previousStatus, cancelledAt } = await gallery.markOrderCancelled(
      input.orderId,
      // Queued only by the run that cancels: the Medusa orders of the order book are cancelled too.
      galleryOrderCancelledMessages(input.orderId)
    )
    return new StepResponse<CancelledGalleryOrder>({
      id: order.id,
      public_id: order.public_id,
      payment_intent_id: order.payment_intent_id,
      paid_at: iso(order.paid_at),
      // An order cancelled by another path without a time (none today) shows the time it was found cancelled.
      cancelled_at: iso(order.cancelled_at) ?? cancelledAt.toISOString(),
      refund_id: order.refund_id,
      cancelledNow,
      previousStatus,
    })
  }
)
