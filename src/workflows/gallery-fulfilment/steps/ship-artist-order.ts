import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { FULFILMENT_MESSAGES, shipRefusal } from "../../../lib/gallery-fulfilment"
import { parentStatusOnShip, type GalleryOrderStatus } from "../../../lib/gallery-order-status"
import { knownCarrier, trackingUrlForCarrier } from "../../../lib/tracking-url"
import { insertTransitions, lockArtistOrderParent, storeParentStatus } from "../artist-order-writes"

export type ShipArtistOrderInput = {
  artistOrderId: string
  /** The organization the caller acts for (membership already checked): it must own the artist order. */
  organizationId: string
  trackingNumber: string
  /** UPS, USPS, FedEx (any case) or a custom value stored as given; null derives the URL from the number. */
  carrier: string | null
}

export type ShippedArtistOrder = {
  id: string
  galleryOrderId: string
  status: "shipped"
  carrier: string | null
  trackingNumber: string
  trackingUrl: string
  shippedAt: string
  parentOrderStatus: GalleryOrderStatus
}

/**
 * Ships one artist order, in one transaction under the parent order's row lock: 404 / 403 (another organization's
 * order) / 400 Order already shipped / 400 Order has been cancelled / 400 Order is not paid; then status shipped with
 * tracking number, tracking URL, carrier and shippedAt, the transition, and the parent's status by rule A over ALL
 * its artist orders (stored, with its transition). The UPDATE is also guarded by the status it moves from, so a
 * second ship can never overwrite the first one's tracking. No compensation: this is the workflow's only write
 * (the event after it is only emitted when the workflow succeeds).
 */
export const shipArtistOrderStep = createStep(
  "ship-artist-order",
  async (input: ShipArtistOrderInput, { container }) => {
    const pg: Knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const trackingUrl = trackingUrlForCarrier(input.carrier ?? undefined, input.trackingNumber)
    // A known carrier is stored by its usual name ("ups" -> "UPS"); a custom one as given.
    const carrier = input.carrier === null ? null : (knownCarrier(input.carrier) ?? input.carrier)
    const result = await pg.transaction(async (trx) => {
      const { parent, artistOrders, artistOrder } = await lockArtistOrderParent(
        trx,
        input.artistOrderId,
        input.organizationId
      )
      const refusal = shipRefusal(artistOrder.status, parent.status)
      if (refusal) throw new MedusaError(MedusaError.Types.INVALID_DATA, refusal)
      // Taken under the lock, so the transitions of concurrent shipments are in the order they happened.
      const shippedAt = new Date()

      const { rows } = await trx.raw(
        `UPDATE gallery_artist_order
         SET status = 'shipped', tracking_number = ?, tracking_url = ?, carrier = ?, shipped_at = ?, updated_at = now()
         WHERE id = ? AND status IN ('paid', 'processing') AND deleted_at IS NULL
         RETURNING id`,
        [input.trackingNumber, trackingUrl, carrier, shippedAt, artistOrder.id]
      )
      if (!rows.length) throw new MedusaError(MedusaError.Types.INVALID_DATA, FULFILMENT_MESSAGES.orderAlreadyShipped)
      await insertTransitions(trx, [
        { galleryOrderId: parent.id, artistOrderId: artistOrder.id, from: artistOrder.status, to: "shipped", at: shippedAt },
      ])

      const statuses = artistOrders.map((a) => (a.id === artistOrder.id ? "shipped" : a.status))
      const parentOrderStatus = await storeParentStatus(trx, parent, parentStatusOnShip(statuses), shippedAt)
      return { galleryOrderId: parent.id, parentOrderStatus, shippedAt }
    })

    return new StepResponse<ShippedArtistOrder>({
      id: input.artistOrderId,
      galleryOrderId: result.galleryOrderId,
      status: "shipped",
      carrier,
      trackingNumber: input.trackingNumber,
      trackingUrl,
      shippedAt: result.shippedAt.toISOString(),
      parentOrderStatus: result.parentOrderStatus,
    })
  }
)
