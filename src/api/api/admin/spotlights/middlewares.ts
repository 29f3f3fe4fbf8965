import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateAndTransformQuery } from "@medusajs/framework/http"
import { AdminListSpotlightsQuery } from "./validators"

/** /api/admin/spotlights*: list filters (bodies are parsed in the routes, see validators.ts). */
export const adminSpotlightsMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/admin/spotlights",
    methods: ["GET"],
    middlewares: [validateAndTransformQuery(AdminListSpotlightsQuery, {})],
  },
]
