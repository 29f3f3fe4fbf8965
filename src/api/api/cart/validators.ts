import { z } from "@medusajs/framework/zod"
import { isValidEmail, normalizeEmail } from "../../../lib/email"
import { MAX_CART_QUANTITY } from "../../../lib/cart-quantity"
import { text } from "../../utils/validation"

export const CART_EMAIL_MESSAGES = {
  emailRequired: "Email is required",
  invalidEmail: "Invalid email address",
  organizationRequired: "Organization ID required",
  itemsRequired: "cart_items must be a non-empty array of at most 100 items",
  itemInvalid: "Each cart item needs product_id, variant_id, a whole quantity from 1 to 99 and a price of at least 0 with at most two decimals",
  totalInvalid: "cart_total must be a number of at least 0 with at most two decimals",
  organizationNotFound: "Organization not found",
  variantNotInStore: "A cart item names a product or variant this store does not sell",
} as const

/** At most this many lines in one captured cart. */
export const MAX_CART_ITEMS = 100
const MAX_ID_LENGTH = 100

/** A USD amount: finite, not negative, whole cents. */
const usd = (message: string) =>
  z
    .number({ error: message })
    .finite({ message })
    .min(0, { message })
    .max(10_000_000, { message })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { message })

const CartItem = z.object(
  {
    product_id: text(MAX_ID_LENGTH, CART_EMAIL_MESSAGES.itemInvalid),
    variant_id: text(MAX_ID_LENGTH, CART_EMAIL_MESSAGES.itemInvalid),
    quantity: z
      .number({ error: CART_EMAIL_MESSAGES.itemInvalid })
      .int({ message: CART_EMAIL_MESSAGES.itemInvalid })
      .min(1, { message: CART_EMAIL_MESSAGES.itemInvalid })
      .max(MAX_CART_QUANTITY, { message: CART_EMAIL_MESSAGES.itemInvalid }),
    price: usd(CART_EMAIL_MESSAGES.itemInvalid),
  },
  { error: CART_EMAIL_MESSAGES.itemInvalid }
)

/**
 * POST /api/cart/email `{email, org_id, cart_items:[{product_id, variant_id, quantity, price}], cart_total}`: the email
 * matches the spec's pattern (stored trimmed, lower-case); prices are kept as the shopper saw them.
 */
export const CartEmailBody = z.object({
  email: text(254, { invalid: CART_EMAIL_MESSAGES.emailRequired, tooLong: CART_EMAIL_MESSAGES.invalidEmail })
    .transform(normalizeEmail)
    .refine(isValidEmail, { message: CART_EMAIL_MESSAGES.invalidEmail }),
  org_id: text(MAX_ID_LENGTH, CART_EMAIL_MESSAGES.organizationRequired),
  cart_items: z
    .array(CartItem, { error: CART_EMAIL_MESSAGES.itemsRequired })
    .min(1, { message: CART_EMAIL_MESSAGES.itemsRequired })
    .max(MAX_CART_ITEMS, { message: CART_EMAIL_MESSAGES.itemsRequired }),
  cart_total: usd(CART_EMAIL_MESSAGES.totalInvalid),
})
export type CartEmailBody = z.output<typeof CartEmailBody>
