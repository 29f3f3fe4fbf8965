import { z } from "@medusajs/framework/zod"
import { MAX_CART_QUANTITY } from "../../../lib/cart-quantity"
import { isValidEmail, normalizeEmail } from "../../../lib/email"
import { text } from "../../utils/validation"

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

/**
 * POST /api/create-payment-intent `{items:[{product_id, variant_id, quantity}], org_id, customer_email,
 * referral_session_id?}` (spec 4.2). Prices are never taken from the body.
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
})
export type CreatePaymentIntentBody = z.output<typeof CreatePaymentIntentBody>
