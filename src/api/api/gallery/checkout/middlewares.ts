import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../../../utils/validation"
import { CheckoutBody, ConfirmBody } from "./validators"

/** /api/gallery/checkout and /checkout/confirm: public (the cart session id is in the body); small JSON bodies. */
export const galleryCheckoutMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/gallery/checkout",
    methods: ["POST"],
    bodyParser: { sizeLimit: "32kb" },
    middlewares: [validateBody(CheckoutBody)],
  },
  {
    matcher: "/api/gallery/checkout/confirm",
    methods: ["POST"],
    bodyParser: { sizeLimit: "16kb" },
    middlewares: [validateBody(ConfirmBody)],
  },
]
