import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorBody } from "../../../lib/error-bodies"
import { type Channel, CHANNEL_MESSAGES } from "../../../lib/channels"
import { ChannelConflictError, ChannelProviderError } from "../../../modules/channels"

/**
 * A channel route's handler, with the channels module's errors answered: a conflict with the organization's
 * connections is 409 with its message; a marketplace that cannot be reached, fails, or answers what Atelier cannot
 * read is 502 naming the marketplace (logged as a warning: the cause is outside Atelier), not a 500.
 */
export function channelRoute<Req extends MedusaRequest>(
  channelOf: (req: Req) => Channel,
  handler: (req: Req, res: MedusaResponse) => Promise<void>
) {
  return async (req: Req, res: MedusaResponse): Promise<void> => {
    try {
      await handler(req, res)
    } catch (error) {
      if (error instanceof ChannelConflictError) {
        res.status(409).json(errorBody("application", 409, error.message))
        return
      }
      if (!(error instanceof ChannelProviderError)) throw error
      const channel = channelOf(req)
      req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(`Marketplace ${channel}: ${error.kind}: ${error.message}`)
      res.status(502).json(errorBody("application", 502, CHANNEL_MESSAGES.unavailable(channel)))
    }
  }
}
