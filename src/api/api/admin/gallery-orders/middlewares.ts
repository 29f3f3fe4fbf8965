import type { MiddlewareRoute } from "@medusajs/framework/http"

/**
 * /api/admin/gallery-orders*: administrators only (the `/api/admin*` entry before this one). The cancellation takes
 * no body; a small limit keeps it cheap.
 */
export const adminGalleryOrdersMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/admin/gallery-orders/:id/cancel", methods: ["POST"], bodyParser: { sizeLimit: "4kb" } },
]
