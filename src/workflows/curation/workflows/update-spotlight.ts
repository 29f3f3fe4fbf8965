import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { updateSpotlightStep, type UpdateSpotlightStepInput } from "../steps/update-spotlight"

export const updateSpotlightWorkflow = createWorkflow(
  "update-gallery-spotlight",
  (input: UpdateSpotlightStepInput) => new WorkflowResponse(updateSpotlightStep(input))
)
