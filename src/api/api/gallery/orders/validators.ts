import { RETURN_MESSAGES } from "../../../../lib/returns"
import { z } from "@medusajs/framework/zod"
import { CHECKOUT_MESSAGES } from "../../../../lib/gallery-checkout"
import { text } from "../../../utils/validation"
import { MAX_EMAIL_LENGTH, ShippingAddressBody, toShippingAddress } from "../checkout/validators"

/**
 * POST /api/gallery/orders/{publicId}/addresses `{orgId, shippingAddress, email}`. orgId and a complete address are
 * required (400 Missing required fields). The email is the order's second key: a missing, blank or over-long one
 * is read as null, which the route answers exactly like a wrong one (404 Order not found).
 */
export const ArtistAddressBody = z.object({
  orgId: text(100, CHECKOUT_MESSAGES.missingFields),
  shippingAddress: ShippingAddressBody.transform(toShippingAddress),
  email: z
    .unknown()
    .transform((value) =>
      typeof value === "string" && value.trim() && value.length <= MAX_EMAIL_LENGTH ? value : null
    ),
})
export type ArtistAddressBody = z.output<typeof ArtistAddressBody>

/**
 * POST /api/gallery/orders/{publicId}/returns (docs/returns.md): the artist (`orgId`) whose items go back, the items by
 * product with quantities, a reason, and the order's email as the proof of being the buyer (read like the addresses
 * route's: a missing or wrong one is 404 Order not found).
 */
export const ReturnRequestBody = z.object({
  orgId: text(100, RETURN_MESSAGES.orgIdRequired),
  items: z
    .array(
      z.object(
        {
          productId: text(100, RETURN_MESSAGES.itemsInvalid),
          quantity: z.number({ error: RETURN_MESSAGES.itemsInvalid }).int(RETURN_MESSAGES.itemsInvalid).min(1, RETURN_MESSAGES.itemsInvalid).max(99, RETURN_MESSAGES.itemsInvalid),
        },
        { error: RETURN_MESSAGES.itemsInvalid }
      ),
      { error: RETURN_MESSAGES.itemsInvalid }
    )
    .min(1, RETURN_MESSAGES.itemsInvalid)
    .max(100, RETURN_MESSAGES.itemsInvalid),
  reason: text(500, { invalid: RETURN_MESSAGES.reasonRequired, tooLong: RETURN_MESSAGES.reasonTooLong }),
  email: z
    .unknown()
    .transform((value) => (typeof value === "string" && value.trim() && value.length <= MAX_EMAIL_LENGTH ? value : null)),
})
export type ReturnRequestBody = z.output<typeof ReturnRequestBody>
