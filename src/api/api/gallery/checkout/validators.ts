import { z } from "@medusajs/framework/zod"
import { isValidEmail, normalizeEmail } from "../../../../lib/email"
import {
  CHECKOUT_MESSAGES,
  GALLERY_SHIPPING_OPTIONS,
  type CheckoutRequest,
  type ShippingAddress,
} from "../../../../lib/gallery-checkout"
import { ShippingAddressSchema } from "../../../../lib/form-schemas"
import { text } from "../../../utils/validation"

/** RFC 5321's longest usable address. */
export const MAX_EMAIL_LENGTH = 254
/** Cart session ids are UUIDs and payment intent ids short provider ids; anything longer cannot exist. */
export const MAX_SESSION_ID_LENGTH = 100
export const MAX_PAYMENT_INTENT_ID_LENGTH = 255

const missing = CHECKOUT_MESSAGES.missingFields

/**
 * Spec part 2 "Shipping address object", by the rules the storefront's form checks too (src/lib/form-schemas.ts):
 * every required field non-blank (trimmed), country an ISO 3166-1 alpha-2 code of the known list (upper-cased),
 * line2 optional. Any failure is `Missing required fields` (spec 4.4), with the refused field as the issue's path
 * (`country`, so `shippingAddress.country` in a body: the error's field). Unknown fields are dropped.
 */
export const ShippingAddressBody = z.unknown().transform((value, ctx) => {
  const parsed = ShippingAddressSchema.safeParse(value)
  if (parsed.success) return parsed.data
  const [issue] = parsed.error.issues
  ctx.addIssue({ code: "custom", message: missing, path: issue?.path ?? [] })
  return z.NEVER
}) as unknown as z.ZodType<z.output<typeof ShippingAddressSchema>, z.input<typeof ShippingAddressSchema>>

/** The address as stored (line2 null when absent). */
export function toShippingAddress(address: z.output<typeof ShippingAddressBody>): ShippingAddress {
  return { ...address, line2: address.line2 ?? null }
}

const MAX_ARTISTS_PER_MAP = 100
const SHIPPING_METHOD_MESSAGE = "shippingMethods must map organization ids to shipping option ids"
const ORGANIZATION_ID = /^[A-Za-z0-9_-]{1,100}$/

/** ISO 3166-1 alpha-2, upper-cased (the shape; whether an artist ships there is the shipping rates' question). */
export const CountryCode = z
  .string({ error: "Country must be a two-letter ISO 3166-1 code" })
  .trim()
  .regex(/^[A-Za-z]{2}$/, { message: "Country must be a two-letter ISO 3166-1 code" })
  .transform((country) => country.toUpperCase())

/** A Medusa shipping option id, as shippingMethods names one per artist. */
export const ShippingMethodId = z
  .string({ error: SHIPPING_METHOD_MESSAGE })
  .trim()
  .min(1, { error: SHIPPING_METHOD_MESSAGE })
  .max(100, { error: SHIPPING_METHOD_MESSAGE })

/** `{orgId: value}`, at most 100 artists, organization ids of our shape: shippingMethods and countries (extensions). */
export function perArtist<T extends z.ZodType<unknown>>(value: T, name: string) {
  return z
    .record(z.string().regex(ORGANIZATION_ID, { message: `${name} must map organization ids to values` }), value, {
      error: `${name} must map organization ids to values`,
    })
    .refine((map) => Object.keys(map).length <= MAX_ARTISTS_PER_MAP, { message: `${name} names too many artists` })
    .optional()
    .transform((map) => map ?? {})
}

/**
 * POST /api/gallery/checkout `{sessionId, email, shippingOption, shippingAddress?}`, and the shipping extension:
 * `shippingMethods {orgId: optionId}` (default: each artist's cheapest option for the destination) and, for
 * per_artist, `countries {orgId: country}` (docs/shipping.md). `Missing required fields` when
 * sessionId, email or shippingOption is missing, shippingOption is not one of the two options, or single_address
 * comes without a complete address; then `Invalid email address`. A per_artist checkout ignores any address sent
 * (the spec: null when per_artist).
 */
export const CheckoutBody = z
  .object({
    sessionId: text(MAX_SESSION_ID_LENGTH, missing),
    email: text(MAX_EMAIL_LENGTH, { invalid: missing, tooLong: CHECKOUT_MESSAGES.invalidEmail, unsafe: CHECKOUT_MESSAGES.invalidEmail }),
    shippingOption: z.enum(GALLERY_SHIPPING_OPTIONS, { error: missing }),
    shippingAddress: z.unknown(),
    shippingMethods: perArtist(ShippingMethodId, "shippingMethods"),
    countries: perArtist(CountryCode, "countries"),
  })
  .transform((body, ctx): CheckoutRequest => {
    let shippingAddress: ShippingAddress | null = null
    if (body.shippingOption === "single_address") {
      const address = ShippingAddressBody.safeParse(body.shippingAddress)
      if (!address.success) {
        const [issue] = address.error.issues
        ctx.addIssue({ code: "custom", message: missing, path: ["shippingAddress", ...(issue?.path ?? [])] })
        return z.NEVER
      }
      shippingAddress = toShippingAddress(address.data)
    }
    if (!isValidEmail(body.email)) {
      ctx.addIssue({ code: "custom", message: CHECKOUT_MESSAGES.invalidEmail, path: ["email"] })
      return z.NEVER
    }
    return {
      sessionId: body.sessionId,
      email: normalizeEmail(body.email),
      shippingOption: body.shippingOption,
      shippingAddress,
      shippingMethods: body.shippingMethods,
      // single_address: the address's country is every artist's destination.
      countries: body.shippingOption === "per_artist" ? body.countries : {},
    }
  })
export type CheckoutBody = z.output<typeof CheckoutBody>

/** POST /api/gallery/checkout/confirm `{paymentIntentId}`. */
export const ConfirmBody = z.object({
  paymentIntentId: text(MAX_PAYMENT_INTENT_ID_LENGTH, CHECKOUT_MESSAGES.intentIdRequired),
})
export type ConfirmBody = z.output<typeof ConfirmBody>
