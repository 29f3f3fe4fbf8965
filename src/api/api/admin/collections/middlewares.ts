import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateAndTransformQuery } from "@medusajs/framework/http"
import { AdminListCollectionsQuery } from "./validators"

/** /api/admin/collections*: list filters (bodies are parsed in the routes, see validators.ts). */
export const adminCollectionsMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/admin/collections",
    methods: ["GET"],
    middlewares: [validateAndTransformQuery(AdminListCollectionsQuery, {})],
  },
]
