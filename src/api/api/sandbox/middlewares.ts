import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../../modules/payments"

/** The sandbox exists only while the local payment gateway is active (no Stripe key): 404 otherwise. */
function sandboxOnly(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const payments: PaymentsModuleService = req.scope.resolve(PAYMENTS_MODULE)
  if (payments.provider !== "local") {
    res.status(404).json({ error: "Not found" })
    return
  }
  next()
}

/** /api/sandbox/*: what a customer's browser would do at the payment provider, for the local gateway. */
export const sandboxMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/sandbox*", middlewares: [sandboxOnly] },
  { matcher: "/api/sandbox/*", methods: ["POST"], bodyParser: { sizeLimit: "16kb" } },
]
