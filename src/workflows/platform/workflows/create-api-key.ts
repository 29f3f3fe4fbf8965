import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createApiKeyStep, type CreateApiKeyStepInput } from "../steps/create-api-key"
import { ensureSandboxOrganizationStep } from "../steps/ensure-sandbox-organization"

export type CreateApiKeyWorkflowInput = Omit<CreateApiKeyStepInput, "data_organization_id">

/**
 * A platform API key of an organization. A sandbox key acts on the organization's sandbox, created with the first
 * sandbox key; a failure after that creation removes the sandbox again.
 */
export const createApiKeyWorkflow = createWorkflow("create-platform-api-key", (input: CreateApiKeyWorkflowInput) => {
  const sandbox = when({ input }, ({ input }) => input.environment === "sandbox").then(() =>
    ensureSandboxOrganizationStep({ organization_id: input.organization_id })
  )
  const keyInput = transform({ input, sandbox }, ({ input, sandbox }) => ({
    ...input,
    data_organization_id: sandbox?.sandbox_organization_id ?? input.organization_id,
  }))
  return new WorkflowResponse(createApiKeyStep(keyInput))
})
