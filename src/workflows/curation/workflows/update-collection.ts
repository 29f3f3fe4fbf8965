import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { updateCollectionStep, type UpdateCollectionStepInput } from "../steps/update-collection"

export const updateCollectionWorkflow = createWorkflow(
  "update-gallery-collection",
  (input: UpdateCollectionStepInput) => new WorkflowResponse(updateCollectionStep(input))
)
