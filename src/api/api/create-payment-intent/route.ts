import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { parseReferralSessionId, REFERRAL_COOKIE } from "../../../lib/referral-window"
import { createStorePaymentIntentWorkflow } from "../../../workflows/store-checkout/workflows/create-store-payment-intent"
import type { CreatePaymentIntentBody } from "./validators"

/**
 * POST /api/create-payment-intent (spec 4.2; docs/store-checkout.md): an artist store's checkout. One destination
 * charge of the merchandise subtotal (prices from Medusa) and the artist's shipping to the organization's connected
 * account, with the plan's platform fee (on the merchandise) as `application_fee_amount` -> 200 `{clientSecret,
 * platformFee}`, and `shipping` when the artist has shipping rates. Public.
 *
 * 400 `{error, code, details}`: invalid body, a variant this store does not sell, an unpublished or archived product,
 * out of stock, a store that cannot take payments yet, no destination country for an artist with rates, a country the
 * artist does not ship to, a shipping option it does not offer there; 404 unknown organization. The shopper's gallery referral
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
      shippingOptionId: body.shipping_option_id,
      shippingAddress: body.shipping_address,
    },
  })
  res.json(result)
}
