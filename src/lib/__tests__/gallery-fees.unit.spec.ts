import {
  ARTIST_PAYOUT_BASIS_POINTS,
  ARTIST_PAYOUT_RATE,
  GALLERY_COMMISSION_BASIS_POINTS,
  GALLERY_COMMISSION_RATE,
  PROCESSING_FEE_BASIS_POINTS,
  PROCESSING_FEE_FIXED,
  PROCESSING_FEE_FIXED_CENTS,
  PROCESSING_FEE_RATE,
  artistPayoutCents,
  computeGalleryFees,
  galleryBreakdown,
  subtotalCentsOf,
} from "../gallery-fees"
import { round2, toCents } from "../money"

// Independent reference: exact rational arithmetic, round half-up = floor((2n + d) / 2d).
function referenceRoundedCents(numerator: bigint, denominator: bigint): number {
  return Number((numerator * BigInt(2) + denominator) / (denominator * BigInt(2)))
}

function referenceFees(subtotalCents: number) {
  const subtotal = BigInt(subtotalCents)
  const galleryFee = referenceRoundedCents(subtotal * BigInt(12), BigInt(100))
  const stripeFee = referenceRoundedCents((subtotal + BigInt(galleryFee)) * BigInt(29), BigInt(1000)) + 30
  return { galleryFee, stripeFee, total: subtotalCents + galleryFee + stripeFee }
}

const AT_MOST_TWO_DECIMALS = /^\d+(\.\d{1,2})?$/

describe("constants", () => {
  it("basis points match the published rates", () => {
    expect(GALLERY_COMMISSION_RATE).toBe(0.12)
    expect(ARTIST_PAYOUT_RATE).toBe(0.88)
    expect(PROCESSING_FEE_RATE).toBe(0.029)
    expect(PROCESSING_FEE_FIXED).toBe(0.3)
    expect(GALLERY_COMMISSION_BASIS_POINTS / 10_000).toBe(GALLERY_COMMISSION_RATE)
    expect(ARTIST_PAYOUT_BASIS_POINTS / 10_000).toBe(ARTIST_PAYOUT_RATE)
    expect(PROCESSING_FEE_BASIS_POINTS / 10_000).toBe(PROCESSING_FEE_RATE)
    expect(toCents(PROCESSING_FEE_FIXED)).toBe(PROCESSING_FEE_FIXED_CENTS)
  })
})

describe("computeGalleryFees", () => {
  it("computes the worked example for $19.99", () => {
    // galleryFee 2.3988 -> 2.40; stripeFee (22.39 x 0.029 = 0.64931) + 0.30 -> 0.95
    expect(computeGalleryFees(1999)).toEqual({
      subtotalCents: 1999,
      shippingCents: 0,
      galleryFeeCents: 240,
      stripeFeeCents: 95,
      totalCents: 2334,
    })
  })

  it.each([
    // [subtotal cents, gallery fee, stripe fee, total]
    [1, 0, 30, 31], // 0.0012 -> 0; 0.000029 + 0.30
    [99, 12, 33, 144], // 11.88 -> 12; 111 x 0.029 = 3.219 -> 3
    [100, 12, 33, 145],
    [0, 0, 30, 30],
    [446, 54, 45, 545], // 53.52 -> 54; 500 x 0.029 = 14.5 exactly -> 15 (half-up, not banker's 14), + 30
    [5997, 720, 225, 6942], // 19.99 x 3: 719.64 -> 720; 6717 x 0.029 = 194.793 -> 195, + 30
    [33333, 4000, 1113, 38446], // 3999.96 -> 4000; 37333 x 0.029 = 1082.657 -> 1083, + 30
    [123456, 14815, 4040, 142311], // 14814.72 -> 14815; 138271 x 0.029 = 4009.859 -> 4010, + 30
  ])("subtotal %p cents", (subtotalCents, galleryFeeCents, stripeFeeCents, totalCents) => {
    const reference = referenceFees(subtotalCents)
    expect(computeGalleryFees(subtotalCents)).toEqual({
      subtotalCents,
      shippingCents: 0,
      galleryFeeCents: reference.galleryFee,
      stripeFeeCents: reference.stripeFee,
      totalCents: reference.total,
    })
    expect([galleryFeeCents, stripeFeeCents, totalCents]).toEqual([
      reference.galleryFee,
      reference.stripeFee,
      reference.total,
    ])
  })

  it("handles a large order (99 x $99,999.99) exactly", () => {
    const subtotalCents = subtotalCentsOf([{ price: 99999.99, quantity: 99 }])
    expect(subtotalCents).toBe(989_999_901)
    const fees = computeGalleryFees(subtotalCents)
    expect(fees).toEqual({ subtotalCents, shippingCents: 0, ...pick(referenceFees(subtotalCents)) })
    expect(galleryBreakdown(subtotalCents)).toEqual({
      subtotal: 9899999.01,
      shipping: 0,
      galleryFee: 1187999.88,
      stripeFee: 321552.27,
      total: 11409551.16,
    })
  })

  it("refuses negative or fractional subtotals", () => {
    expect(() => computeGalleryFees(-1)).toThrow(RangeError)
    expect(() => computeGalleryFees(19.99)).toThrow(RangeError)
    expect(() => computeGalleryFees(NaN)).toThrow(RangeError)
  })
})

describe("computeGalleryFees with shipping", () => {
  // Reference with shipping: the commission on the merchandise only, the processing fee on all that is charged.
  function referenceWithShipping(subtotalCents: number, shippingCents: number) {
    const galleryFee = referenceRoundedCents(BigInt(subtotalCents) * BigInt(12), BigInt(100))
    const base = BigInt(subtotalCents + shippingCents + galleryFee)
    const stripeFee = referenceRoundedCents(base * BigInt(29), BigInt(1000)) + 30
    return { galleryFee, stripeFee, total: subtotalCents + shippingCents + galleryFee + stripeFee }
  }

  it("shipping 0 is the contract's formula to the cent", () => {
    for (const subtotalCents of [0, 1, 99, 446, 1999, 5997, 123456]) {
      expect(computeGalleryFees(subtotalCents, 0)).toEqual(computeGalleryFees(subtotalCents))
      expect(computeGalleryFees(subtotalCents, 0)).toEqual({
        subtotalCents,
        shippingCents: 0,
        ...pick(referenceFees(subtotalCents)),
      })
    }
  })

  it("takes no commission on shipping and the processing fee on everything charged", () => {
    // $19.99 + $8.50 shipping: galleryFee 2.40 (12% of 19.99 only); (1999 + 850 + 240) x 0.029 = 89.581 -> 90, + 30.
    expect(computeGalleryFees(1999, 850)).toEqual({
      subtotalCents: 1999,
      shippingCents: 850,
      galleryFeeCents: 240,
      stripeFeeCents: 120,
      totalCents: 1999 + 850 + 240 + 120,
    })
    expect(galleryBreakdown(1999, 850)).toEqual({
      subtotal: 19.99,
      shipping: 8.5,
      galleryFee: 2.4,
      stripeFee: 1.2,
      total: 32.09,
    })
  })

  it("rounds the processing fee half-up at the half cent", () => {
    // (subtotal + shipping + fee) = 500 cents: 500 x 0.029 = 14.5 -> 15 (half-up), + 30. 446 + 0 -> fee 54 (above);
    // with shipping: 400 merchandise (fee 48) + 52 shipping = 500 as well.
    expect(computeGalleryFees(400, 52)).toEqual({
      subtotalCents: 400,
      shippingCents: 52,
      galleryFeeCents: 48,
      stripeFeeCents: 45,
      totalCents: 545,
    })
  })

  it("matches the exact reference for many merchandise and shipping amounts", () => {
    let seed = 777
    const failures: string[] = []
    for (let i = 0; i < 5_000; i++) {
      seed = (seed * 48271) % 2147483647
      const subtotalCents = seed % 10_000_000
      const shippingCents = (seed >> 7) % 100_000
      const fees = computeGalleryFees(subtotalCents, shippingCents)
      const reference = referenceWithShipping(subtotalCents, shippingCents)
      if (
        fees.galleryFeeCents !== reference.galleryFee ||
        fees.stripeFeeCents !== reference.stripeFee ||
        fees.totalCents !== reference.total
      ) {
        failures.push(`${subtotalCents}+${shippingCents}`)
      }
    }
    expect(failures).toEqual([])
  })

  it("refuses negative or fractional shipping", () => {
    expect(() => computeGalleryFees(1999, -1)).toThrow(RangeError)
    expect(() => computeGalleryFees(1999, 8.5)).toThrow(RangeError)
  })
})

function pick(reference: ReturnType<typeof referenceFees>) {
  return {
    galleryFeeCents: reference.galleryFee,
    stripeFeeCents: reference.stripeFee,
    totalCents: reference.total,
  }
}

describe("artistPayoutCents with shipping", () => {
  it("pays 88% of the merchandise and all of the shipping", () => {
    expect(artistPayoutCents(1999, 0)).toBe(artistPayoutCents(1999))
    expect(artistPayoutCents(1999, 850)).toBe(1759 + 850)
    expect(artistPayoutCents(0, 1200)).toBe(1200)
    expect(() => artistPayoutCents(1999, -1)).toThrow(RangeError)
  })
})

describe("artistPayoutCents", () => {
  it.each([
    [1999, 1759], // 1759.12
    [1, 1], // 0.88
    [99, 87], // 87.12
    [125, 110], // 110.0
    [33333, 29333], // 29333.04
    [0, 0],
  ])("88%% of %p cents is %p", (subtotalCents, payoutCents) => {
    expect(artistPayoutCents(subtotalCents)).toBe(payoutCents)
  })

  it("matches exact half-up rounding over a range", () => {
    for (let cents = 0; cents < 5000; cents++) {
      expect(artistPayoutCents(cents)).toBe(referenceRoundedCents(BigInt(cents) * BigInt(88), BigInt(100)))
    }
  })

  it("refuses negative amounts", () => {
    expect(() => artistPayoutCents(-5)).toThrow(RangeError)
  })
})

describe("subtotalCentsOf", () => {
  it("sums price x quantity in cents", () => {
    expect(subtotalCentsOf([{ price: 19.99, quantity: 3 }])).toBe(5997)
    expect(
      subtotalCentsOf([
        { price: 0.1, quantity: 1 },
        { price: 0.2, quantity: 1 },
      ])
    ).toBe(30)
    expect(subtotalCentsOf([])).toBe(0)
  })

  it("refuses fractional quantities", () => {
    expect(() => subtotalCentsOf([{ price: 1, quantity: 1.5 }])).toThrow(RangeError)
  })
})

describe("galleryBreakdown", () => {
  it("returns USD numbers without float noise", () => {
    expect(galleryBreakdown(5997)).toEqual({ subtotal: 59.97, shipping: 0, galleryFee: 7.2, stripeFee: 2.25, total: 69.42 })
    expect(galleryBreakdown(1999)).toEqual({ subtotal: 19.99, shipping: 0, galleryFee: 2.4, stripeFee: 0.95, total: 23.34 })
    expect(galleryBreakdown(1)).toEqual({ subtotal: 0.01, shipping: 0, galleryFee: 0, stripeFee: 0.3, total: 0.31 })
  })

  it("holds total = subtotal + fees, 2 decimals, and the dollar formulas for many subtotals", () => {
    // Deterministic pseudo-random subtotals (LCG) plus every small amount.
    let seed = 12345 // MINSTD generator: products stay below 2^53, so the sequence is exact
    const subtotals: number[] = []
    for (let cents = 0; cents <= 2000; cents++) subtotals.push(cents)
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 48271) % 2147483647
      subtotals.push(seed % 100_000_000)
    }
    const failures: string[] = []
    for (const subtotalCents of subtotals) {
      const fees = computeGalleryFees(subtotalCents)
      const reference = pick(referenceFees(subtotalCents))
      const breakdown = galleryBreakdown(subtotalCents)
      const checks: Record<string, boolean> = {
        "total is the sum": fees.totalCents === fees.subtotalCents + fees.galleryFeeCents + fees.stripeFeeCents,
        "matches the reference":
          fees.galleryFeeCents === reference.galleryFeeCents &&
          fees.stripeFeeCents === reference.stripeFeeCents &&
          fees.totalCents === reference.totalCents,
        "at most 2 decimals": Object.values(breakdown).every((amount) => AT_MOST_TWO_DECIMALS.test(String(amount))),
        "dollar total is the sum":
          toCents(breakdown.total) ===
          toCents(breakdown.subtotal) + toCents(breakdown.galleryFee) + toCents(breakdown.stripeFee),
        "dollar total is the charge": toCents(breakdown.total) === fees.totalCents,
        // docs/architecture.md ("Money") states the formulas in dollars; the cents arithmetic must agree with them.
        "dollar gallery fee formula": breakdown.galleryFee === round2(breakdown.subtotal * 0.12),
        "dollar stripe fee formula":
          breakdown.stripeFee === round2((breakdown.subtotal + breakdown.galleryFee) * 0.029 + 0.3),
      }
      for (const [name, passed] of Object.entries(checks)) {
        if (!passed) failures.push(`${subtotalCents}: ${name}`)
      }
    }
    expect(failures).toEqual([])
  })
})
