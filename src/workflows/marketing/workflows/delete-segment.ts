import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { deleteSegmentStep } from "../steps/delete-segment"

export const deleteSegmentWorkflow = createWorkflow(
  "delete-marketing-segment",
  (input: { id: string; inUseMessage: string }) => new WorkflowResponse(deleteSegmentStep(input))
)
