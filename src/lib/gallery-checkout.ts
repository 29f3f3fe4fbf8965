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

/** Shipping's refusals (docs/shipping.md; the contract names none of them: shipping is an extension). */
export const SHIPPING_MESSAGES = {
  /** `{country}` is the destination's ISO code; the error's field names the artist (shippingMethods.{orgId}). */
  doesNotShip: (country: string) => `Artist does not ship to ${country}`,
  optionUnavailable: "This shipping option is not available for this artist and destination",
  countryRequired: "A destination country is required for each artist that charges shipping",
  addressCountry: (country: string) => `This artist's shipping was charged for ${country}: the address must be in ${country}`,
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
  /** The shopper's choice of shipping option per artist (organization id -> Medusa shipping option id); optional. */
  shippingMethods: Record<string, string>
  /** per_artist: each artist's destination country (organization id -> ISO 3166-1 alpha-2); empty otherwise. */
  countries: Record<string, string>
}

/** What one artist charges to ship their part of an order (all null and 0 when the artist has no rates). */
export type ArtistShipping = {
  cents: number
  optionId: string | null
  optionName: string | null
  /** The destination the charge was quoted for. */
  country: string | null
}

export const NO_SHIPPING: ArtistShipping = { cents: 0, optionId: null, optionName: null, country: null }

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
  shipping: ArtistShipping
  /** 88 % of subtotalCents plus all of the shipping. */
  payoutCents: number
  lines: CheckoutLine[]
}

export type CheckoutSummary = { fees: GalleryFeesCents; artists: ArtistGroup[] }

/**
 * Groups lines by organization (first appearance order) and computes the fees and payouts in cents: 88 % of each
 * artist's merchandise plus their shipping (`shipping` by organization id; none: the artist ships free).
 */
export function summarizeCheckout(
  lines: readonly CheckoutLine[],
  shipping: ReadonlyMap<string, ArtistShipping> = new Map()
): CheckoutSummary {
  const groups = new Map<string, ArtistGroup>()
  for (const line of lines) {
    let group = groups.get(line.orgId)
    if (!group) {
      group = {
        orgId: line.orgId,
        artistName: line.artistName,
        itemCount: 0,
        subtotalCents: 0,
        shipping: NO_SHIPPING,
        payoutCents: 0,
        lines: [],
      }
      groups.set(line.orgId, group)
    }
    group.itemCount += line.quantity
    group.subtotalCents += line.priceCents * line.quantity
    group.lines.push(line)
  }
  return withShipping([...groups.values()], shipping)
}

/**
 * The same artists' parts with `shipping` (by organization id; none: the artist ships free): each payout and the
 * fees computed again, the grouping kept. The checkout groups the cart once, quotes shipping on those groups, then
 * prices them with it.
 */
export function withShipping(
  groups: readonly ArtistGroup[],
  shipping: ReadonlyMap<string, ArtistShipping>
): CheckoutSummary {
  let subtotalCents = 0
  let shippingCents = 0
  const artists = groups.map((group) => {
    const artistShipping = shipping.get(group.orgId) ?? NO_SHIPPING
    subtotalCents += group.subtotalCents
    shippingCents += artistShipping.cents
    return {
      ...group,
      shipping: artistShipping,
      payoutCents: artistPayoutCents(group.subtotalCents, artistShipping.cents),
    }
  })
  return { fees: computeGalleryFees(subtotalCents, shippingCents), artists }
}

/**
 * The checkout response's amounts in USD numbers (spec 4.4). Shipping (docs/shipping.md) appears only when an artist
 * of the order has shipping rates: `breakdown.shipping` and each artist's `shipping` and `shippingMethod`. An order of
 * artists without rates answers the contract's body exactly.
 */
export function checkoutResponseAmounts(summary: CheckoutSummary) {
  const { fees } = summary
  const chargesShipping = summary.artists.some((a) => a.shipping.optionId !== null)
  return {
    total: fromCents(fees.totalCents),
    breakdown: {
      subtotal: fromCents(fees.subtotalCents),
      ...(chargesShipping ? { shipping: fromCents(fees.shippingCents) } : {}),
      galleryFee: fromCents(fees.galleryFeeCents),
      stripeFee: fromCents(fees.stripeFeeCents),
      total: fromCents(fees.totalCents),
    },
    artists: summary.artists.map((a) => ({
      orgId: a.orgId,
      artistName: a.artistName,
      itemCount: a.itemCount,
      subtotal: fromCents(a.subtotalCents),
      ...(chargesShipping
        ? {
            shipping: fromCents(a.shipping.cents),
            shippingMethod: a.shipping.optionId ? { id: a.shipping.optionId, name: a.shipping.optionName } : null,
          }
        : {}),
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

/** One shipping option an artist offers for a destination, priced for their part of the cart. */
export type QuotedShippingOption = {
  id: string
  name: string
  amountCents: number
  /** Delivery estimate in business days, when the artist gave one. */
  estimate: { minDays: number; maxDays: number } | null
}

/** What an artist's rates make of one destination: `hasRates` false means the artist ships free everywhere. */
export type ArtistShippingQuote = { hasRates: boolean; options: QuotedShippingOption[] }

export type ShippingChoice =
  | { ok: true; value: ArtistShipping }
  | { ok: false; message: string; field: string }

/** The cheapest option (ties: the first the quote lists), the default when the shopper chose none. */
export function defaultShippingOption(options: readonly QuotedShippingOption[]): QuotedShippingOption | null {
  let cheapest: QuotedShippingOption | null = null
  for (const option of options) if (!cheapest || option.amountCents < cheapest.amountCents) cheapest = option
  return cheapest
}

/**
 * One artist's shipping at checkout (docs/shipping.md): none when the artist has no rates (free, as the contract's
 * checkout); else the chosen option if the quote offers it, or the cheapest; refused when the artist has rates but
 * no destination was given (per_artist without `countries[orgId]`), ships nowhere near it, or the chosen option is
 * not offered there. The refusal's field names the artist: `countries.{orgId}` or `shippingMethods.{orgId}`.
 */
export function chooseArtistShipping(input: {
  orgId: string
  quote: ArtistShippingQuote | undefined
  country: string | null
  chosenOptionId: string | undefined
}): ShippingChoice {
  const { orgId, quote, country, chosenOptionId } = input
  if (!quote?.hasRates) return { ok: true, value: NO_SHIPPING }
  if (!country) return { ok: false, message: SHIPPING_MESSAGES.countryRequired, field: `countries.${orgId}` }
  if (!quote.options.length) return { ok: false, message: SHIPPING_MESSAGES.doesNotShip(country), field: `shippingMethods.${orgId}` }
  const option =
    chosenOptionId === undefined
      ? defaultShippingOption(quote.options)
      : (quote.options.find((candidate) => candidate.id === chosenOptionId) ?? null)
  if (!option) return { ok: false, message: SHIPPING_MESSAGES.optionUnavailable, field: `shippingMethods.${orgId}` }
  return { ok: true, value: { cents: option.amountCents, optionId: option.id, optionName: option.name, country } }
}

/** One artist's part of the cart, as a shipping quote prices it. */
export type QuotedArtist = { orgId: string; artistName: string; subtotalCents: number; itemCount: number; country: string | null }

/**
 * The shipping quote's body (POST /api/gallery/shipping/quote, GET /api/gallery/cart?country=; docs/shipping.md): per
 * artist, the options offered for their destination with amounts, the default (cheapest) and the one checkout would
 * charge (`selectedOptionId`: the shopper's choice when offered, else the default); `available: false` with the
 * reason checkout would give when the artist does not ship there. An artist without rates ships free. `shipping` sums
 * the selected amounts; `available` is whether checkout would accept every artist's shipping.
 */
export function shippingQuoteView(
  artists: readonly QuotedArtist[],
  quotes: ReadonlyMap<string, ArtistShippingQuote>,
  chosen: Readonly<Record<string, string>> = {}
) {
  let shippingCents = 0
  const entries = artists.map((artist) => {
    const quote = quotes.get(artist.orgId)
    const options = quote?.hasRates ? quote.options : []
    const choice = chooseArtistShipping({ orgId: artist.orgId, quote, country: artist.country, chosenOptionId: chosen[artist.orgId] })
    if (choice.ok) shippingCents += choice.value.cents
    return {
      orgId: artist.orgId,
      artistName: artist.artistName,
      country: artist.country,
      chargesShipping: Boolean(quote?.hasRates),
      available: choice.ok,
      reason: choice.ok ? null : choice.message,
      options: options.map((option) => ({
        id: option.id,
        name: option.name,
        amount: fromCents(option.amountCents),
        estimate: option.estimate,
      })),
      defaultOptionId: defaultShippingOption(options)?.id ?? null,
      selectedOptionId: choice.ok ? choice.value.optionId : null,
      shipping: choice.ok ? fromCents(choice.value.cents) : null,
    }
  })
  return { artists: entries, shipping: fromCents(shippingCents), available: entries.every((entry) => entry.available) }
}

export type ShippingQuoteView = ReturnType<typeof shippingQuoteView>
