import type { MiddlewareRoute } from "@medusajs/framework/http"
import { SHIPPING_RATE_MESSAGES } from "../../../lib/shipping-rates"
import { requireOwner, resolveOrganization } from "../../utils/access"
import { validateBody, validateQuery } from "../../utils/validation"
import { OrganizationContextQuery } from "../organizations/validators"
import { ShippingOriginBody } from "../shipping-origin/validators"
import { CreateShippingRateBody, UpdateShippingRateBody } from "./validators"

const ownersOnly = requireOwner(SHIPPING_RATE_MESSAGES.ownersOnly)
const BODY_LIMIT = { sizeLimit: "16kb" }

/**
 * /api/shipping-rates and /api/shipping-origin (docs/shipping.md): any member of the organization reads them, only
 * its owners write (403 for a plain member). They act for org_id / X-Organization-ID / the member's only
 * organization; a rate of another organization is not found (404). The member token is checked by the family's guard.
 */
export const shippingMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/shipping-rates",
    methods: ["GET"],
    middlewares: [validateQuery(OrganizationContextQuery), resolveOrganization()],
  },
  {
    matcher: "/api/shipping-rates",
    methods: ["POST"],
    bodyParser: BODY_LIMIT,
    middlewares: [validateBody(CreateShippingRateBody), resolveOrganization(), ownersOnly],
  },
  {
    matcher: "/api/shipping-rates/:id",
    methods: ["GET"],
    middlewares: [validateQuery(OrganizationContextQuery), resolveOrganization()],
  },
  {
    matcher: "/api/shipping-rates/:id",
    methods: ["DELETE"],
    middlewares: [validateQuery(OrganizationContextQuery), resolveOrganization(), ownersOnly],
  },
  {
    matcher: "/api/shipping-rates/:id",
    methods: ["PUT", "PATCH"],
    bodyParser: BODY_LIMIT,
    middlewares: [validateBody(UpdateShippingRateBody), resolveOrganization(), ownersOnly],
  },
  {
    matcher: "/api/shipping-origin",
    methods: ["GET"],
    middlewares: [validateQuery(OrganizationContextQuery), resolveOrganization()],
  },
  {
    matcher: "/api/shipping-origin",
    methods: ["PUT"],
    bodyParser: BODY_LIMIT,
    middlewares: [validateBody(ShippingOriginBody), resolveOrganization(), ownersOnly],
  },
]
