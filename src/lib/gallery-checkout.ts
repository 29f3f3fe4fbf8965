// Gallery checkout rules (spec 4.4, 4.5): messages, per-artist grouping, stock allocation (bodies and addresses are
// validated by the route schemas in src/api/api/gallery/checkout/validators.ts).
// Pure functions: no I/O, no framework imports; the routes and workflow steps turn failures into HTTP errors.
import { artistPayoutCents, computeGalleryFees, type GalleryFeesCents } from "./gallery-fees"
import { fromCents } from "./money"

export const GALLERY_SHIPPING_OPTIONS = ["single_address", "per_artist"] as const
export type GalleryShippingOption = (typeof GALLERY_SHIPPING_OPTIONS)[number]

/** The spec's messages for checkout, confirm and order tracking (exact strings). */
export const CHECKOUT_MESSAGES = {
  missingFields: "Missing required fields",
  invalidEmail: "Invalid email address",
  cartEmpty: "Cart is empty",
  productsNotFound: "One or more products not found",
  productsNotEligible: "One or more products not gallery eligible",
  outOfStock: "One or more products are out of stock",
  intentFailed: "Failed to create payment intent",
  intentIdRequired: "Payment intent ID required",
  orderNotFoundForIntent: "Order not found for this payment intent",
  retrieveFailed: "Failed to retrieve payment intent",
  paymentNotSuccessful: "Payment not successful",
  noLongerAvailable: "One or more products are no longer available",
  orderCancelled: "Order has been cancelled",
  orderNotFound: "Order not found",
  orderAlreadyShipped: "Order already shipped",
  singleAddressOrder: "This order ships to a single address",
} as const

/** Spec part 2 "Shipping address object". */
export type ShippingAddress = {
  name: string
  line1: string
  line2: string | null
  city: string
  state: string
  postal_code: string
  country: string
}

export type CheckoutRequest = {
  sessionId: string
  email: string
  shippingOption: GalleryShippingOption
  /** Null for per_artist (addresses come later, per artist order). */
  shippingAddress: ShippingAddress | null
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string }

/** A cart line joined with its product's gallery view, as checkout validates it. */
export type CheckoutCandidate = {
  productId: string
  quantity: number
  product: {
    name: string
    price: number | null
    images: string[]
    org_id: string
    organizations: { name: string }
    inventory: number | null
    is_active: boolean
    gallery_eligible: boolean
    org_gallery_approved: boolean
    variant_id: string | null
  } | null
}

export type CheckoutLine = {
  productId: string
  variantId: string | null
  productName: string
  quantity: number
  priceCents: number
  image: string | null
  orgId: string
  artistName: string
}

/**
 * Validates the cart against the products, in the order of the spec's error list: empty cart, a product that
 * does not exist, a product that is not gallery eligible (flag off, organization not approved, not active, or
 * without a USD price), then not enough stock for the quantity (`inventory` null = stock not managed).
 */
export function validateCheckoutCart(
  candidates: readonly CheckoutCandidate[],
  toCents: (price: number) => number
): ParseResult<CheckoutLine[]> {
  if (candidates.length === 0) return { ok: false, message: CHECKOUT_MESSAGES.cartEmpty }
  if (candidates.some((c) => c.product === null)) return { ok: false, message: CHECKOUT_MESSAGES.productsNotFound }
  const products = candidates as (CheckoutCandidate & { product: NonNullable<CheckoutCandidate["product"]> })[]
  if (
    products.some(
      ({ product }) =>
        !product.is_active ||
        !product.gallery_eligible ||
        !product.org_gallery_approved ||
        product.price === null ||
        !product.variant_id
    )
  ) {
    return { ok: false, message: CHECKOUT_MESSAGES.productsNotEligible }
  }
  if (products.some(({ product, quantity }) => product.inventory !== null && product.inventory < quantity)) {
    return { ok: false, message: CHECKOUT_MESSAGES.outOfStock }
  }
  return {
    ok: true,
    value: products.map(({ productId, quantity, product }) => ({
      productId,
      variantId: product.variant_id,
      productName: product.name,
      quantity,
      priceCents: toCents(product.price as number),
      image: product.images[0] ?? null,
      orgId: product.org_id,
      artistName: product.organizations.name,
    })),
  }
}

export type ArtistGroup = {
  orgId: string
  artistName: string
  /** Total quantity of the artist's lines (as the cart's itemCount counts). */
  itemCount: number
  subtotalCents: number
  payoutCents: number
  lines: CheckoutLine[]
}

export type CheckoutSummary = { fees: GalleryFeesCents; artists: ArtistGroup[] }

/** Groups lines by organization (first appearance order) and computes the fees and 88 % payouts in cents. */
export function summarizeCheckout(lines: readonly CheckoutLine[]): CheckoutSummary {
  const groups = new Map<string, ArtistGroup>()
  let subtotalCents = 0
  for (const line of lines) {
    let group = groups.get(line.orgId)
    if (!group) {
      group = { orgId: line.orgId, artistName: line.artistName, itemCount: 0, subtotalCents: 0, payoutCents: 0, lines: [] }
      groups.set(line.orgId, group)
    }
    const lineCents = line.priceCents * line.quantity
    group.itemCount += line.quantity
    group.subtotalCents += lineCents
    group.lines.push(line)
    subtotalCents += lineCents
  }
  const artists = [...groups.values()]
  for (const artist of artists) artist.payoutCents = artistPayoutCents(artist.subtotalCents)
  return { fees: computeGalleryFees(subtotalCents), artists }
}

/** The checkout response's amounts in USD numbers (spec 4.4). */
export function checkoutResponseAmounts(summary: CheckoutSummary) {
  const { fees } = summary
  return {
    total: fromCents(fees.totalCents),
    breakdown: {
      subtotal: fromCents(fees.subtotalCents),
      galleryFee: fromCents(fees.galleryFeeCents),
      stripeFee: fromCents(fees.stripeFeeCents),
      total: fromCents(fees.totalCents),
    },
    artists: summary.artists.map((a) => ({
      orgId: a.orgId,
      artistName: a.artistName,
      itemCount: a.itemCount,
      subtotal: fromCents(a.subtotalCents),
      artistPayout: fromCents(a.payoutCents),
    })),
  }
}

export type StockLevel = { location_id: string; stocked_quantity: number; reserved_quantity: number }
export type StockAllocation = { location_id: string; quantity: number }

/**
 * Where to reserve `needed` units of one inventory item: the locations with the most available stock
 * (stocked - reserved) first, splitting over several when one is not enough; null when the sum available
 * falls short (or `needed` is not a positive whole number).
 */
export function allocateStock(needed: number, levels: readonly StockLevel[]): StockAllocation[] | null {
  if (!Number.isSafeInteger(needed) || needed <= 0) return null
  const available = levels
    .map((level) => ({ location_id: level.location_id, available: level.stocked_quantity - level.reserved_quantity }))
    .filter((level) => level.available > 0)
    .sort((a, b) => b.available - a.available || (a.location_id < b.location_id ? -1 : 1))
  const allocations: StockAllocation[] = []
  let remaining = needed
  for (const level of available) {
    if (remaining === 0) break
    const quantity = Math.min(remaining, Math.floor(level.available))
    if (quantity <= 0) continue
    allocations.push({ location_id: level.location_id, quantity })
    remaining -= quantity
  }
  return remaining === 0 ? allocations : null
}

/**
 * Whether a succeeded intent pays this order: the amount charged is the order's total, in USD (every gallery order's
 * currency). A mismatch (an intent created for another amount, or foreign metadata naming this order) must not mark
 * the order paid.
 */
export function intentPaysOrder(intent: { amountCents: number; currency: string }, order: { total_cents: number }): boolean {
  return intent.amountCents === order.total_cents && intent.currency.toLowerCase() === "usd"
}
