import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { deleteSpotlightStep } from "../steps/delete-spotlight"

export const deleteSpotlightWorkflow = createWorkflow(
  "delete-gallery-spotlight",
  (input: { id: string }) => new WorkflowResponse(deleteSpotlightStep(input.id))
)
