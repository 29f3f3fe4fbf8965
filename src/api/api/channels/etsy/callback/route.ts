import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { OAUTH_STATE_MESSAGES } from "../../../../../lib/channel-oauth"
import { channelConnectedUrl, CHANNEL_MESSAGES } from "../../../../../lib/channels"
import { isGuestWorkspaceExpired } from "../../../../../lib/guest-workspace"
import { publicUrls } from "../../../../../lib/public-urls"
import { CHANNELS_MODULE, type ChannelsModuleService } from "../../../../../modules/channels"
import { findMemberships } from "../../../../../queries/memberships"
import { fieldError, sendAuthError } from "../../../../utils/error-response"
import { channelRoute } from "../../channel-route"
import type { EtsyCallbackQuery } from "../../validators"

/**
 * GET /api/channels/etsy/callback?code=&state= : where Etsy sends the owner's browser back. Public (no bearer token
 * can ride on a redirect): the state is the credential. It is claimed once, whatever happens next, and binds the
 * member and organization that started the authorization and the PKCE verifier. 400 for a missing, tampered,
 * reused or expired state, a missing code, or a code Etsy refuses; 403 when that member is no longer an owner of the
 * organization. Then the code is exchanged, the shop read and the sealed tokens stored; the browser is sent to
 * `{APP_URL}/settings/channels?channel=etsy&status=connected`.
 */
export const GET = channelRoute(
  () => "etsy",
  async (req: MedusaRequest, res: MedusaResponse) => {
    const query = req.validatedQuery as unknown as EtsyCallbackQuery
    const now = new Date()
    const channels: ChannelsModuleService = req.scope.resolve(CHANNELS_MODULE)
    const claim = await channels.claimOAuthState(query.state ?? undefined, now)
    if (claim.outcome !== "ok" || claim.authorization?.channel !== "etsy") {
      const outcome = claim.outcome === "ok" ? "invalid" : claim.outcome
      throw fieldError(MedusaError.Types.INVALID_DATA, OAUTH_STATE_MESSAGES[outcome], "state")
    }
    const { authorization } = claim

    const [membership] = await findMemberships(req.scope, authorization.memberId, authorization.organizationId, 1)
    const expired =
      membership &&
      isGuestWorkspaceExpired(
        { isGuest: membership.is_guest, expiresAt: membership.expires_at ? new Date(membership.expires_at) : null },
        now
      )
    if (!membership || membership.role !== "owner" || expired) return sendAuthError(res, 403, CHANNEL_MESSAGES.forbidden)

    if (!query.code && !query.error) throw fieldError(MedusaError.Types.INVALID_DATA, CHANNEL_MESSAGES.codeRequired, "code")
    // The callback's parameters as Etsy sent them: oauth4webapi checks them (state, error) before the exchange.
    const callback = new URLSearchParams()
    for (const key of ["state", "code", "error", "error_description"] as const) {
      const value = query[key]
      if (value) callback.set(key, value)
    }
    await channels.connectEtsy({ authorization, callback, now })
    res.set("Cache-Control", "no-store")
    res.redirect(302, channelConnectedUrl(publicUrls(process.env).appUrl, "etsy"))
  }
)
