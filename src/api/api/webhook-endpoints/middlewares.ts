import type { MiddlewareRoute } from "@medusajs/framework/http"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../../modules/platform"
import { requireOwner, resolveObjectOrganization, resolveOrganization } from "../../utils/access"
import { validateBody, validateQuery } from "../../utils/validation"
import { OrganizationContextQuery } from "../organizations/validators"
import {
  CreateWebhookEndpointBody,
  ListDeliveriesQuery,
  UpdateWebhookEndpointBody,
  WEBHOOK_ENDPOINT_MESSAGES,
} from "./validators"

const ownersOnly = requireOwner(WEBHOOK_ENDPOINT_MESSAGES.ownersOnly)

/** The organization of the endpoint named by the path: 404 unknown (or deleted), 403 another organization's. */
const endpointOrganization = resolveObjectOrganization(
  async (req, id) => {
    const platform: PlatformModuleService = req.scope.resolve(PLATFORM_MODULE)
    const [endpoint] = await platform.listWebhookEndpoints({ id }, { take: 1, select: ["id", "organization_id"] })
    return endpoint?.organization_id
  },
  { notFound: WEBHOOK_ENDPOINT_MESSAGES.notFound, forbidden: WEBHOOK_ENDPOINT_MESSAGES.forbidden }
)

/**
 * /api/webhook-endpoints: the organization's outbound webhook endpoints, their delivery log and redelivery
 * (docs/outbound-webhooks.md). Owners only, like API keys: an endpoint receives the organization's orders and
 * customers' details, and its secret is a credential (the member token is checked by the family's guard).
 */
export const webhookEndpointMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/webhook-endpoints",
    methods: ["GET"],
    middlewares: [validateQuery(OrganizationContextQuery), resolveOrganization(), ownersOnly],
  },
  {
    matcher: "/api/webhook-endpoints",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [validateBody(CreateWebhookEndpointBody), resolveOrganization(), ownersOnly],
  },
  {
    matcher: "/api/webhook-endpoints/:id",
    methods: ["GET", "DELETE"],
    middlewares: [validateQuery(OrganizationContextQuery), endpointOrganization, ownersOnly],
  },
  {
    matcher: "/api/webhook-endpoints/:id",
    methods: ["PATCH", "PUT"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [validateBody(UpdateWebhookEndpointBody), endpointOrganization, ownersOnly],
  },
  {
    matcher: "/api/webhook-endpoints/:id/deliveries",
    methods: ["GET"],
    middlewares: [validateQuery(ListDeliveriesQuery), endpointOrganization, ownersOnly],
  },
  {
    matcher: "/api/webhook-endpoints/:id/deliveries/:deliveryId/redeliver",
    methods: ["POST"],
    middlewares: [validateBody(OrganizationContextQuery), endpointOrganization, ownersOnly],
  },
]
