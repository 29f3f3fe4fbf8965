import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { GALLERY_OUTBOX_READY_EVENT } from "../../../lib/outbox"
import { shipArtistOrderStep, type ShipArtistOrderInput } from "../steps/ship-artist-order"

/**
 * An artist ships its part of a gallery order (spec 4.8): tracking stored, parent recomputed by rule A, and the
 * customer's shipping email queued in the outbox in the same transaction (`gallery.artist_order.shipped`); the nudge
 * that dispatches it at once is released only when the workflow succeeded. Result: the ship step's outcome.
 */
export const shipArtistOrderWorkflow = createWorkflow("ship-artist-order", (input: ShipArtistOrderInput) => {
  const shipped = shipArtistOrderStep(input)
  emitEventStep({ eventName: GALLERY_OUTBOX_READY_EVENT, data: {} })
  return new WorkflowResponse(shipped)
})
