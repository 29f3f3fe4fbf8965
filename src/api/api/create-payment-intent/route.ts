import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { parseReferralSessionId, REFERRAL_COOKIE } from "../../../lib/referral-window"
import { createStorePaymentIntentWorkflow } from "../../../workflows/store-checkout/workflows/create-store-payment-intent"
import type { CreatePaymentIntentBody } from "./validators"

/**
 * POST /api/create-payment-intent (spec 4.2; docs/store-checkout.md): an artist store's checkout. One destination
 * charge of the merchandise subtotal (prices from Medusa) to the organization's connected account, with the plan's
 * platform fee as `application_fee_amount` -> 200 `{clientSecret, platformFee}`. Public.
 *
 * 400 `{error, code, details}`: invalid body, a variant this store does not sell, an unpublished or archived product,
 * out of stock, a store that cannot take payments yet; 404 unknown organization. The shopper's gallery referral
 * (`gallery_ref` cookie, else `referral_session_id`) is remembered and credited when the payment succeeds.
 */
export async function POST(req: MedusaRequest<CreatePaymentIntentBody>, res: MedusaResponse) {
  const body = req.validatedBody
  const cookies = (req as MedusaRequest & { cookies?: Record<string, unknown> }).cookies
  const referralSessionId = parseReferralSessionId(cookies?.[REFERRAL_COOKIE]) ?? parseReferralSessionId(body.referral_session_id)
  const { result } = await createStorePaymentIntentWorkflow(req.scope).run({
    input: {
      organizationId: body.org_id,
      lines: body.items,
      customerEmail: body.customer_email,
      referralSessionId,
    },
  })
  res.json(result)
}
