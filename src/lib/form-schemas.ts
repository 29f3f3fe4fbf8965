// The field rules that a route and a browser form both apply, in one place: the route's validator parses its body
// with them (src/api/**/validators.ts), and the dashboard's and the gallery's forms check the same fields before
// sending (apps/shared/form-errors.ts turns the issues into one message per field). Messages are written for the
// person filling the form; where the contract names a route's message (checkout's `Missing required fields`), the
// route keeps it and only takes the field from these rules. Imports `zod` itself (the same zod 4 as
// @medusajs/framework/zod) so that the browser bundles never load Medusa. Pure.
import { z } from "zod"
import { API_SCOPES } from "./api-scopes"
import { MAX_CART_QUANTITY } from "./cart-quantity"
import { isKnownCountry } from "./countries"
import {
  hasAtMostTwoDecimals,
  IMAGE_URL_MAX,
  IMAGES_MAX,
  isValidPrice,
  isValidQuantity,
  PRICE_MAX,
  PRODUCT_TITLE_MAX,
  QUANTITY_MAX,
} from "./dashboard-products"
import { isValidEmail } from "./email"
import { passwordProblem } from "./passwords"
import { REFUND_MESSAGES } from "./refunds"
import { MAX_RETURN_WINDOW_DAYS, RETURN_MESSAGES } from "./returns"
import { isSafeText } from "./safe-text"

/**
 * A required string: trimmed, not blank, safe characters, at most `max` characters; `message` for a missing or
 * blank one, `tooLong` (default: "Use at most N characters") for a longer one.
 */
export function requiredText(max: number, message: string, tooLong = `Use at most ${max} characters`) {
  return z
    .string({ error: message })
    .refine(isSafeText, { message, abort: true })
    .trim()
    .refine((value) => value.length > 0, { message, abort: true })
    .refine((value) => value.length <= max, { message: tooLong })
}

/** An optional string: absent, null or blank is null (none); otherwise trimmed, safe, at most `max` characters. */
export function optionalString(max: number, tooLong = `Use at most ${max} characters`) {
  return z
    .string({ error: tooLong })
    .refine(isSafeText, { message: tooLong, abort: true })
    .trim()
    .refine((value) => value.length <= max, { message: tooLong })
    .transform((value) => value || null)
    .nullish()
    .transform((value) => value ?? null)
}

// ------------------------------------------------------------------------------------------------------------
// Shipping address (gallery checkout, an order's per-artist addresses)

export const ADDRESS_MESSAGES = {
  name: "Enter the recipient's full name",
  line1: "Enter the street address",
  city: "Enter the city",
  state: "Enter the state or region",
  postal_code: "Enter the postal code",
  country: "Choose a country from the list",
} as const

/**
 * A shipping address (contract part 2): every field but `line2` required and non-blank, `country` an ISO 3166-1
 * alpha-2 code of the known list (upper-cased). Unknown fields are dropped.
 */
export const ShippingAddressSchema = z.object(
  {
    name: requiredText(200, ADDRESS_MESSAGES.name),
    line1: requiredText(200, ADDRESS_MESSAGES.line1),
    line2: optionalString(200),
    city: requiredText(100, ADDRESS_MESSAGES.city),
    state: requiredText(100, ADDRESS_MESSAGES.state),
    postal_code: requiredText(20, ADDRESS_MESSAGES.postal_code),
    country: z
      .string({ error: ADDRESS_MESSAGES.country })
      .trim()
      .refine((country) => /^[A-Za-z]{2}$/.test(country) && isKnownCountry(country), { message: ADDRESS_MESSAGES.country })
      .transform((country) => country.toUpperCase()),
  },
  { error: "Enter the shipping address" }
)
export type ShippingAddressFields = z.output<typeof ShippingAddressSchema>

// ------------------------------------------------------------------------------------------------------------
// Where an organization ships from (the dashboard's Settings > Shipping, PUT /api/shipping-origin)

export const ORIGIN_MESSAGES = {
  address_1: "Enter the street address your works leave from",
  country_code: "Choose the country your works leave from",
} as const

/** Address line and country required (the country an ISO code of the known list, upper-cased); the others optional. */
export const ShippingOriginSchema = z.object({
  address_1: requiredText(200, ORIGIN_MESSAGES.address_1),
  address_2: optionalString(200),
  city: optionalString(200),
  province: optionalString(200),
  postal_code: optionalString(200),
  country_code: z
    .string({ error: ORIGIN_MESSAGES.country_code })
    .trim()
    .refine((code) => /^[A-Za-z]{2}$/.test(code) && isKnownCountry(code), { message: ORIGIN_MESSAGES.country_code })
    .transform((code) => code.toUpperCase()),
  phone: optionalString(200),
})

// ------------------------------------------------------------------------------------------------------------
// Shipping rates (the dashboard's Settings > Shipping, POST/PATCH /api/shipping-rates: docs/shipping.md). The
// route's other rules (the number of rates, an update's merge) are src/lib/shipping-rates.ts's, which re-exports these.

export const RATE_NAME_MAX = 100
/** USD, major unit: the most a rate charges for the first or each additional item. */
export const RATE_AMOUNT_MAX = 10_000
/** Business days: the longest delivery estimate. */
export const RATE_DAYS_MAX = 365

/** A rate's field messages, the same in the form and in the route's 400 (which names the field). */
export const RATE_FIELD_MESSAGES = {
  nameInvalid: `Give the rate a name (at most ${RATE_NAME_MAX} characters)`,
  countriesInvalid: "Choose at least one destination country, or rest of world",
  unknownCountry: (code: string) => `countries: "${code}" is not an ISO 3166-1 alpha-2 country code`,
  restOfWorldWithCountries: "A rest_of_world rate names no countries: it covers every country your other rates do not name",
  restOfWorldInvalid: "rest_of_world must be true or false",
  amountInvalid: `Enter an amount in US dollars from 0 to ${RATE_AMOUNT_MAX.toLocaleString("en-US")}, with at most two decimals (e.g. 12.50)`,
  thresholdInvalid: `Enter an amount in US dollars from 0 to ${PRICE_MAX.toLocaleString("en-US")}, with at most two decimals, or leave it empty (never free)`,
  daysInvalid: `Enter a whole number of business days from 0 to ${RATE_DAYS_MAX}, or leave it empty`,
  daysPair: "Give both the earliest and the latest delivery day, or neither",
  daysOrder: "The latest delivery day must be at least the earliest",
} as const

export function isRateAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= RATE_AMOUNT_MAX && hasAtMostTwoDecimals(value)
}

export function isThresholdAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= PRICE_MAX && hasAtMostTwoDecimals(value)
}

export function isDeliveryDays(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= RATE_DAYS_MAX
}

export const RateNameSchema = requiredText(RATE_NAME_MAX, RATE_FIELD_MESSAGES.nameInvalid, RATE_FIELD_MESSAGES.nameInvalid)

/** Distinct upper-case ISO codes of the known list, in the order given (any case); an unknown code is refused by name. */
export const RateCountriesSchema = z
  .array(z.unknown(), { error: RATE_FIELD_MESSAGES.countriesInvalid })
  .max(300, { message: RATE_FIELD_MESSAGES.countriesInvalid })
  .transform((list, ctx) => {
    const codes: string[] = []
    for (const entry of list) {
      if (typeof entry !== "string") {
        ctx.addIssue({ code: "custom", message: RATE_FIELD_MESSAGES.countriesInvalid })
        return z.NEVER
      }
      const code = entry.trim().toUpperCase()
      if (!/^[A-Z]{2}$/.test(code) || !isKnownCountry(code)) {
        ctx.addIssue({ code: "custom", message: RATE_FIELD_MESSAGES.unknownCountry(entry.slice(0, 20)) })
        return z.NEVER
      }
      if (!codes.includes(code)) codes.push(code)
    }
    return codes
  })

export const RestOfWorldSchema = z.boolean({ error: RATE_FIELD_MESSAGES.restOfWorldInvalid })
/** The first item's or each additional item's amount (USD, a JSON number). */
export const RateAmountSchema = z.unknown().refine(isRateAmount, { message: RATE_FIELD_MESSAGES.amountInvalid }) as z.ZodType<number>
/** null: never free. */
export const RateThresholdSchema = z
  .unknown()
  .refine((value) => value === null || isThresholdAmount(value), { message: RATE_FIELD_MESSAGES.thresholdInvalid }) as z.ZodType<number | null>
/** null: no estimate. */
export const DeliveryDaysSchema = z
  .unknown()
  .refine((value) => value === null || isDeliveryDays(value), { message: RATE_FIELD_MESSAGES.daysInvalid }) as z.ZodType<number | null>

/** A refusal of a rate's fields as a whole (what one field's schema cannot see): the field and message. */
export type RateRefusal = { field: string; message: string }

/** What `rateRefusals` reads of a rate. */
export type RateCombination = {
  countries: readonly string[]
  restOfWorld: boolean
  minDeliveryDays: number | null
  maxDeliveryDays: number | null
}

/**
 * What no single field's check sees, every refusal (the form shows them all at once): a rest-of-world rate names no
 * country, any other names at least one; the estimate's days are both given or both absent, min <= max.
 */
export function rateRefusals(rate: RateCombination): RateRefusal[] {
  const refusals: RateRefusal[] = []
  if (rate.restOfWorld && rate.countries.length) refusals.push({ field: "countries", message: RATE_FIELD_MESSAGES.restOfWorldWithCountries })
  if (!rate.restOfWorld && !rate.countries.length) refusals.push({ field: "countries", message: RATE_FIELD_MESSAGES.countriesInvalid })
  const { minDeliveryDays: min, maxDeliveryDays: max } = rate
  if ((min === null) !== (max === null)) {
    refusals.push({ field: min === null ? "min_delivery_days" : "max_delivery_days", message: RATE_FIELD_MESSAGES.daysPair })
  } else if (min !== null && max !== null && min > max) {
    refusals.push({ field: "max_delivery_days", message: RATE_FIELD_MESSAGES.daysOrder })
  }
  return refusals
}

/** The first of `rateRefusals` (the route's one refusal), or null. */
export function rateRefusal(rate: RateCombination): RateRefusal | null {
  return rateRefusals(rate)[0] ?? null
}

/** The dashboard's rate form, field by field: the route's rules for a whole rate (every field given). */
export const ShippingRateFormSchema = z.object({
  name: RateNameSchema,
  countries: RateCountriesSchema,
  rest_of_world: RestOfWorldSchema,
  first_item_amount: RateAmountSchema,
  additional_item_amount: RateAmountSchema,
  free_shipping_threshold: RateThresholdSchema,
  min_delivery_days: DeliveryDaysSchema,
  max_delivery_days: DeliveryDaysSchema,
})

/**
 * The rate form's fields together (`rateRefusals`, whose first the route applies to the rate as it will be), checked
 * whatever the single fields say, so that the form shows these messages with the others. Values that are not of
 * their field's type are left to that field's check.
 */
export const ShippingRateCombinationSchema = z
  .object({ countries: z.unknown(), rest_of_world: z.unknown(), min_delivery_days: z.unknown(), max_delivery_days: z.unknown() })
  .superRefine((rate, ctx) => {
    const days = (value: unknown) => (typeof value === "number" ? value : null)
    const given = (value: unknown) => value !== null && value !== undefined
    const refusals = rateRefusals({
      countries: Array.isArray(rate.countries) ? rate.countries : [],
      restOfWorld: rate.rest_of_world === true,
      // A day that is not a number is its own field's message; it still counts as given.
      minDeliveryDays: given(rate.min_delivery_days) ? (days(rate.min_delivery_days) ?? Number.NEGATIVE_INFINITY) : null,
      maxDeliveryDays: given(rate.max_delivery_days) ? (days(rate.max_delivery_days) ?? Number.POSITIVE_INFINITY) : null,
    })
    for (const refusal of refusals) ctx.addIssue({ code: "custom", message: refusal.message, path: [refusal.field] })
  })

// ------------------------------------------------------------------------------------------------------------
// Accounts (the dashboard's sign-up and login; the password rule is src/lib/passwords.ts)

export const ACCOUNT_MESSAGES = {
  email: "Enter a valid email address, like name@example.com",
  passwordRequired: "Enter your password",
} as const

export const EmailSchema = z
  .string({ error: ACCOUNT_MESSAGES.email })
  .trim()
  .refine((email) => email.length <= 254 && isValidEmail(email), { message: ACCOUNT_MESSAGES.email })

/** A new password (registration, reset): passwordProblem's rule and messages. */
export const NewPasswordSchema = z.unknown().superRefine((value, ctx) => {
  const problem = passwordProblem(value)
  if (problem) ctx.addIssue({ code: "custom", message: problem })
}) as z.ZodType<string>

export const SignupSchema = z.object({
  first_name: optionalString(200),
  last_name: optionalString(200),
  email: EmailSchema,
  password: NewPasswordSchema,
})

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: ACCOUNT_MESSAGES.passwordRequired }).min(1, { message: ACCOUNT_MESSAGES.passwordRequired }),
})

// ------------------------------------------------------------------------------------------------------------
// Products (the dashboard's product form, POST/PATCH /api/products)

export const PRODUCT_FIELD_MESSAGES = {
  title: `Give the artwork a title (at most ${PRODUCT_TITLE_MAX} characters)`,
  price: `Enter a price in US dollars from 0 to ${PRICE_MAX.toLocaleString("en-US")}, with at most two decimals (e.g. 34.99)`,
  inventory: `Enter a whole number of copies from 0 to ${QUANTITY_MAX.toLocaleString("en-US")}`,
  images: `Add at most ${IMAGES_MAX} images, each a web address starting with http:// or https://`,
} as const

export const ProductTitleSchema = requiredText(PRODUCT_TITLE_MAX, PRODUCT_FIELD_MESSAGES.title, PRODUCT_FIELD_MESSAGES.title)
export const ProductPriceSchema = z.unknown().refine(isValidPrice, { message: PRODUCT_FIELD_MESSAGES.price }) as z.ZodType<number>
export const InventorySchema = z.unknown().refine(isValidQuantity, { message: PRODUCT_FIELD_MESSAGES.inventory }) as z.ZodType<number>
const imageUrl = z
  .string({ error: PRODUCT_FIELD_MESSAGES.images })
  .trim()
  .max(IMAGE_URL_MAX, { message: PRODUCT_FIELD_MESSAGES.images })
  .refine((url) => isSafeText(url) && /^https?:\/\/\S+$/i.test(url), { message: PRODUCT_FIELD_MESSAGES.images })
export const ProductImagesSchema = z
  .array(imageUrl, { error: PRODUCT_FIELD_MESSAGES.images })
  .max(IMAGES_MAX, { message: PRODUCT_FIELD_MESSAGES.images })

/** What the dashboard's product form checks before sending (the route parses the same fields with these rules). */
export const ProductFormSchema = z.object({
  title: ProductTitleSchema,
  base_price: ProductPriceSchema.nullish(),
  inventory_quantity: InventorySchema.optional(),
  product_images: ProductImagesSchema.optional(),
})

// ------------------------------------------------------------------------------------------------------------
// API keys (the dashboard's settings, POST /api/settings/api-keys)

export const API_KEY_FIELD_MESSAGES = {
  name: "Give the key a name (at most 100 characters)",
  scopes: "Choose at least one permission for the key",
} as const

export const ApiKeyNameSchema = requiredText(100, API_KEY_FIELD_MESSAGES.name, API_KEY_FIELD_MESSAGES.name)
export const ApiKeyScopesSchema = z
  .array(z.enum(API_SCOPES, { error: API_KEY_FIELD_MESSAGES.scopes }), { error: API_KEY_FIELD_MESSAGES.scopes })
  .min(1, { error: API_KEY_FIELD_MESSAGES.scopes })
  .max(API_SCOPES.length * 2, { error: API_KEY_FIELD_MESSAGES.scopes })

export const ApiKeyFormSchema = z.object({ name: ApiKeyNameSchema, scopes: ApiKeyScopesSchema })

// ------------------------------------------------------------------------------------------------------------
// Gallery cart

export const CART_QUANTITY_MESSAGES = {
  invalid: `Enter a whole number from 1 to ${MAX_CART_QUANTITY}`,
  tooMany: `You can order at most ${MAX_CART_QUANTITY} of one artwork`,
} as const

/**
 * A quantity the shopper types in the cart: a whole number from 1 to 99, and a larger one is refused saying so
 * (the cart's API caps a larger one at 99, as the contract says; the storefront never sends one).
 */
export const CartQuantitySchema = z
  .number({ error: CART_QUANTITY_MESSAGES.invalid })
  .int({ message: CART_QUANTITY_MESSAGES.invalid })
  .min(1, { message: CART_QUANTITY_MESSAGES.invalid })
  .max(MAX_CART_QUANTITY, { message: CART_QUANTITY_MESSAGES.tooMany })

// ------------------------------------------------------------------------------------------------------------
// Returns and refunds (docs/returns.md, docs/refunds.md): the tracking page's return request, the dashboard's refund,
// return steps and return window. The routes' validators (src/api/api/gallery/orders/validators.ts,
// src/api/api/orders/[id]/*/validators.ts, src/api/api/settings/validators.ts) say the same with these messages.

export const RETURN_FORM_MESSAGES = {
  items: "Choose at least one item to send back",
  window: `Enter a whole number of days from 0 to ${MAX_RETURN_WINDOW_DAYS} (0: no returns)`,
} as const

/** A return request as the tracking page checks it: some items, a reason, the order's email. */
export const ReturnRequestFormSchema = z.object({
  items: z
    .array(z.object({ productId: z.string(), quantity: z.number().int().min(1) }), { error: RETURN_FORM_MESSAGES.items })
    .min(1, { message: RETURN_FORM_MESSAGES.items }),
  reason: requiredText(500, RETURN_MESSAGES.reasonRequired, RETURN_MESSAGES.reasonTooLong),
  email: EmailSchema,
})

/** A refund as the dashboard's form checks it: a reason, and items (or the shipping) or an amount, not both. */
export const RefundFormSchema = z
  .object({
    reason: requiredText(500, REFUND_MESSAGES.reasonRequired, REFUND_MESSAGES.reasonTooLong),
    items: z
      .array(
        z.object({
          id: z.string(),
          quantity: z
            .number({ error: REFUND_MESSAGES.itemsInvalid })
            .int({ message: REFUND_MESSAGES.itemsInvalid })
            .min(1, { message: REFUND_MESSAGES.itemsInvalid })
            .max(99, { message: REFUND_MESSAGES.itemsInvalid }),
        })
      )
      .optional(),
    include_shipping: z.boolean().optional(),
    amount: z
      .unknown()
      .refine((value) => value === undefined || (isValidPrice(value) && (value as number) > 0), { message: REFUND_MESSAGES.amountInvalid })
      .optional(),
  })
  .superRefine((body, ctx) => {
    const byItems = Boolean(body.items?.length) || body.include_shipping === true
    if (body.amount !== undefined && byItems) ctx.addIssue({ code: "custom", message: REFUND_MESSAGES.itemsOrAmount, path: ["amount"] })
    else if (body.amount === undefined && !byItems) ctx.addIssue({ code: "custom", message: REFUND_MESSAGES.nothingChosen, path: ["items"] })
  })

/** Why the artist refuses a return (the customer reads it). */
export const RefuseReturnFormSchema = z.object({ reason: requiredText(500, RETURN_MESSAGES.refusalReasonRequired) })

/** How the customer sends the items back (optional). */
export const AcceptReturnFormSchema = z.object({ instructions: optionalString(2000, RETURN_MESSAGES.instructionsTooLong) })

/** The return window in days after the artist's shipment (0: no returns). */
export const ReturnWindowSchema = z.object({
  return_window_days: z
    .number({ error: RETURN_FORM_MESSAGES.window })
    .int({ message: RETURN_FORM_MESSAGES.window })
    .min(0, { message: RETURN_FORM_MESSAGES.window })
    .max(MAX_RETURN_WINDOW_DAYS, { message: RETURN_FORM_MESSAGES.window }),
})

// ------------------------------------------------------------------------------------------------------------
// Issues to messages

/** Each field's first message (by dotted path: `shippingAddress.city`), from a failed parse's issues. */
export function fieldMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const issue of issues) {
    const field = issue.path.map(String).join(".")
    if (!(field in messages)) messages[field] = issue.message
  }
  return messages
}
