import type { MedusaResponse } from "@medusajs/framework/http"
import type { Channel } from "../../../../../lib/channels"
import { CHANNELS_MODULE, type ChannelsModuleService } from "../../../../../modules/channels"
import type { OrganizationScopedRequest } from "../../../../utils/access"

/**
 * DELETE /api/channels/{channel}/disconnect -> {connection, revocation} (owners). The tokens are forgotten (nothing
 * of them stays in the database), then revoked where the marketplace allows it: `revoked`, `failed` (revoke it in the
 * marketplace's settings), `not_supported` (Etsy has no revocation endpoint), `none` (nothing was stored). Idempotent.
 */
export async function DELETE(req: OrganizationScopedRequest, res: MedusaResponse) {
  const channels: ChannelsModuleService = req.scope.resolve(CHANNELS_MODULE)
  const result = await channels.disconnect({
    organizationId: req.organization.id,
    channel: req.params.channel as Channel,
    now: new Date(),
  })
  res.json(result)
}
