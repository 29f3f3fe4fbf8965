import { z } from "@medusajs/framework/zod"
import { CHECKOUT_MESSAGES } from "../../../../../lib/gallery-checkout"
import { text } from "../../../../utils/validation"
import { CountryCode, MAX_SESSION_ID_LENGTH, perArtist, ShippingMethodId } from "../../checkout/validators"

/**
 * POST /api/gallery/shipping/quote `{sessionId, country?, countries?, shippingMethods?}` (docs/shipping.md): the cart
 * session as checkout takes it; `country` for every artist (single_address) or `countries {orgId: country}`
 * (per_artist); `shippingMethods` as checkout's, to price the shopper's choice.
 */
export const ShippingQuoteBody = z.object({
  sessionId: text(MAX_SESSION_ID_LENGTH, CHECKOUT_MESSAGES.missingFields),
  country: CountryCode.optional(),
  countries: perArtist(CountryCode, "countries"),
  shippingMethods: perArtist(ShippingMethodId, "shippingMethods"),
})
export type ShippingQuoteBody = z.output<typeof ShippingQuoteBody>
