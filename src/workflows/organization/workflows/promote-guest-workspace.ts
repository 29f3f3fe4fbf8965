import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { promoteGuestWorkspaceStep, type PromoteGuestWorkspaceStepInput } from "../steps/promote-guest-workspace"

export const promoteGuestWorkspaceWorkflow = createWorkflow(
  "promote-guest-workspace",
  (input: PromoteGuestWorkspaceStepInput) => new WorkflowResponse(promoteGuestWorkspaceStep(input))
)
