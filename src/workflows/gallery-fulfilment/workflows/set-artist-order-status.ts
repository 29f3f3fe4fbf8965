import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { setArtistOrderStatusStep, type SetArtistOrderStatusInput } from "../steps/set-artist-order-status"

/** An artist moves its order paid -> processing or shipped -> delivered; the parent is stored by rule B. */
export const setArtistOrderStatusWorkflow = createWorkflow(
  "set-artist-order-status",
  (input: SetArtistOrderStatusInput) => {
    const change = setArtistOrderStatusStep(input)
    return new WorkflowResponse(change)
  }
)
