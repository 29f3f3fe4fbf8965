import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ETSY_CALLBACK_PATH } from "../../../lib/channel-environment"
import { errorBody } from "../../../lib/error-bodies"
import { type Channel, CHANNEL_MESSAGES, isChannel } from "../../../lib/channels"
import { CHANNELS_MODULE, type ChannelsModuleService } from "../../../modules/channels"
import { requireOwner, resolveOrganization } from "../../utils/access"
import { validateBody, validateQuery } from "../../utils/validation"
import { ChannelOrganizationQuery, ConnectGumroadBody, EtsyAuthQuery, EtsyCallbackQuery, ImportChannelBody } from "./validators"

type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => void

/** Connecting and disconnecting bind the organization to an outside account and its credentials: owners only. */
const ownersOnly = requireOwner(CHANNEL_MESSAGES.ownersOnly)

/** `{channel}` of the path: 404 for a marketplace Atelier does not support. */
const knownChannel: Middleware = (req, _res, next) => {
  const channel = req.params.channel
  if (isChannel(channel)) return next()
  next(new MedusaError(MedusaError.Types.NOT_FOUND, CHANNEL_MESSAGES.unknownChannel(String(channel).slice(0, 50))))
}

/**
 * 503 while the server lacks the marketplace's app credentials (Etsy): the artist reads that it is not available
 * yet, the server's log names the variables to set.
 */
function configured(channelOf: (req: MedusaRequest) => Channel): Middleware {
  return (req, res, next) => {
    const channel = channelOf(req)
    const channels: ChannelsModuleService = req.scope.resolve(CHANNELS_MODULE)
    if (channels.isConfigured(channel)) return next()
    req.scope.resolve<{ warn: (message: string) => void }>("logger").warn(CHANNEL_MESSAGES.etsyNotConfiguredLog)
    res.status(503).json(errorBody("application", 503, CHANNEL_MESSAGES.etsyNotConfigured))
  }
}
const etsyConfigured = configured(() => "etsy")
const pathChannelConfigured = configured((req) => req.params.channel as Channel)

/**
 * /api/channels* (docs/marketplace-channels.md). The dashboard family's guard (a member token) covers every route but
 * the Etsy callback, which src/api/api/middlewares.ts leaves public: its state binds the member and organization that
 * started the authorization. Listing and importing are open to every member of the organization (members manage
 * products); starting an Etsy authorization, connecting Gumroad and disconnecting are for owners.
 */
export const channelMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/channels",
    methods: ["GET"],
    middlewares: [validateQuery(ChannelOrganizationQuery), resolveOrganization()],
  },
  {
    matcher: "/api/channels/etsy/auth",
    methods: ["GET"],
    middlewares: [validateQuery(EtsyAuthQuery), resolveOrganization(), ownersOnly, etsyConfigured],
  },
  { matcher: ETSY_CALLBACK_PATH, methods: ["GET"], middlewares: [validateQuery(EtsyCallbackQuery), etsyConfigured] },
  {
    matcher: "/api/channels/gumroad/connect",
    methods: ["POST"],
    bodyParser: { sizeLimit: "4kb" },
    middlewares: [validateBody(ConnectGumroadBody), resolveOrganization(), ownersOnly],
  },
  {
    matcher: "/api/channels/:channel/disconnect",
    methods: ["DELETE"],
    middlewares: [validateQuery(ChannelOrganizationQuery), knownChannel, resolveOrganization(), ownersOnly],
  },
  {
    matcher: "/api/channels/:channel/import",
    methods: ["POST"],
    bodyParser: { sizeLimit: "4kb" },
    middlewares: [validateBody(ImportChannelBody), knownChannel, resolveOrganization(), pathChannelConfigured],
  },
]
