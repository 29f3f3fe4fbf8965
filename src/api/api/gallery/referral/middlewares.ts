import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../../../utils/validation"
import { TrackReferralBody } from "./validators"

/** /api/gallery/referral/*: public (the `gallery_ref` cookie is the anonymous session); tiny JSON bodies. */
export const galleryReferralMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/gallery/referral/*", methods: ["POST"], bodyParser: { sizeLimit: "16kb" } },
  { matcher: "/api/gallery/referral/track", methods: ["POST"], middlewares: [validateBody(TrackReferralBody)] },
]
