import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { validateAndTransformQuery } from "@medusajs/framework/http"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../../modules/payments"
import { SandboxTransfersQuery } from "./transfers/validators"

/**
 * The sandbox exists only while the local payment gateway is active (no Stripe key). Under another provider its
 * routes are not there at all: `next("router")` leaves Express's router, so the request ends in the same 404 as a
 * path that was never registered, before any sandbox middleware or handler runs.
 */
function sandboxOnly(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const payments: PaymentsModuleService = req.scope.resolve(PAYMENTS_MODULE)
  if (payments.provider !== "local") {
    next("router")
    return
  }
  next()
}

/** /api/sandbox/*: what a customer's browser (or Stripe's API) would do at the payment provider, for the local gateway. */
export const sandboxMiddlewares: MiddlewareRoute[] = [
  { matcher: "/api/sandbox*", middlewares: [sandboxOnly] },
  { matcher: "/api/sandbox/*", methods: ["POST"], bodyParser: { sizeLimit: "16kb" } },
  {
    matcher: "/api/sandbox/transfers",
    methods: ["GET"],
    middlewares: [validateAndTransformQuery(SandboxTransfersQuery, {})],
  },
]
