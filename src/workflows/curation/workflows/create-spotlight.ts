import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createSpotlightStep, type CreateSpotlightStepInput } from "../steps/create-spotlight"

export const createSpotlightWorkflow = createWorkflow(
  "create-gallery-spotlight",
  (input: CreateSpotlightStepInput) => new WorkflowResponse(createSpotlightStep(input))
)
