import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { updateSegmentStep, type UpdateSegmentStepInput } from "../steps/update-segment"

export const updateSegmentWorkflow = createWorkflow("update-marketing-segment", (input: UpdateSegmentStepInput) =>
  new WorkflowResponse(updateSegmentStep(input))
)
