import type { MiddlewareRoute } from "@medusajs/framework/http"

/** /api/gallery/orders/{publicId}[/addresses]: public, the public id is the credential. */
export const galleryOrdersMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/gallery/orders/:publicId/addresses", methods: ["POST"], bodyParser: { sizeLimit: "16kb" } },
]
