import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorBody } from "../../../lib/error-bodies"
import { type Channel, CHANNEL_MESSAGES } from "../../../lib/channels"
import { ChannelProviderError } from "../../../modules/channels"

/**
 * A route that calls a marketplace: when the marketplace cannot be reached, fails, or answers what Atelier cannot
 * read, the caller gets 502 naming the marketplace (logged as a warning: the cause is outside Atelier), not a 500.
 */
export function callingMarketplace<Req extends MedusaRequest>(
  channelOf: (req: Req) => Channel,
  handler: (req: Req, res: MedusaResponse) => Promise<void>
) {
  return async (req: Req, res: MedusaResponse): Promise<void> => {
    try {
      await handler(req, res)
    } catch (error) {
      if (!(error instanceof ChannelProviderError)) throw error
      const channel = channelOf(req)
      req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(`Marketplace ${channel}: ${error.kind}: ${error.message}`)
      res.status(502).json(errorBody("application", 502, CHANNEL_MESSAGES.unavailable(channel)))
    }
  }
}
