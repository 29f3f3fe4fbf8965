import type { MiddlewareRoute } from "@medusajs/framework/http"
import { ETSY_CALLBACK_PATH } from "../../lib/channel-environment"
import { requireDashboardMember, resolveOrganization } from "../utils/access"
import { validateBody, validateQuery } from "../utils/validation"
import { storeCartMiddlewares } from "./cart/middlewares"
import { channelMiddlewares } from "./channels/middlewares"
import { createPaymentIntentMiddlewares } from "./create-payment-intent/middlewares"
import { guestMiddlewares } from "./guest/middlewares"
import { CreateMemberBody, UpdateMemberBody } from "./members/validators"
import { productMiddlewares } from "./products/middlewares"
import { orderBookMiddlewares } from "./orders/middlewares"
import { CheckSlugQuery, CreateOrganizationBody, OrganizationContextQuery } from "./organizations/validators"
import { payoutMiddlewares } from "./payouts/middlewares"
import { campaignMiddlewares } from "./campaigns/middlewares"
import { segmentMiddlewares } from "./segments/middlewares"
import { apiKeyMiddlewares } from "./settings/api-keys/middlewares"
import { settingsMiddlewares } from "./settings/middlewares"
import { unsubscribeMiddlewares } from "./unsubscribe/middlewares"
import { webhookEndpointMiddlewares } from "./webhook-endpoints/middlewares"

/**
 * The creator-dashboard family: every /api route outside /api/gallery, /api/admin, /api/webhooks (signed by the
 * payment provider), /api/sandbox (the local gateway's stand-in for the customer's browser) and the public storefront
 * routes a shopper calls without an account (/api/cart/email, /api/create-payment-intent, /api/unsubscribe/{token}),
 * the Etsy OAuth callback (the browser comes back from Etsy without a token; its state is the credential,
 * docs/marketplace-channels.md), and the platform API's storefront variant /api/v1 (API keys, src/api/v1). Matched up
 * to the "/api" segment so that Express accepts it as a prefix, and in any case, as Express routes (src/lib/request-path.ts).
 */
export const DASHBOARD_ROUTES =
  /^\/api(?=\/(?!(?:gallery|admin|webhooks|sandbox|unsubscribe|cart\/email|create-payment-intent|channels\/etsy\/callback|v1)(?:[/?#]|$)))/i

/** The public storefront routes under /api (no member token): the paths DASHBOARD_ROUTES leaves out besides the families. */
export const PUBLIC_STOREFRONT_ROUTES = ["/api/cart/email", "/api/create-payment-intent", "/api/unsubscribe"] as const

/** OAuth callbacks under /api, reached by a browser redirect from the marketplace (no member token). */
export const PUBLIC_OAUTH_CALLBACK_ROUTES = [ETSY_CALLBACK_PATH] as const

/** /api/* creator-dashboard routes (members). */
export const applicationMiddlewares: MiddlewareRoute[] = [
  // ONE entry guards every route of the family, including any added later (registration excepted, see access.ts).
  { matcher: DASHBOARD_ROUTES, middlewares: [...requireDashboardMember()] },
  ...storeCartMiddlewares,
  ...createPaymentIntentMiddlewares,
  ...unsubscribeMiddlewares,
  ...apiKeyMiddlewares,
  { matcher: "/api/members", methods: ["POST"], middlewares: [validateBody(CreateMemberBody)] },
  { matcher: "/api/members/me", methods: ["PATCH"], middlewares: [validateBody(UpdateMemberBody)] },
  { matcher: "/api/organizations", methods: ["POST"], middlewares: [validateBody(CreateOrganizationBody)] },
  ...productMiddlewares,
  { matcher: "/api/organizations/check-slug", methods: ["GET"], middlewares: [validateQuery(CheckSlugQuery)] },
  {
    matcher: "/api/guest/status",
    methods: ["GET"],
    middlewares: [validateQuery(OrganizationContextQuery), resolveOrganization()],
  },
  ...orderBookMiddlewares,
  ...guestMiddlewares,
  ...settingsMiddlewares,
  ...payoutMiddlewares,
  ...segmentMiddlewares,
  ...campaignMiddlewares,
  ...channelMiddlewares,
  ...webhookEndpointMiddlewares,
]
