import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody, validateQuery } from "../../../utils/validation"
import { CartAddBody, CartQuery, CartRemoveBody, CartUpdateBody } from "./validators"

/** /api/gallery/cart*: public (the cookie is the session). Bodies are tiny JSON objects, so the limit is small. */
export const galleryCartMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/gallery/cart", methods: ["GET"], middlewares: [validateQuery(CartQuery)] },
  { matcher: "/api/gallery/cart/*", methods: ["POST"], bodyParser: { sizeLimit: "16kb" } },
  { matcher: "/api/gallery/cart/add", methods: ["POST"], middlewares: [validateBody(CartAddBody)] },
  { matcher: "/api/gallery/cart/update", methods: ["POST"], middlewares: [validateBody(CartUpdateBody)] },
  { matcher: "/api/gallery/cart/remove", methods: ["POST"], middlewares: [validateBody(CartRemoveBody)] },
]
