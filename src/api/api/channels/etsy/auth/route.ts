import type { MedusaResponse } from "@medusajs/framework/http"
import { CHANNELS_MODULE, type ChannelsModuleService } from "../../../../../modules/channels"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import type { EtsyAuthQuery } from "../../validators"

/**
 * GET /api/channels/etsy/auth -> 302 to Etsy's authorization page (owners). The URL carries the client id, the
 * scopes, a new single-use state (10 minutes) bound to this member, organization and PKCE verifier, and the
 * verifier's S256 challenge. `?format=json` answers `{url}` instead: a dashboard calling with its bearer token through
 * fetch cannot follow a cross-origin redirect, so it sends the browser there itself.
 */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const channels: ChannelsModuleService = req.scope.resolve(CHANNELS_MODULE)
  const { url } = await channels.startEtsyAuthorization({
    organizationId: req.organization.id,
    memberId: req.auth_context.actor_id,
    now: new Date(),
  })
  res.set("Cache-Control", "no-store")
  if ((req.validatedQuery as EtsyAuthQuery).format === "json") {
    res.json({ url })
    return
  }
  res.redirect(302, url)
}
