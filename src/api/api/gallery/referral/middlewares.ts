import type { MiddlewareRoute } from "@medusajs/framework/http"

/**
 * /api/gallery/referral/*: public (the `gallery_ref` cookie is the anonymous session). Bodies are validated in the
 * routes (exact spec messages, see referral/validators.ts); they are tiny JSON objects, so the body limit is small.
 */
export const galleryReferralMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/gallery/referral/*", methods: ["POST"], bodyParser: { sizeLimit: "16kb" } },
]
