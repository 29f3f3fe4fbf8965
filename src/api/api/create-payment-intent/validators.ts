import { z } from "@medusajs/framework/zod"
import { MAX_CART_QUANTITY } from "../../../lib/cart-quantity"
import { isValidEmail, normalizeEmail } from "../../../lib/email"
import type { ShippingAddress } from "../../../lib/gallery-checkout"
import { STORE_SHIPPING_MESSAGES } from "../../../lib/store-checkout"
import { optionalText, text } from "../../utils/validation"

export const CREATE_PAYMENT_INTENT_MESSAGES = {
  organizationRequired: "Organization ID required",
  emailRequired: "Email is required",
  invalidEmail: "Invalid email address",
  itemsRequired: "items must be a non-empty array of at most 100 items",
  itemInvalid: `Each item needs product_id, variant_id and a whole quantity from 1 to ${MAX_CART_QUANTITY}`,
  referralInvalid: "referral_session_id must be a UUID",
} as const

const MAX_ID_LENGTH = 100

const Item = z.object(
  {
    product_id: text(MAX_ID_LENGTH, CREATE_PAYMENT_INTENT_MESSAGES.itemInvalid),
    variant_id: text(MAX_ID_LENGTH, CREATE_PAYMENT_INTENT_MESSAGES.itemInvalid),
    quantity: z
      .number({ error: CREATE_PAYMENT_INTENT_MESSAGES.itemInvalid })
      .int({ message: CREATE_PAYMENT_INTENT_MESSAGES.itemInvalid })
      .min(1, { message: CREATE_PAYMENT_INTENT_MESSAGES.itemInvalid })
      .max(MAX_CART_QUANTITY, { message: CREATE_PAYMENT_INTENT_MESSAGES.itemInvalid }),
  },
  { error: CREATE_PAYMENT_INTENT_MESSAGES.itemInvalid }
)

const address = STORE_SHIPPING_MESSAGES.addressInvalid

/**
 * The shopper's shipping address, shaped like the gallery's (spec part 2 "Shipping address object"): every field but
 * line2 non-blank, country a two-letter ISO 3166-1 code (upper-cased). A refusal names the field
 * (`shipping_address.city`).
 */
const StoreShippingAddress = z
  .object(
    {
      name: text(200, address),
      line1: text(200, address),
      line2: optionalText(200, address),
      city: text(100, address),
      state: text(100, address),
      postal_code: text(20, address),
      country: text(2, address)
        .refine((country) => /^[A-Za-z]{2}$/.test(country), { message: address })
        .transform((country) => country.toUpperCase()),
    },
    { error: address }
  )
  .transform((value): ShippingAddress => ({ ...value, line2: value.line2 ?? null }))

/**
 * POST /api/create-payment-intent `{items:[{product_id, variant_id, quantity}], org_id, customer_email,
 * referral_session_id?}` (spec 4.2). Prices are never taken from the body. The shipping extension
 * (docs/store-checkout.md "Shipping"): `shipping_address` (its country is required when the artist has shipping rates)
 * and `shipping_option_id` (one of the artist's options for that country; default: the cheapest).
 */
export const CreatePaymentIntentBody = z.object({
  items: z
    .array(Item, { error: CREATE_PAYMENT_INTENT_MESSAGES.itemsRequired })
    .min(1, { message: CREATE_PAYMENT_INTENT_MESSAGES.itemsRequired })
    .max(100, { message: CREATE_PAYMENT_INTENT_MESSAGES.itemsRequired }),
  org_id: text(MAX_ID_LENGTH, CREATE_PAYMENT_INTENT_MESSAGES.organizationRequired),
  customer_email: text(254, {
    invalid: CREATE_PAYMENT_INTENT_MESSAGES.emailRequired,
    tooLong: CREATE_PAYMENT_INTENT_MESSAGES.invalidEmail,
  })
    .transform(normalizeEmail)
    .refine(isValidEmail, { message: CREATE_PAYMENT_INTENT_MESSAGES.invalidEmail }),
  /** For server-side storefronts that cannot forward the shopper's `gallery_ref` cookie. */
  referral_session_id: z.string({ error: CREATE_PAYMENT_INTENT_MESSAGES.referralInvalid }).uuid({ message: CREATE_PAYMENT_INTENT_MESSAGES.referralInvalid }).optional(),
  shipping_option_id: text(MAX_ID_LENGTH, STORE_SHIPPING_MESSAGES.optionInvalid).optional(),
  shipping_address: StoreShippingAddress.nullish().transform((value) => value ?? null),
})
export type CreatePaymentIntentBody = z.output<typeof CreatePaymentIntentBody>
