import type { MedusaContainer } from "@medusajs/framework/types"
import type { ArtistOrderShippedPayload, GalleryOrderCancelledPayload, GalleryOrderPaidPayload } from "../../lib/outbox"
import { syncArtistOrderMirror } from "../../order-book/sync"
import { listArtistOrderIdsOfGalleryOrder } from "../../queries/medusa/order-book"

/**
 * Outbox handlers that keep the Medusa order book in step with the gallery (docs/order-book.md). Each brings the
 * mirrors of the artist orders concerned up to date (syncArtistOrderMirror: idempotent, under the artist order's
 * lock), so a redelivered message, a crash mid-way or a handler racing the back-fill job changes nothing twice.
 */

/** `gallery.order.paid`: one Medusa order per artist order, in its organization's sales channel. */
export async function mirrorPaidGalleryOrder(container: MedusaContainer, payload: GalleryOrderPaidPayload) {
  for (const id of await listArtistOrderIdsOfGalleryOrder(container, payload.id)) {
    await syncArtistOrderMirror(container, id)
  }
}

/** `gallery.artist_order.shipped` and `.delivered`: the mirror's fulfilment, shipment, delivery. */
export async function syncArtistOrderFulfilment(container: MedusaContainer, payload: ArtistOrderShippedPayload) {
  await syncArtistOrderMirror(container, payload.id)
}

/** `gallery.order.cancelled`: the mirrors are cancelled. */
export async function cancelGalleryOrderMirrors(container: MedusaContainer, payload: GalleryOrderCancelledPayload) {
  for (const id of await listArtistOrderIdsOfGalleryOrder(container, payload.id)) {
    await syncArtistOrderMirror(container, id)
  }
}
