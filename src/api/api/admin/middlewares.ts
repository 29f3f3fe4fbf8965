import type { MiddlewareRoute } from "@medusajs/framework/http"
import { requireAdmin } from "../../utils/access"
import { validateBody, validateQuery } from "../../utils/validation"
import { adminAnalyticsMiddlewares } from "./analytics/middlewares"
import { adminCollectionsMiddlewares } from "./collections/middlewares"
import { adminGalleryOrdersMiddlewares } from "./gallery-orders/middlewares"
import { AdminListOrganizationsQuery, AdminUpdateOrganizationBody } from "./organizations/validators"
import { adminSpotlightsMiddlewares } from "./spotlights/middlewares"
import { RefundBody } from "../orders/[id]/refunds/validators"
import { AdminListDisputesQuery } from "./disputes/validators"
import { AdminReconciliationQuery } from "./reconciliation/validators"

/** /api/admin/*: gallery administrators only: ONE entry guards every route of the family, including later ones. */
export const adminApiMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/admin*", middlewares: [...requireAdmin()] },
  ...adminAnalyticsMiddlewares,
  ...adminGalleryOrdersMiddlewares,
  { matcher: "/api/admin/disputes", methods: ["GET"], middlewares: [validateQuery(AdminListDisputesQuery)] },
  { matcher: "/api/admin/reconciliation", methods: ["GET"], middlewares: [validateQuery(AdminReconciliationQuery)] },
  {
    matcher: "/api/admin/organizations",
    methods: ["GET"],
    middlewares: [validateQuery(AdminListOrganizationsQuery)],
  },
  {
    matcher: "/api/admin/organizations/:id",
    methods: ["PATCH"],
    middlewares: [validateBody(AdminUpdateOrganizationBody)],
  },
  {
    matcher: "/api/admin/orders/:id/refunds",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [validateBody(RefundBody)],
  },
  ...adminCollectionsMiddlewares,
  ...adminSpotlightsMiddlewares,
]
