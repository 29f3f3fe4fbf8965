import type { MedusaResponse } from "@medusajs/framework/http"
import { CHANNELS_MODULE, type ChannelsModuleService } from "../../../modules/channels"
import type { OrganizationScopedRequest } from "../../utils/access"

/**
 * GET /api/channels -> {connections: [{channel, status, shop_id, shop_name, connected_at, disconnected_at}]}: one entry
 * per supported marketplace (status connected | expired | disconnected | not_connected). Never a token.
 */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const channels: ChannelsModuleService = req.scope.resolve(CHANNELS_MODULE)
  res.json({ connections: await channels.listConnections(req.organization.id) })
}
