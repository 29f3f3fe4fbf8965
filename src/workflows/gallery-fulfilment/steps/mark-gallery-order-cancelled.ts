import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cancelDecision, FULFILMENT_MESSAGES } from "../../../lib/gallery-fulfilment"
import type { GalleryOrderStatus } from "../../../lib/gallery-order-status"
import { insertTransitions, lockGalleryOrder } from "../artist-order-writes"

/** Why pending payouts of a cancelled order failed: they are never transferred (the payouts job skips them). */
export const PAYOUT_CANCELLED_REASON = "order_cancelled"

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

type OrderRow = {
  id: string
  public_id: string
  payment_intent_id: string | null
  paid_at: Date | null
  cancelled_at: Date | null
  refund_id: string | null
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/**
 * The state change of a cancellation, in one transaction under the order's row lock (so no artist can ship while
 * it runs, and a ship that committed first makes it refuse): 404 Order not found; 400 Order cannot be cancelled
 * after shipment (any artist order shipped or delivered); an already cancelled order is returned as it is.
 * Otherwise: status cancelled + cancelled_at, its transition, and the order's pending payouts become failed
 * (`order_cancelled`) so they are never transferred later. The money (refund, transfer reversals) and the stock
 * follow in later steps, AFTER this commit: from then on nothing can ship the order, and a retried cancellation
 * finishes whatever of them is left (each is idempotent), so nothing here needs compensation.
 */
export const markGalleryOrderCancelledStep = createStep(
  "mark-gallery-order-cancelled",
  async (input: { orderId: string }, { container }) => {
    const pg: Knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const result = await pg.transaction(async (trx) => {
      const locked = await lockGalleryOrder(trx, input.orderId)
      if (!locked) throw new MedusaError(MedusaError.Types.NOT_FOUND, FULFILMENT_MESSAGES.orderNotFound)
      const { parent, artistOrders } = locked
      const decision = cancelDecision(
        parent.status,
        artistOrders.map((a) => a.status)
      )
      if (decision === "after_shipment") {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, FULFILMENT_MESSAGES.cancelAfterShipment)
      }
      // Taken under the lock, so transitions are in the order they happened.
      const cancelledAt = new Date()
      const columns = `id, public_id, payment_intent_id, paid_at, cancelled_at, refund_id`
      if (decision === "already_cancelled") {
        const { rows } = await trx.raw(`SELECT ${columns} FROM gallery_order WHERE id = ?`, [parent.id])
        return { row: rows[0] as OrderRow, cancelledNow: false, previousStatus: parent.status, cancelledAt }
      }
      const { rows } = await trx.raw(
        `UPDATE gallery_order SET status = 'cancelled', cancelled_at = ?, updated_at = now()
         WHERE id = ? RETURNING ${columns}`,
        [cancelledAt, parent.id]
      )
      await insertTransitions(trx, [
        { galleryOrderId: parent.id, artistOrderId: null, from: parent.status, to: "cancelled", at: cancelledAt },
      ])
      await trx.raw(
        `UPDATE gallery_payout SET status = 'failed', failure_reason = ?, updated_at = now()
         WHERE gallery_order_id = ? AND status = 'pending' AND deleted_at IS NULL`,
        [PAYOUT_CANCELLED_REASON, parent.id]
      )
      return { row: rows[0] as OrderRow, cancelledNow: true, previousStatus: parent.status, cancelledAt }
    })

    const { row } = result
    return new StepResponse<CancelledGalleryOrder>({
      id: row.id,
      public_id: row.public_id,
      payment_intent_id: row.payment_intent_id,
      paid_at: iso(row.paid_at),
      // An order cancelled by another path without a time (none today) shows the time it was found cancelled.
      cancelled_at: iso(row.cancelled_at) ?? result.cancelledAt.toISOString(),
      refund_id: row.refund_id,
      cancelledNow: result.cancelledNow,
      previousStatus: result.previousStatus,
    })
  }
)
