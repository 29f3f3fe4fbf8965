import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { parseReferralSessionId, REFERRAL_COOKIE } from "../../../../lib/referral-window"
import { PUBLIC_ID_TAKEN } from "../../../../modules/gallery/service"
import { createGalleryCheckoutWorkflow } from "../../../../workflows/gallery-checkout/workflows/create-gallery-checkout"
import type { CheckoutBody } from "./validators"

/** A random public id colliding with an existing one is rare; a fresh order (and intent) is tried this often. */
const MAX_ATTEMPTS = 3

/** The buyer's referral session (`gallery_ref` cookie, spec 4.6), kept on the order for attribution once paid. */
function referralSession(req: MedusaRequest): string | null {
  const cookies = (req as MedusaRequest & { cookies?: Record<string, unknown> }).cookies
  return parseReferralSessionId(cookies?.[REFERRAL_COOKIE])
}

/**
 * POST /api/gallery/checkout {sessionId, email, shippingOption, shippingAddress?} (spec 4.4).
 *
 * 400 Missing required fields | Invalid email address | Cart is empty | One or more products not found |
 * One or more products not gallery eligible | One or more products are out of stock (a quantity above the stock);
 * 500 Failed to create payment intent (nothing written). Hot path: two reads (cart, product views), the intent,
 * one insert statement; see createGalleryCheckoutWorkflow.
 */
export async function POST(req: MedusaRequest<CheckoutBody>, res: MedusaResponse) {
  const input = { request: req.validatedBody, referralSessionId: referralSession(req) }
  for (let attempt = 1; ; attempt++) {
    try {
      const { result } = await createGalleryCheckoutWorkflow(req.scope).run({ input })
      res.json(result)
      return
    } catch (error) {
      if ((error as { code?: string }).code === PUBLIC_ID_TAKEN && attempt < MAX_ATTEMPTS) continue
      throw error
    }
  }
}
