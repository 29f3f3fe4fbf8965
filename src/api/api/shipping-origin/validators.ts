import { z } from "@medusajs/framework/zod"
import { ShippingOriginSchema } from "../../../lib/form-schemas"
import { optionalText } from "../../utils/validation"

/**
 * PUT /api/shipping-origin (docs/shipping.md): the address the organization ships from, whole (address_1 and an ISO
 * 3166-1 alpha-2 country_code required; the others optional, null or blank for none). The fields' rules are the
 * dashboard form's too (src/lib/form-schemas.ts).
 */
export const ShippingOriginBody = ShippingOriginSchema.extend({
  org_id: optionalText(100, "org_id must be a string of at most 100 characters"),
})
export type ShippingOriginBody = z.output<typeof ShippingOriginBody>
