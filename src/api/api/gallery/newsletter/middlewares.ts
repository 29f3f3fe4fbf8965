import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../../../utils/validation"
import { SubscribeBody, UnsubscribeBody } from "./validators"

/** /api/gallery/newsletter/*: public; tiny JSON bodies, so the body limit is small. */
export const galleryNewsletterMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/gallery/newsletter/*", methods: ["POST"], bodyParser: { sizeLimit: "16kb" } },
  { matcher: "/api/gallery/newsletter/subscribe", methods: ["POST"], middlewares: [validateBody(SubscribeBody)] },
  { matcher: "/api/gallery/newsletter/unsubscribe", methods: ["POST"], middlewares: [validateBody(UnsubscribeBody)] },
]
