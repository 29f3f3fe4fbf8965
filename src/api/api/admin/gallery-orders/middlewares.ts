import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateQuery } from "../../../utils/validation"
import { AdminListGalleryOrdersQuery } from "./validators"

/**
 * /api/admin/gallery-orders*: administrators only (the `/api/admin*` entry before this one). The cancellation takes
 * no body; a small limit keeps it cheap.
 */
export const adminGalleryOrdersMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/admin/gallery-orders", methods: ["GET"], middlewares: [validateQuery(AdminListGalleryOrdersQuery)] },
  { matcher: "/api/admin/gallery-orders/:id/cancel", methods: ["POST"], bodyParser: { sizeLimit: "4kb" } },
]
