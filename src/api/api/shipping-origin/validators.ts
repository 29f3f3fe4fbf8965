import { z } from "@medusajs/framework/zod"
import { isCountryCode, ORIGIN_TEXT_MAX, SHIPPING_RATE_MESSAGES } from "../../../lib/shipping-rates"
import { optionalText, text } from "../../utils/validation"

const field = (name: string) => optionalText(ORIGIN_TEXT_MAX, SHIPPING_RATE_MESSAGES.originInvalid(name))

/**
 * PUT /api/shipping-origin (docs/shipping.md): the address the organization ships from, whole (address_1 and an ISO
 * 3166-1 alpha-2 country_code required; the others optional, null or blank for none).
 */
export const ShippingOriginBody = z.object({
  org_id: optionalText(100, "org_id must be a string of at most 100 characters"),
  address_1: text(ORIGIN_TEXT_MAX, SHIPPING_RATE_MESSAGES.originAddressRequired),
  address_2: field("address_2"),
  city: field("city"),
  province: field("province"),
  postal_code: field("postal_code"),
  country_code: z
    .string({ error: SHIPPING_RATE_MESSAGES.originCountryInvalid })
    .trim()
    .refine((code) => /^[A-Za-z]{2}$/.test(code) && isCountryCode(code), { message: SHIPPING_RATE_MESSAGES.originCountryInvalid })
    .transform((code) => code.toUpperCase()),
  phone: field("phone"),
})
export type ShippingOriginBody = z.output<typeof ShippingOriginBody>
