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
