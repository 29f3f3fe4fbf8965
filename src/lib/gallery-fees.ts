// Gallery checkout amounts (spec part 2 "Fees and amounts", docs/architecture.md "Money").
// Each fee is rounded half-up to the cent when computed; the rates are applied as integer basis points.
import { fromCents, percentOfCents, toCents } from "./money"

export const GALLERY_COMMISSION_RATE = 0.12
export const ARTIST_PAYOUT_RATE = 0.88
export const PROCESSING_FEE_RATE = 0.029
export const PROCESSING_FEE_FIXED = 0.3
export const PROCESSING_FEE_FIXED_CENTS = 30

// Integer forms of the rates above (1 basis point = 0.01%), used for all arithmetic.
export const GALLERY_COMMISSION_BASIS_POINTS = 1200
export const ARTIST_PAYOUT_BASIS_POINTS = 8800
export const PROCESSING_FEE_BASIS_POINTS = 290

export type GalleryFeesCents = {
  /** The merchandise: sum(price x quantity). */
  subtotalCents: number
  /** The artists' shipping charges, summed (0 where no artist configured rates: docs/shipping.md). */
  shippingCents: number
  galleryFeeCents: number
  stripeFeeCents: number
  totalCents: number
}

/** USD amounts as returned in the checkout `breakdown` and stored on the parent order. */
export type GalleryBreakdown = {
  subtotal: number
  shipping: number
  galleryFee: number
  stripeFee: number
  total: number
}

export type PricedLine = { price: number; quantity: number }

function assertNonNegativeCents(cents: number, name: string): void {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of cents, got ${cents}`)
  }
}

/** subtotal = sum(price x quantity); each USD price is converted to cents before multiplying. */
export function subtotalCentsOf(lines: readonly PricedLine[]): number {
  let subtotalCents = 0
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) {
      throw new RangeError(`quantity must be a non-negative integer, got ${line.quantity}`)
    }
    subtotalCents += toCents(line.price) * line.quantity
  }
  assertNonNegativeCents(subtotalCents, "subtotal")
  return subtotalCents
}

/**
 * galleryFee = 12% of the merchandise (shipping carries no commission); stripeFee = 2.9% of (subtotal + shipping +
 * galleryFee) + 30c, since the processor charges on everything it collects; the customer pays the sum. With no
 * shipping these are the contract's formulas to the cent.
 */
export function computeGalleryFees(subtotalCents: number, shippingCents = 0): GalleryFeesCents {
  assertNonNegativeCents(subtotalCents, "subtotalCents")
  assertNonNegativeCents(shippingCents, "shippingCents")
  const galleryFeeCents = percentOfCents(subtotalCents, GALLERY_COMMISSION_BASIS_POINTS)
  // The fixed 30c is already whole cents, so rounding only the proportional part equals rounding the sum.
  const stripeFeeCents =
    percentOfCents(subtotalCents + shippingCents + galleryFeeCents, PROCESSING_FEE_BASIS_POINTS) +
    PROCESSING_FEE_FIXED_CENTS
  return {
    subtotalCents,
    shippingCents,
    galleryFeeCents,
    stripeFeeCents,
    totalCents: subtotalCents + shippingCents + galleryFeeCents + stripeFeeCents,
  }
}

/**
 * 88% of one artist's merchandise, rounded half-up per artist order, plus all of their shipping charge (the artist
 * pays the carrier). Rounded separately, the payouts plus the gallery fee may differ from the subtotal by a cent or so.
 */
export function artistPayoutCents(artistSubtotalCents: number, artistShippingCents = 0): number {
  assertNonNegativeCents(artistSubtotalCents, "artistSubtotalCents")
  assertNonNegativeCents(artistShippingCents, "artistShippingCents")
  return percentOfCents(artistSubtotalCents, ARTIST_PAYOUT_BASIS_POINTS) + artistShippingCents
}

export function galleryBreakdown(subtotalCents: number, shippingCents = 0): GalleryBreakdown {
  const fees = computeGalleryFees(subtotalCents, shippingCents)
  return {
    subtotal: fromCents(fees.subtotalCents),
    shipping: fromCents(fees.shippingCents),
    galleryFee: fromCents(fees.galleryFeeCents),
    stripeFee: fromCents(fees.stripeFeeCents),
    total: fromCents(fees.totalCents),
  }
}
