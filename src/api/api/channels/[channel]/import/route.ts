import type { MedusaResponse } from "@medusajs/framework/http"
import { importChannelListings } from "../../../../../processes/channels/import-listings"
import type { Channel } from "../../../../../lib/channels"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import { channelRoute } from "../../channel-route"

/**
 * POST /api/channels/{channel}/import -> {channel, created, already_imported, products: [{listing_id, product_id,
 * title, created}]} (members). Each listing of the connected shop not imported before becomes a draft product (title,
 * description, USD price, images, quantity); importing again creates nothing twice. 409 when the channel is not
 * connected or its connection has expired.
 */
export const POST = channelRoute(
  (req) => req.params.channel as Channel,
  async (req: OrganizationScopedRequest, res: MedusaResponse) => {
    const result = await importChannelListings(req.scope, {
      organizationId: req.organization.id,
      channel: req.params.channel as Channel,
      now: new Date(),
    })
    res.json(result)
  }
)
