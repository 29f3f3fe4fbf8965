import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cannotMoveMessage, statusChangeRefusal, type ArtistSettableStatus } from "../../../lib/gallery-fulfilment"
import { derivedParentStatus, type GalleryOrderStatus } from "../../../lib/gallery-order-status"
import { insertTransitions, lockArtistOrderParent, storeParentStatus } from "../artist-order-writes"

export type SetArtistOrderStatusInput = {
  artistOrderId: string
  /** The organization the caller acts for (membership already checked): it must own the artist order. */
  organizationId: string
  /** Any requested value: only paid -> processing and shipped -> delivered are allowed. */
  status: string
}

export type ArtistOrderStatusChange = {
  id: string
  galleryOrderId: string
  from: string
  status: ArtistSettableStatus
  parentOrderStatus: GalleryOrderStatus
}

/**
 * The transitions the spec leaves to the artist (ARCHITECTURE "Decisions"): paid -> processing and shipped ->
 * delivered (delivered_at), in one transaction under the parent's row lock; anything else is 400 `Cannot move order
 * from X to Y` (400 Order has been cancelled for a cancelled order). Records the transition and stores the
 * parent's status by rule B (with its transition when it changed). The UPDATE is guarded by the status it moves
 * from. No compensation: this is the workflow's only write.
 */
export const setArtistOrderStatusStep = createStep(
  "set-artist-order-status",
  async (input: SetArtistOrderStatusInput, { container }) => {
    const pg: Knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const change = await pg.transaction(async (trx) => {
      const { parent, artistOrders, artistOrder } = await lockArtistOrderParent(
        trx,
        input.artistOrderId,
        input.organizationId
      )
      const refusal = statusChangeRefusal(artistOrder.status, parent.status, input.status)
      if (refusal) throw new MedusaError(MedusaError.Types.INVALID_DATA, refusal)
      const target = input.status as ArtistSettableStatus
      // Taken under the lock, so transitions are in the order they happened.
      const at = new Date()

      const { rows } = await trx.raw(
        `UPDATE gallery_artist_order
         SET status = ?, delivered_at = CASE WHEN ? = 'delivered' THEN ?::timestamptz ELSE delivered_at END,
             updated_at = now()
         WHERE id = ? AND status = ? AND deleted_at IS NULL
         RETURNING id`,
        [target, target, at, artistOrder.id, artistOrder.status]
      )
      if (!rows.length) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, cannotMoveMessage(artistOrder.status, target))
      }
      await insertTransitions(trx, [
        { galleryOrderId: parent.id, artistOrderId: artistOrder.id, from: artistOrder.status, to: target, at },
      ])
      const statuses = artistOrders.map((a) => (a.id === artistOrder.id ? target : a.status))
      const parentOrderStatus = await storeParentStatus(trx, parent, derivedParentStatus(statuses), at)
      return { galleryOrderId: parent.id, from: artistOrder.status, status: target, parentOrderStatus }
    })

    return new StepResponse<ArtistOrderStatusChange>({ id: input.artistOrderId, ...change })
  }
)
