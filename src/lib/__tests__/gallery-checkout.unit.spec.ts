import {
  allocateStock,
  CHECKOUT_MESSAGES,
  checkoutResponseAmounts,
  chooseArtistShipping,
  defaultShippingOption,
  NO_SHIPPING,
  SHIPPING_MESSAGES,
  shippingQuoteView,
  intentPaysOrder,
  summarizeCheckout,
  validateCheckoutCart,
  type CheckoutCandidate,
  type CheckoutLine,
} from "../gallery-checkout"
import { toCents } from "../money"


function candidate(overrides: Partial<NonNullable<CheckoutCandidate["product"]>> = {}, quantity = 1): CheckoutCandidate {
  return {
    productId: "prod_1",
    quantity,
    product: {
      name: "Print",
      price: 34.99,
      images: ["https://img/1.jpg", "https://img/2.jpg"],
      org_id: "org_1",
      organizations: { name: "Studio" },
      inventory: 5,
      is_active: true,
      gallery_eligible: true,
      org_gallery_approved: true,
      variant_id: "variant_1",
      ...overrides,
    },
  }
}

describe("validateCheckoutCart", () => {
  it("checks in the spec's order: empty, not found, not eligible, out of stock", () => {
    expect(validateCheckoutCart([], toCents)).toEqual({ ok: false, message: CHECKOUT_MESSAGES.cartEmpty })
    const missing = { productId: "gone", quantity: 1, product: null }
    expect(validateCheckoutCart([candidate({ is_active: false }), missing], toCents)).toEqual({
      ok: false,
      message: CHECKOUT_MESSAGES.productsNotFound,
    })
    expect(validateCheckoutCart([candidate({ inventory: 0 }), candidate({ gallery_eligible: false })], toCents)).toEqual({
      ok: false,
      message: CHECKOUT_MESSAGES.productsNotEligible,
    })
    expect(validateCheckoutCart([candidate({}, 6)], toCents)).toEqual({ ok: false, message: CHECKOUT_MESSAGES.outOfStock })
  })

  it.each([
    ["inactive", { is_active: false }],
    ["flag off", { gallery_eligible: false }],
    ["organization not approved", { org_gallery_approved: false }],
    ["no USD price", { price: null }],
    ["no variant", { variant_id: null }],
  ])("%s -> not gallery eligible", (_name, overrides) => {
    expect(validateCheckoutCart([candidate(overrides)], toCents)).toEqual({
      ok: false,
      message: CHECKOUT_MESSAGES.productsNotEligible,
    })
  })

  it("accepts exactly the stock, unmanaged stock, and snapshots the first image", () => {
    const result = validateCheckoutCart([candidate({}, 5), { ...candidate({ inventory: null }, 99), productId: "p2" }], toCents)
    expect(result).toEqual({
      ok: true,
      value: [
        {
          productId: "prod_1",
          variantId: "variant_1",
          productName: "Print",
          quantity: 5,
          priceCents: 3499,
          image: "https://img/1.jpg",
          orgId: "org_1",
          artistName: "Studio",
        },
        expect.objectContaining({ productId: "p2", quantity: 99 }),
      ],
    })
    const noImage = validateCheckoutCart([candidate({ images: [] })], toCents)
    expect(noImage.ok && noImage.value[0].image).toBeNull()
  })
})

function line(orgId: string, priceCents: number, quantity: number, productId = `p-${orgId}-${priceCents}`): CheckoutLine {
  return { productId, variantId: "v", productName: "n", quantity, priceCents, image: null, orgId, artistName: `Artist ${orgId}` }
}

describe("summarizeCheckout / checkoutResponseAmounts", () => {
  it("groups by organization in first-appearance order with quantities as item counts", () => {
    const summary = summarizeCheckout([line("b", 1000, 2), line("a", 1295, 3), line("b", 3499, 1)])
    expect(summary.artists.map((a) => [a.orgId, a.itemCount, a.subtotalCents, a.payoutCents, a.lines.length])).toEqual([
      ["b", 3, 5499, 4839, 2],
      ["a", 3, 3885, 3419, 1],
    ])
    expect(summary.fees.subtotalCents).toBe(9384)
  })

  it("computes awkward amounts without float noise", () => {
    // 3 x 12.95 + 34.99 + 45.50 = 119.34; fee 14.3208 -> 14.32; stripe (133.66 x 0.029 + 0.30) = 4.17614 -> 4.18
    const summary = summarizeCheckout([line("east", 1295, 3), line("north", 3499, 1), line("south", 4550, 1)])
    expect(checkoutResponseAmounts(summary)).toEqual({
      total: 137.84,
      // No artist has shipping rates: the contract's body, without shipping fields.
      breakdown: { subtotal: 119.34, galleryFee: 14.32, stripeFee: 4.18, total: 137.84 },
      artists: [
        { orgId: "east", artistName: "Artist east", itemCount: 3, subtotal: 38.85, artistPayout: 34.19 },
        { orgId: "north", artistName: "Artist north", itemCount: 1, subtotal: 34.99, artistPayout: 30.79 },
        { orgId: "south", artistName: "Artist south", itemCount: 1, subtotal: 45.5, artistPayout: 40.04 },
      ],
    })
  })

  it("adds each artist's shipping to the total and to that artist's payout, with no commission on it", () => {
    const shipping = new Map([
      ["east", { cents: 850, optionId: "so_east", optionName: "Tracked", country: "FR" }],
    ])
    const summary = summarizeCheckout([line("east", 1295, 3), line("north", 3499, 1)], shipping)
    // merchandise 73.84; fee 12% = 8.8608 -> 8.86; stripe (73.84 + 8.50 + 8.86) x 0.029 + 0.30 = 2.9448 -> 2.94
    expect(checkoutResponseAmounts(summary)).toEqual({
      total: 94.14,
      breakdown: { subtotal: 73.84, shipping: 8.5, galleryFee: 8.86, stripeFee: 2.94, total: 94.14 },
      artists: [
        {
          orgId: "east",
          artistName: "Artist east",
          itemCount: 3,
          subtotal: 38.85,
          shipping: 8.5,
          shippingMethod: { id: "so_east", name: "Tracked" },
          artistPayout: 34.19 + 8.5,
        },
        { orgId: "north", artistName: "Artist north", itemCount: 1, subtotal: 34.99, shipping: 0, shippingMethod: null, artistPayout: 30.79 },
      ],
    })
    expect(summary.artists[0].payoutCents).toBe(3419 + 850)
  })

  it("0.10 x 3 is 0.30, not 0.30000000000000004", () => {
    const amounts = checkoutResponseAmounts(summarizeCheckout([line("a", 10, 3)]))
    expect(amounts.breakdown.subtotal).toBe(0.3)
    expect(amounts.artists[0].artistPayout).toBe(0.26)
  })
})

describe("chooseArtistShipping", () => {
  const options = [
    { id: "so_express", name: "Express", amountCents: 2500, estimate: { minDays: 1, maxDays: 2 } },
    { id: "so_standard", name: "Standard", amountCents: 900, estimate: null },
    { id: "so_tracked", name: "Tracked", amountCents: 900, estimate: { minDays: 3, maxDays: 5 } },
  ]
  const quote = { hasRates: true, options }

  it("an artist without rates ships free, whatever the destination or choice", () => {
    for (const country of ["FR", null]) {
      expect(chooseArtistShipping({ orgId: "org_a", quote: { hasRates: false, options: [] }, country, chosenOptionId: "so_x" })).toEqual({ ok: true, value: NO_SHIPPING })
      expect(chooseArtistShipping({ orgId: "org_a", quote: undefined, country, chosenOptionId: undefined })).toEqual({ ok: true, value: NO_SHIPPING })
    }
  })

  it("defaults to the cheapest option, the first listed on a tie", () => {
    expect(defaultShippingOption(options)?.id).toBe("so_standard")
    expect(defaultShippingOption([])).toBeNull()
    expect(chooseArtistShipping({ orgId: "org_a", quote, country: "FR", chosenOptionId: undefined })).toEqual({
      ok: true,
      value: { cents: 900, optionId: "so_standard", optionName: "Standard", country: "FR" },
    })
  })

  it("takes the shopper's choice when the quote offers it", () => {
    expect(chooseArtistShipping({ orgId: "org_a", quote, country: "FR", chosenOptionId: "so_express" })).toEqual({
      ok: true,
      value: { cents: 2500, optionId: "so_express", optionName: "Express", country: "FR" },
    })
  })

  it("refuses, naming the artist in the field: no destination, no option there, an option not offered", () => {
    expect(chooseArtistShipping({ orgId: "org_a", quote, country: null, chosenOptionId: undefined })).toEqual({
      ok: false,
      message: SHIPPING_MESSAGES.countryRequired,
      field: "countries.org_a",
    })
    expect(chooseArtistShipping({ orgId: "org_a", quote: { hasRates: true, options: [] }, country: "JP", chosenOptionId: undefined })).toEqual({
      ok: false,
      message: "Artist does not ship to JP",
      field: "shippingMethods.org_a",
    })
    expect(chooseArtistShipping({ orgId: "org_a", quote, country: "FR", chosenOptionId: "so_other_artist" })).toEqual({
      ok: false,
      message: SHIPPING_MESSAGES.optionUnavailable,
      field: "shippingMethods.org_a",
    })
  })
})

describe("shippingQuoteView", () => {
  const artist = (orgId: string, country: string | null) => ({ orgId, artistName: `Artist ${orgId}`, subtotalCents: 5000, itemCount: 2, country })
  const quotes = new Map([
    [
      "north",
      {
        hasRates: true,
        options: [
          { id: "so_n_express", name: "Express", amountCents: 2400, estimate: { minDays: 1, maxDays: 2 } },
          { id: "so_n_post", name: "Post", amountCents: 650, estimate: { minDays: 5, maxDays: 10 } },
        ],
      },
    ],
    ["east", { hasRates: true, options: [] }],
    ["south", { hasRates: false, options: [] }],
  ])

  it("lists each artist's options with the default and the selection, and sums what checkout would charge", () => {
    const view = shippingQuoteView([artist("north", "FR"), artist("south", "FR")], quotes, { north: "so_n_express" })
    expect(view).toEqual({
      shipping: 24,
      available: true,
      artists: [
        {
          orgId: "north",
          artistName: "Artist north",
          country: "FR",
          chargesShipping: true,
          available: true,
          reason: null,
          options: [
            { id: "so_n_express", name: "Express", amount: 24, estimate: { minDays: 1, maxDays: 2 } },
            { id: "so_n_post", name: "Post", amount: 6.5, estimate: { minDays: 5, maxDays: 10 } },
          ],
          defaultOptionId: "so_n_post",
          selectedOptionId: "so_n_express",
          shipping: 24,
        },
        {
          orgId: "south",
          artistName: "Artist south",
          country: "FR",
          chargesShipping: false,
          available: true,
          reason: null,
          options: [],
          defaultOptionId: null,
          selectedOptionId: null,
          shipping: 0,
        },
      ],
    })
  })

  it("says why an artist cannot ship there, and the quote is then not available", () => {
    const view = shippingQuoteView([artist("north", null), artist("east", "JP")], quotes)
    expect(view.available).toBe(false)
    expect(view.shipping).toBe(0)
    expect(view.artists.map((a) => [a.orgId, a.available, a.reason, a.shipping])).toEqual([
      ["north", false, SHIPPING_MESSAGES.countryRequired, null],
      ["east", false, "Artist does not ship to JP", null],
    ])
  })
})

describe("allocateStock", () => {
  const levels = [
    { location_id: "a", stocked_quantity: 3, reserved_quantity: 1 },
    { location_id: "b", stocked_quantity: 5, reserved_quantity: 0 },
    { location_id: "c", stocked_quantity: 1, reserved_quantity: 1 },
  ]

  it("takes the location with the most available stock first", () => {
    expect(allocateStock(4, levels)).toEqual([{ location_id: "b", quantity: 4 }])
  })

  it("splits over locations when one is not enough", () => {
    expect(allocateStock(7, levels)).toEqual([
      { location_id: "b", quantity: 5 },
      { location_id: "a", quantity: 2 },
    ])
  })

  it("refuses what the sum of stocked - reserved cannot cover", () => {
    expect(allocateStock(8, levels)).toBeNull()
    expect(allocateStock(1, [{ location_id: "x", stocked_quantity: 1, reserved_quantity: 1 }])).toBeNull()
    expect(allocateStock(1, [])).toBeNull()
    expect(allocateStock(0, levels)).toBeNull()
    expect(allocateStock(1.5, levels)).toBeNull()
  })

  it("the last original goes to exactly one buyer", () => {
    const original = [{ location_id: "w", stocked_quantity: 1, reserved_quantity: 0 }]
    expect(allocateStock(1, original)).toEqual([{ location_id: "w", quantity: 1 }])
    expect(allocateStock(1, [{ ...original[0], reserved_quantity: 1 }])).toBeNull()
  })
})

describe("intentPaysOrder", () => {
  it("accepts the order's total in USD, whatever the case of the currency code", () => {
    expect(intentPaysOrder({ amountCents: 11_489, currency: "usd" }, { total_cents: 11_489 })).toBe(true)
    expect(intentPaysOrder({ amountCents: 11_489, currency: "USD" }, { total_cents: 11_489 })).toBe(true)
  })

  it("refuses another amount or another currency", () => {
    expect(intentPaysOrder({ amountCents: 11_488, currency: "usd" }, { total_cents: 11_489 })).toBe(false)
    expect(intentPaysOrder({ amountCents: 11_490, currency: "usd" }, { total_cents: 11_489 })).toBe(false)
    expect(intentPaysOrder({ amountCents: 11_489, currency: "eur" }, { total_cents: 11_489 })).toBe(false)
  })
})
