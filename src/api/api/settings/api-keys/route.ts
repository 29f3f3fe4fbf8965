import type { MedusaResponse } from "@medusajs/framework/http"
import { generateApiKey } from "../../../../lib/api-key"
import { normalizeScopes } from "../../../../lib/api-scopes"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../../../modules/platform"
import { createApiKeyWorkflow } from "../../../../workflows/platform/workflows/create-api-key"
import type { OrganizationScopedRequest } from "../../../utils/access"
import { API_KEY_VIEW_FIELDS, apiKeyView } from "./api-key-view"
import type { CreateApiKeyBody } from "./validators"

/** GET /api/settings/api-keys -> {api_keys} (newest first; revoked ones with their revoked_at). */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const platform: PlatformModuleService = req.scope.resolve(PLATFORM_MODULE)
  const keys = await platform.listPlatformApiKeys(
    { organization_id: req.organization.id },
    { select: [...API_KEY_VIEW_FIELDS], order: { created_at: "DESC", id: "DESC" }, take: null }
  )
  res.json({ api_keys: keys.map(apiKeyView) })
}

/** POST /api/settings/api-keys -> 201 {api_key, key}: the only time the key is shown. */
export async function POST(req: OrganizationScopedRequest<CreateApiKeyBody>, res: MedusaResponse) {
  const body = req.validatedBody as CreateApiKeyBody
  const generated = generateApiKey(body.environment)
  const { result } = await createApiKeyWorkflow(req.scope).run({
    input: {
      organization_id: req.organization.id,
      name: body.name,
      prefix: generated.prefix,
      hash: generated.hash,
      scopes: normalizeScopes(body.scopes),
      environment: body.environment,
    },
  })
  res.status(201).json({ api_key: apiKeyView(result), key: generated.key })
}
