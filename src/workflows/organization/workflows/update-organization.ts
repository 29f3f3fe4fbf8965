import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { updateOrganizationStep, type UpdateOrganizationStepInput } from "../steps/update-organization"

export const updateOrganizationWorkflow = createWorkflow(
  "update-organization",
  (input: UpdateOrganizationStepInput) => new WorkflowResponse(updateOrganizationStep(input))
)
