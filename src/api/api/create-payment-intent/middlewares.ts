import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../../utils/validation"
import { CreatePaymentIntentBody } from "./validators"

/** /api/create-payment-intent: public (a storefront's shopper has no account; CORS per APP_CORS), a small JSON body. */
export const createPaymentIntentMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/create-payment-intent",
    methods: ["POST"],
    bodyParser: { sizeLimit: "64kb" },
    middlewares: [validateBody(CreatePaymentIntentBody)],
  },
]
