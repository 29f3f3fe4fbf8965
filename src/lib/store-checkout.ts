// Rules of an artist store's checkout (spec 4.2 POST /api/create-payment-intent, docs/store-checkout.md): which
// requested lines can be sold, at what subtotal, and whether a succeeded payment matches what was asked.
import { MAX_CART_QUANTITY } from "./cart-quantity"
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

/** The charge settles the payment only for exactly the amount (cents) and currency recorded with it. */
export function storeChargeMatches(
  charged: { amountCents: number; currency: string },
  payment: { subtotal_cents: number; currency: string }
): boolean {
  return charged.amountCents === payment.subtotal_cents && charged.currency.toLowerCase() === payment.currency.toLowerCase()
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
