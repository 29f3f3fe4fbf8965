import type { MiddlewareRoute } from "@medusajs/framework/http"

/**
 * /api/gallery/checkout and /checkout/confirm: public (the cart session id is in the body). Bodies are validated in
 * the routes (the spec's exact messages); they are small JSON objects.
 */
export const galleryCheckoutMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/gallery/checkout", methods: ["POST"], bodyParser: { sizeLimit: "32kb" } },
  { matcher: "/api/gallery/checkout/confirm", methods: ["POST"], bodyParser: { sizeLimit: "16kb" } },
]
