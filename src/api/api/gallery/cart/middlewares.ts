import type { MiddlewareRoute } from "@medusajs/framework/http"

/**
 * /api/gallery/cart*: public (the cookie is the session). Bodies are validated in the routes themselves
 * (exact spec messages, hot path, see cart/validators.ts); they are tiny JSON objects, so the body limit is small.
 */
export const galleryCartMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/gallery/cart/*", methods: ["POST"], bodyParser: { sizeLimit: "16kb" } },
]
