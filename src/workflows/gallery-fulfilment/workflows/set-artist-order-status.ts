import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { GALLERY_OUTBOX_READY_EVENT } from "../../../lib/outbox"
import { setArtistOrderStatusStep, type SetArtistOrderStatusInput } from "../steps/set-artist-order-status"

/**
 * An artist moves its order paid -> processing or shipped -> delivered; the parent is stored by rule B. A delivery
 * queues the Medusa order book's update in the outbox; the nudge that dispatches it is released on success.
 */
export const setArtistOrderStatusWorkflow = createWorkflow(
  "set-artist-order-status",
  (input: SetArtistOrderStatusInput) => {
    const change = setArtistOrderStatusStep(input)
    emitEventStep({ eventName: GALLERY_OUTBOX_READY_EVENT, data: {} })
    return new WorkflowResponse(change)
  }
)
