import type { MedusaContainer } from "@medusajs/framework/types"
import type {
  ArtistOrderShippedPayload,
  GalleryOrderCancelledPayload,
  GalleryOrderPaidPayload,
  GalleryRefundPayload,
  StoreOrderPaidPayload,
} from "../../../lib/outbox"
import { recordStoreOrderPayments, recordStoreOrderRefunds } from "../../order-book/payments"
import { syncArtistOrderMirror, syncArtistOrderMirrors, syncArtistOrderRefunds } from "../../order-book/sync"
import { getRefundForSettlement } from "../../../queries/refunds"
import { getStoreRefundForSettlement } from "../../../queries/store-refunds"
import { listArtistOrderIdsOfGalleryOrders } from "../../../queries/medusa/order-book"

/**
 * Outbox handlers that keep the Medusa order book in step with the gallery (docs/order-book.md). Each brings the
 * mirrors of the artist orders concerned up to date (syncArtistOrderMirror: idempotent, under the artist order's
 * lock), so a redelivered message, a crash mid-way or a handler racing the back-fill job changes nothing twice.
 */

/**
 * `gallery.order.paid`: one Medusa order per artist order, in its organization's sales channel; for a batch of paid
 * gallery orders in one workflow (one createOrders call), which is what keeps the order book cheap under load.
 */
export async function mirrorPaidGalleryOrders(container: MedusaContainer, payloads: GalleryOrderPaidPayload[]) {
  await syncArtistOrderMirrors(container, await listArtistOrderIdsOfGalleryOrders(container, payloads.map((p) => p.id)))
}

/** `gallery.artist_order.shipped` and `.delivered`: the mirror's fulfilment, shipment, delivery. */
export async function syncArtistOrderFulfilment(container: MedusaContainer, payload: ArtistOrderShippedPayload) {
  await syncArtistOrderMirror(container, payload.id)
}

/** `gallery.order.cancelled`: the mirrors are cancelled. */
export async function cancelGalleryOrderMirrors(container: MedusaContainer, payload: GalleryOrderCancelledPayload) {
  await syncArtistOrderMirrors(container, await listArtistOrderIdsOfGalleryOrders(container, [payload.id]))
}

/** `store.order.paid`: the store orders' payment collections, captured (a batch at once). */
export async function recordPaidStoreOrderPayments(container: MedusaContainer, payloads: StoreOrderPaidPayload[]) {
  await recordStoreOrderPayments(container, payloads.map((p) => p.order_id))
}

/**
 * `gallery.refund.succeeded`: the refund on the mirror's payment (Medusa's refund workflow, docs/refunds.md); for an
 * artist-store order's refund (`kind: "store"`), on the store order's own payment.
 */
export async function recordGalleryRefundInOrderBook(container: MedusaContainer, payload: GalleryRefundPayload) {
  if (payload.kind === "store") {
    const storeRefund = await getStoreRefundForSettlement(container, payload.id)
    if (storeRefund) await recordStoreOrderRefunds(container, storeRefund.order_id)
    return
  }
  const refund = await getRefundForSettlement(container, payload.id)
  if (refund) await syncArtistOrderRefunds(container, refund.artist_order_id)
}
