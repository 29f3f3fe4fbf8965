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
  subtotalCents: number
  galleryFeeCents: number
  stripeFeeCents: number
  totalCents: number
}

/** USD amounts as returned in the checkout `breakdown` and stored on the parent order. */
export type GalleryBreakdown = {
  subtotal: number
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

/** galleryFee = 12% of subtotal; stripeFee = 2.9% of (subtotal + galleryFee) + 30c; the customer pays the sum. */
export function computeGalleryFees(subtotalCents: number): GalleryFeesCents {
  assertNonNegativeCents(subtotalCents, "subtotalCents")
  const galleryFeeCents = percentOfCents(subtotalCents, GALLERY_COMMISSION_BASIS_POINTS)
  // The fixed 30c is already whole cents, so rounding only the proportional part equals rounding the sum.
  const stripeFeeCents =
    percentOfCents(subtotalCents + galleryFeeCents, PROCESSING_FEE_BASIS_POINTS) + PROCESSING_FEE_FIXED_CENTS
  return {
    subtotalCents,
    galleryFeeCents,
    stripeFeeCents,
    totalCents: subtotalCents + galleryFeeCents + stripeFeeCents,
  }
}

/**
 * 88% of one artist's subtotal, rounded half-up per artist order.
 * Rounded separately, the payouts plus the gallery fee may differ from the subtotal by a cent or so.
 */
export function artistPayoutCents(artistSubtotalCents: number): number {
  assertNonNegativeCents(artistSubtotalCents, "artistSubtotalCents")
  return percentOfCents(artistSubtotalCents, ARTIST_PAYOUT_BASIS_POINTS)
}

export function galleryBreakdown(subtotalCents: number): GalleryBreakdown {
  const fees = computeGalleryFees(subtotalCents)
  return {
    subtotal: fromCents(fees.subtotalCents),
    galleryFee: fromCents(fees.galleryFeeCents),
    stripeFee: fromCents(fees.stripeFeeCents),
    total: fromCents(fees.totalCents),
  }
}
