import type { MiddlewareRoute } from "@medusajs/framework/http"
import { requireDashboardMember, resolveOrganization } from "../utils/access"
import { validateBody, validateQuery } from "../utils/validation"
import { storeCartMiddlewares } from "./cart/middlewares"
import { channelMiddlewares } from "./channels/middlewares"
import { createPaymentIntentMiddlewares } from "./create-payment-intent/middlewares"
import { guestMiddlewares } from "./guest/middlewares"
import { CreateMemberBody, UpdateMemberBody } from "./members/validators"
import { productMiddlewares } from "./products/middlewares"
import { DASHBOARD_PUBLIC_ROUTES, DASHBOARD_ROUTES } from "./route-families"
import { orderBookMiddlewares } from "./orders/middlewares"
import { CheckSlugQuery, CreateOrganizationBody, OrganizationContextQuery } from "./organizations/validators"
import { payoutMiddlewares } from "./payouts/middlewares"
import { campaignMiddlewares } from "./campaigns/middlewares"
import { segmentMiddlewares } from "./segments/middlewares"
import { apiKeyMiddlewares } from "./settings/api-keys/middlewares"
import { settingsMiddlewares } from "./settings/middlewares"
import { shippingMiddlewares } from "./shipping-rates/middlewares"
import { unsubscribeMiddlewares } from "./unsubscribe/middlewares"
import { uploadMiddlewares } from "./uploads/middlewares"
import { webhookEndpointMiddlewares } from "./webhook-endpoints/middlewares"

/** /api/* creator-dashboard routes (members). */
export const applicationMiddlewares: MiddlewareRoute[] = [
  // ONE entry guards every route of the family, including any added later (registration excepted, see access.ts).
  { matcher: DASHBOARD_ROUTES, middlewares: [...requireDashboardMember({ publicRoutes: DASHBOARD_PUBLIC_ROUTES })] },
  ...storeCartMiddlewares,
  ...createPaymentIntentMiddlewares,
  ...unsubscribeMiddlewares,
  ...apiKeyMiddlewares,
  { matcher: "/api/members", methods: ["POST"], middlewares: [validateBody(CreateMemberBody)] },
  { matcher: "/api/members/me", methods: ["PATCH"], middlewares: [validateBody(UpdateMemberBody)] },
  { matcher: "/api/organizations", methods: ["POST"], middlewares: [validateBody(CreateOrganizationBody)] },
  ...productMiddlewares,
  ...uploadMiddlewares,
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
  ...shippingMiddlewares,
]
