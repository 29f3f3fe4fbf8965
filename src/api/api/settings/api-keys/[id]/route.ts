import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../../../../modules/platform"
import { apiKeyCache } from "../../../../utils/api-key-cache"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import { API_KEY_MESSAGES } from "../validators"

/**
 * DELETE /api/settings/api-keys/{id}: revokes the key at once (idempotent: a second call answers the first
 * revocation). This process forgets it now; the others' caches expire within half a second.
 */
export async function DELETE(req: OrganizationScopedRequest, res: MedusaResponse) {
  const platform: PlatformModuleService = req.scope.resolve(PLATFORM_MODULE)
  const revoked = await platform.revokeApiKey(req.organization.id, req.params.id, new Date())
  if (!revoked) throw new MedusaError(MedusaError.Types.NOT_FOUND, API_KEY_MESSAGES.notFound)
  apiKeyCache.forget(revoked.hash)
  res.json({ id: revoked.id, object: "api_key", deleted: true, revoked_at: revoked.revoked_at })
}
