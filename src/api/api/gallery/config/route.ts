import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../../../modules/payments"

/**
 * GET /api/gallery/config: what a storefront needs to know before it takes a payment. `payments.provider` is
 * `local` while the local sandbox gateway stands in for Stripe (the storefront then confirms the intent with a test
 * card through POST /api/sandbox/payment-intents/{id}/confirm) and `stripe` otherwise (Stripe.js confirms it). Public.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const payments: PaymentsModuleService = req.scope.resolve(PAYMENTS_MODULE)
  res.json({ payments: { provider: payments.provider } })
}
