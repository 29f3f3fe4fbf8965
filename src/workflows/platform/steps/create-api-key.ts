import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ApiKeyEnvironment } from "../../../lib/api-key"
import type { ApiScope } from "../../../lib/api-scopes"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../../modules/platform"

export type CreateApiKeyStepInput = {
  organization_id: string
  data_organization_id: string
  name: string
  /** The key's first characters and its SHA-256: the key itself never enters a workflow. */
  prefix: string
  hash: string
  scopes: ApiScope[]
  environment: ApiKeyEnvironment
}

export const createApiKeyStep = createStep(
  "create-platform-api-key",
  async (input: CreateApiKeyStepInput, { container }) => {
    const platform: PlatformModuleService = container.resolve(PLATFORM_MODULE)
    const key = await platform.createPlatformApiKeys(input)
    return new StepResponse(key, key.id)
  },
  async (id, { container }) => {
    if (!id) return
    const platform: PlatformModuleService = container.resolve(PLATFORM_MODULE)
    await platform.deletePlatformApiKeys(id)
  }
)
