import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { shipArtistOrderStep, type ShipArtistOrderInput } from "../steps/ship-artist-order"

/**
 * Emitted once per artist order, by the run that shipped it (data: {id} = the artist order id,
 * gallery_order_id). The shipping email subscriber listens to it.
 */
export const GALLERY_ARTIST_ORDER_SHIPPED_EVENT = "gallery.artist_order.shipped"

/**
 * An artist ships its part of a gallery order (spec 4.8): tracking stored, parent recomputed by rule A, then the
 * shipped event (released only when the workflow succeeded). Result: the ship step's outcome.
 */
export const shipArtistOrderWorkflow = createWorkflow("ship-artist-order", (input: ShipArtistOrderInput) => {
  const shipped = shipArtistOrderStep(input)
  const eventData = transform({ shipped }, ({ shipped }) => ({
    id: shipped.id,
    gallery_order_id: shipped.galleryOrderId,
  }))
  emitEventStep({ eventName: GALLERY_ARTIST_ORDER_SHIPPED_EVENT, data: eventData })
  return new WorkflowResponse(shipped)
})
