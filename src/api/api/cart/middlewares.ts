import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../../utils/validation"
import { CartEmailBody } from "./validators"

/** /api/cart/email: public (a storefront's shopper), a small JSON body. */
export const storeCartMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/cart/email", methods: ["POST"], bodyParser: { sizeLimit: "64kb" }, middlewares: [validateBody(CartEmailBody)] },
]
