import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { updateMemberStep, type UpdateMemberStepInput } from "../steps/update-member"

export const updateMemberWorkflow = createWorkflow(
  "update-member",
  (input: UpdateMemberStepInput) => new WorkflowResponse(updateMemberStep(input))
)
