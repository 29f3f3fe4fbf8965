// Rules of an artist store's checkout (spec 4.2 POST /api/create-payment-intent, docs/store-checkout.md): which
// requested lines can be sold, at what subtotal, and whether a succeeded payment matches what was asked.
import { MAX_CART_QUANTITY } from "./cart-quantity"
import {
  defaultShippingOption,
  SHIPPING_MESSAGES,
  type ArtistShippingQuote,
  type ShippingAddress,
} from "./gallery-checkout"
import { derivedOrderId } from "./order-book"

export const STORE_CHECKOUT_MESSAGES = {
  organizationNotFound: "Organization not found",
  paymentsNotEnabled: "This store cannot take payments yet: its owner must finish payout onboarding",
  notSoldHere: "A product or variant of this order is not sold by this store",
  notAvailable: "A product of this order is not available",
  outOfStock: "A product of this order is out of stock",
  noPrice: "A product of this order has no USD price",
  quantityTooLarge: `A variant can be ordered at most ${MAX_CART_QUANTITY} times`,
  belowMinimum: "The order total must be at least $0.50",
} as const

/**
 * The store's shipping refusals (docs/store-checkout.md "Shipping"; an extension, the contract names none). An artist
 * that does not ship to the country answers the gallery's `Artist does not ship to {country}`.
 */
export const STORE_SHIPPING_MESSAGES = {
  countryRequired: "shipping_address with a country is required: this store charges shipping",
  addressInvalid: "shipping_address needs name, line1, city, state, postal_code and country (a two-letter ISO 3166-1 code)",
  optionInvalid: "shipping_option_id must be a shipping option id",
  optionUnavailable: SHIPPING_MESSAGES.optionUnavailable,
  doesNotShip: SHIPPING_MESSAGES.doesNotShip,
} as const

/** Stripe's minimum charge in USD cents. */
export const MIN_STORE_CHARGE_CENTS = 50

export type RequestedLine = { product_id: string; variant_id: string; quantity: number }

/** A variant as the checkout reads it from Medusa (queries/medusa/store-checkout.ts). */
export type StoreVariantFacts = {
  variant_id: string
  product_id: string
  product_status: string
  artist_archived: boolean
  in_store: boolean
  price_cents: number | null
  /** Units available now; null when the variant does not manage inventory. */
  available: number | null
}

export type StoreCheckoutRefusal = { message: string; variant_id?: string }

/** The same variant asked for twice counts as one line of the summed quantity (first position kept). */
export function mergeRequestedLines(lines: readonly RequestedLine[]): RequestedLine[] {
  const merged = new Map<string, RequestedLine>()
  for (const line of lines) {
    const known = merged.get(line.variant_id)
    if (known && known.product_id === line.product_id) known.quantity += line.quantity
    else if (!known) merged.set(line.variant_id, { ...line })
    // The same variant named with two different products: kept apart, so the check below refuses the wrong one.
    else merged.set(`${line.variant_id}:${line.product_id}`, { ...line })
  }
  return [...merged.values()]
}

/**
 * Why these lines cannot be sold by this store, or null. Checked line by line in order: the variant exists and
 * belongs to the named product in this store's sales channel, its product is published and not archived, it has a
 * USD price, the quantity is at most 99 and no more than the stock available now.
 */
export function storeCheckoutRefusal(
  lines: readonly RequestedLine[],
  variants: ReadonlyMap<string, StoreVariantFacts>
): StoreCheckoutRefusal | null {
  for (const line of lines) {
    const variant = variants.get(line.variant_id)
    if (!variant || variant.product_id !== line.product_id || !variant.in_store) {
      return { message: STORE_CHECKOUT_MESSAGES.notSoldHere, variant_id: line.variant_id }
    }
    if (variant.product_status !== "published" || variant.artist_archived) {
      return { message: STORE_CHECKOUT_MESSAGES.notAvailable, variant_id: line.variant_id }
    }
    if (variant.price_cents === null) return { message: STORE_CHECKOUT_MESSAGES.noPrice, variant_id: line.variant_id }
    if (line.quantity > MAX_CART_QUANTITY) {
      return { message: STORE_CHECKOUT_MESSAGES.quantityTooLarge, variant_id: line.variant_id }
    }
    if (variant.available !== null && line.quantity > variant.available) {
      return { message: STORE_CHECKOUT_MESSAGES.outOfStock, variant_id: line.variant_id }
    }
  }
  return null
}

/** Merchandise subtotal in cents (prices from Medusa, never from the request). */
export function storeSubtotalCents(lines: readonly { quantity: number; unit_price_cents: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unit_price_cents, 0)
}

/** A store can take payments once its connected account exists and may receive the charge's funds (transfers). */
export function canTakeStorePayments(organization: { stripe_account_id: string | null; transfers_active: boolean }): boolean {
  return Boolean(organization.stripe_account_id) && organization.transfers_active
}

/** What a store sale charges the shopper (cents): the merchandise and the artist's shipping. */
export function storeChargeCents(payment: { subtotal_cents: number; shipping_cents: number }): number {
  return payment.subtotal_cents + payment.shipping_cents
}

/** The charge settles the payment only for exactly the amount (cents) and currency recorded with it. */
export function storeChargeMatches(
  charged: { amountCents: number; currency: string },
  payment: { subtotal_cents: number; shipping_cents: number; currency: string }
): boolean {
  return charged.amountCents === storeChargeCents(payment) && charged.currency.toLowerCase() === payment.currency.toLowerCase()
}

/** What a store sale charges for shipping: nothing (0, no option) when the artist has no rates. */
export type StoreShipping = { cents: number; optionId: string | null; optionName: string | null }

export const NO_STORE_SHIPPING: StoreShipping = { cents: 0, optionId: null, optionName: null }

export type StoreShippingChoice = { ok: true; value: StoreShipping } | { ok: false; message: string; field: string }

/**
 * The store sale's shipping (docs/store-checkout.md "Shipping"), from the artist's quote for the destination: an
 * artist without rates ships free (and knows no option to choose); else a country is required, the artist must ship
 * there, and the chosen option must be one offered there — without a choice, the cheapest. Refusals name their field.
 */
export function chooseStoreShipping(input: {
  quote: ArtistShippingQuote | undefined
  country: string | null
  chosenOptionId: string | undefined
}): StoreShippingChoice {
  const { quote, country, chosenOptionId } = input
  const unavailable = { ok: false, message: STORE_SHIPPING_MESSAGES.optionUnavailable, field: "shipping_option_id" } as const
  if (!quote?.hasRates) return chosenOptionId === undefined ? { ok: true, value: NO_STORE_SHIPPING } : unavailable
  if (!country) return { ok: false, message: STORE_SHIPPING_MESSAGES.countryRequired, field: "shipping_address.country" }
  if (!quote.options.length) {
    return { ok: false, message: STORE_SHIPPING_MESSAGES.doesNotShip(country), field: "shipping_address.country" }
  }
  const option =
    chosenOptionId === undefined
      ? defaultShippingOption(quote.options)
      : (quote.options.find((candidate) => candidate.id === chosenOptionId) ?? null)
  if (!option) return unavailable
  return { ok: true, value: { cents: option.amountCents, optionId: option.id, optionName: option.name } }
}

function objectField(object: Record<string, unknown>, key: string): Record<string, unknown> | null {
  const value = object[key]
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null
}

function stringOf(object: Record<string, unknown> | null, key: string): string {
  const value = object?.[key]
  return typeof value === "string" ? value.trim() : ""
}

/**
 * The shipping a completed Stripe Checkout session reports: `shipping_cost.amount_total` (cents; 0 without
 * shipping), the rate's `display_name` when the session came with it expanded, and the address the customer gave
 * (`collected_information.shipping_details`, or `shipping_details` of API versions before 2025-03-31), or null
 * without one.
 */
export function checkoutSessionShipping(session: Record<string, unknown>): {
  cents: number
  rateName: string | null
  address: ShippingAddress | null
} {
  const cost = objectField(session, "shipping_cost")
  const total = cost?.amount_total
  const cents = typeof total === "number" && Number.isSafeInteger(total) && total > 0 ? total : 0
  const rate = cost ? objectField(cost, "shipping_rate") : null
  const details =
    objectField(objectField(session, "collected_information") ?? {}, "shipping_details") ?? objectField(session, "shipping_details")
  const address = details ? objectField(details, "address") : null
  const country = stringOf(address, "country").toUpperCase()
  return {
    cents,
    rateName: stringOf(rate, "display_name") || null,
    address: /^[A-Z]{2}$/.test(country)
      ? {
          name: stringOf(details, "name"),
          line1: stringOf(address, "line1"),
          line2: stringOf(address, "line2") || null,
          city: stringOf(address, "city"),
          state: stringOf(address, "state"),
          postal_code: stringOf(address, "postal_code"),
          country,
        }
      : null,
  }
}

/**
 * The lines a Stripe Checkout session's metadata carries (`items`: a JSON string of [{product_id, variant_id,
 * quantity}]), or null when it is not that.
 */
export function parseCheckoutSessionItems(value: unknown): RequestedLine[] | null {
  if (typeof value !== "string") return null
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    return null
  }
  if (!Array.isArray(parsed) || !parsed.length || parsed.length > 100) return null
  const lines: RequestedLine[] = []
  for (const entry of parsed) {
    const { product_id, variant_id, quantity } = (entry ?? {}) as Record<string, unknown>
    if (typeof product_id !== "string" || !product_id || typeof variant_id !== "string" || !variant_id) return null
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_CART_QUANTITY) return null
    lines.push({ product_id, variant_id, quantity })
  }
  return lines
}

/**
 * The Medusa order a store payment becomes has an id derived from the payment's (`spay_X` -> `order_X`): a settlement
 * that died after making it finds it by primary key instead of making a second one. Its lines keep the ids the
 * payment gave them (`ordli_...`), so the stock reserved at payment is already on the order's lines.
 */
export function storeOrderIdOf(storePaymentId: string): string {
  return derivedOrderId(storePaymentId)
}


/** Marks an intent as a store sale's: the payment events route it to the store settlement. */
export const STORE_INTENT_KIND = "store"
