import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { requireAdmin } from "../../utils/access"
import { adminAnalyticsMiddlewares } from "./analytics/middlewares"
import { adminCollectionsMiddlewares } from "./collections/middlewares"
import { adminGalleryOrdersMiddlewares } from "./gallery-orders/middlewares"
import { AdminListOrganizationsQuery, AdminUpdateOrganizationBody } from "./organizations/validators"
import { adminSpotlightsMiddlewares } from "./spotlights/middlewares"

/** /api/admin/*: gallery administrators only. */
export const adminApiMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/admin*", middlewares: [...requireAdmin()] },
  ...adminAnalyticsMiddlewares,
  ...adminGalleryOrdersMiddlewares,
  {
    matcher: "/api/admin/organizations",
    methods: ["GET"],
    middlewares: [validateAndTransformQuery(AdminListOrganizationsQuery, {})],
  },
  {
    matcher: "/api/admin/organizations/:id",
    methods: ["PATCH"],
    middlewares: [validateAndTransformBody(AdminUpdateOrganizationBody)],
  },
  ...adminCollectionsMiddlewares,
  ...adminSpotlightsMiddlewares,
]
