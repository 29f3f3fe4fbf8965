import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createSegmentStep, type CreateSegmentStepInput } from "../steps/create-segment"

export const createSegmentWorkflow = createWorkflow("create-marketing-segment", (input: CreateSegmentStepInput) =>
  new WorkflowResponse(createSegmentStep(input))
)
