import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  saveOrganizationSettingsStep,
  type SaveOrganizationSettingsStepInput,
} from "../steps/save-organization-settings"

/** An owner's change to the organization's settings (only the fields given change). */
export const updateOrganizationSettingsWorkflow = createWorkflow(
  "update-organization-settings",
  (input: SaveOrganizationSettingsStepInput) => new WorkflowResponse(saveOrganizationSettingsStep(input))
)
