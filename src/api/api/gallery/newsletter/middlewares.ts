import type { MiddlewareRoute } from "@medusajs/framework/http"

/**
 * /api/gallery/newsletter/*: public. Bodies are validated in the routes (exact spec messages, see
 * newsletter/validators.ts); they are tiny JSON objects, so the body limit is small.
 */
export const galleryNewsletterMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/gallery/newsletter/*", methods: ["POST"], bodyParser: { sizeLimit: "16kb" } },
]
