import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../../../utils/validation"
import { ShippingQuoteBody } from "./quote/validators"

/** /api/gallery/shipping/quote: public (the cart session id is in the body, as checkout's); a small JSON body. */
export const galleryShippingMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/gallery/shipping/quote",
    methods: ["POST"],
    bodyParser: { sizeLimit: "32kb" },
    middlewares: [validateBody(ShippingQuoteBody)],
  },
]
