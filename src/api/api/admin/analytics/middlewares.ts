import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateQuery } from "../../../utils/validation"
import { AdminAnalyticsQuery } from "./validators"

/** /api/admin/analytics (administrators: checked by the /api/admin* entry before this one). */
export const adminAnalyticsMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/admin/analytics",
    methods: ["GET"],
    middlewares: [validateQuery(AdminAnalyticsQuery)],
  },
]
