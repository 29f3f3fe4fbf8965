import type { MedusaResponse } from "@medusajs/framework/http"
import { CHANNELS_MODULE, type ChannelsModuleService } from "../../../../../modules/channels"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import { channelRoute } from "../../channel-route"
import type { ConnectGumroadBody } from "../../validators"

/**
 * POST /api/channels/gumroad/connect {access_token} -> {connection} (owners). The token is checked with Gumroad
 * (`GET /v2/user`) before it is stored, sealed: 400 `Gumroad refused this access token` and nothing stored when
 * Gumroad refuses it; 409 when that Gumroad account is connected to another organization. Connecting again replaces it.
 */
export const POST = channelRoute(
  () => "gumroad",
  async (req: OrganizationScopedRequest<ConnectGumroadBody>, res: MedusaResponse) => {
    const channels: ChannelsModuleService = req.scope.resolve(CHANNELS_MODULE)
    const connection = await channels.connectGumroad({
      organizationId: req.organization.id,
      memberId: req.auth_context.actor_id,
      accessToken: req.validatedBody.access_token,
      now: new Date(),
    })
    res.json({ connection })
  }
)
