import { chooseArtistShipping, defaultShippingOption, SHIPPING_MESSAGES } from "../gallery-checkout"
import {
  COUNTRY_CODES,
  estimateOf,
  isCountryCode,
  isDeliveryDays,
  isRateAmount,
  isThresholdAmount,
  quoteArtistShipping,
  rateAmountCents,
  rateOptionData,
  rateOptionPrices,
  rateRefusal,
  rateZoneName,
  restOfWorldCountries,
  SHIPPING_RATE_MESSAGES,
  shippingRateView,
  storedDays,
  zoneKeyOf,
  type QuotableRate,
  type ShippingRateInput,
} from "../shipping-rates"

const rate = (overrides: Partial<QuotableRate> = {}): QuotableRate => ({
  id: "so_standard",
  name: "Standard",
  firstItemCents: 1250,
  additionalItemCents: 300,
  freeShippingThresholdCents: null,
  estimate: { minDays: 3, maxDays: 5 },
  shipsToDestination: true,
  ...overrides,
})

const input = (overrides: Partial<ShippingRateInput> = {}): ShippingRateInput => ({
  name: "Europe",
  countries: ["FR", "DE"],
  restOfWorld: false,
  firstItemCents: 1250,
  additionalItemCents: 300,
  freeShippingThresholdCents: null,
  minDeliveryDays: null,
  maxDeliveryDays: null,
  ...overrides,
})

describe("rateAmountCents", () => {
  it("charges the first item's amount, then the additional amount for each further item", () => {
    expect(rateAmountCents(rate(), { subtotalCents: 5000, itemCount: 1 })).toBe(1250)
    expect(rateAmountCents(rate(), { subtotalCents: 5000, itemCount: 2 })).toBe(1550)
    expect(rateAmountCents(rate(), { subtotalCents: 5000, itemCount: 4 })).toBe(2150)
    expect(rateAmountCents(rate({ additionalItemCents: 0 }), { subtotalCents: 5000, itemCount: 7 })).toBe(1250)
  })

  it("charges nothing for no items", () => {
    expect(rateAmountCents(rate(), { subtotalCents: 0, itemCount: 0 })).toBe(0)
  })

  it("is free at the threshold and above, charged just below it", () => {
    const withThreshold = rate({ freeShippingThresholdCents: 15000 })
    expect(rateAmountCents(withThreshold, { subtotalCents: 15000, itemCount: 3 })).toBe(0)
    expect(rateAmountCents(withThreshold, { subtotalCents: 15001, itemCount: 3 })).toBe(0)
    expect(rateAmountCents(withThreshold, { subtotalCents: 14999, itemCount: 3 })).toBe(1850)
    // A threshold of 0 makes the rate always free.
    expect(rateAmountCents(rate({ freeShippingThresholdCents: 0 }), { subtotalCents: 0, itemCount: 1 })).toBe(0)
  })

  it("adds cents exactly, where adding the dollar amounts as doubles would not", () => {
    // 0.1 + 2 x 0.2 is 0.5000000000000001 in binary floating point; in cents it is 50.
    expect(rateAmountCents(rate({ firstItemCents: 10, additionalItemCents: 20 }), { subtotalCents: 100, itemCount: 3 })).toBe(50)
    expect(rateAmountCents(rate({ firstItemCents: 1999, additionalItemCents: 1 }), { subtotalCents: 100, itemCount: 101 })).toBe(2099)
  })
})

describe("quoteArtistShipping", () => {
  it("an artist with no rates ships free everywhere (no options to choose from)", () => {
    const quote = quoteArtistShipping([], { subtotalCents: 5000, itemCount: 2 })
    expect(quote).toEqual({ hasRates: false, options: [] })
    expect(chooseArtistShipping({ orgId: "org_a", quote, country: "JP", chosenOptionId: undefined })).toEqual({
      ok: true,
      value: { cents: 0, optionId: null, optionName: null, country: null },
    })
  })

  it("offers the rates whose zones cover the destination, priced for the artist's part, cheapest first", () => {
    const quote = quoteArtistShipping(
      [
        rate({ id: "so_express", name: "Express", firstItemCents: 3000, additionalItemCents: 500, estimate: { minDays: 1, maxDays: 2 } }),
        rate({ id: "so_standard" }),
        rate({ id: "so_asia", name: "Asia", firstItemCents: 100, shipsToDestination: false }),
      ],
      { subtotalCents: 8000, itemCount: 2 }
    )
    expect(quote).toEqual({
      hasRates: true,
      options: [
        { id: "so_standard", name: "Standard", amountCents: 1550, estimate: { minDays: 3, maxDays: 5 } },
        { id: "so_express", name: "Express", amountCents: 3500, estimate: { minDays: 1, maxDays: 2 } },
      ],
    })
    expect(defaultShippingOption(quote.options)?.id).toBe("so_standard")
  })

  it("the cheapest is the default, a free-from-threshold rate included; ties go by name", () => {
    const quote = quoteArtistShipping(
      [
        rate({ id: "so_b", name: "Boat", firstItemCents: 900 }),
        rate({ id: "so_a", name: "Air", firstItemCents: 900 }),
        rate({ id: "so_free", name: "Tracked", firstItemCents: 2500, freeShippingThresholdCents: 10000 }),
      ],
      { subtotalCents: 10000, itemCount: 1 }
    )
    expect(quote.options.map((o) => [o.id, o.amountCents])).toEqual([
      ["so_free", 0],
      ["so_a", 900],
      ["so_b", 900],
    ])
    expect(defaultShippingOption(quote.options)?.id).toBe("so_free")
  })

  it("an artist with rates but none for the destination does not ship there: checkout gives the reason", () => {
    const quote = quoteArtistShipping([rate({ shipsToDestination: false })], { subtotalCents: 5000, itemCount: 1 })
    expect(quote).toEqual({ hasRates: true, options: [] })
    expect(chooseArtistShipping({ orgId: "org_a", quote, country: "JP", chosenOptionId: undefined })).toEqual({
      ok: false,
      message: SHIPPING_MESSAGES.doesNotShip("JP"),
      field: "shippingMethods.org_a",
    })
  })
})

describe("rest of world", () => {
  it("covers every ISO country no other rate names", () => {
    const rest = restOfWorldCountries(["fr", "DE", "US"])
    expect(rest).toHaveLength(COUNTRY_CODES.length - 3)
    expect(rest).not.toEqual(expect.arrayContaining(["FR"]))
    expect(rest).toEqual(expect.arrayContaining(["JP", "GB", "CA"]))
    expect(rest.includes("DE") || rest.includes("US")).toBe(false)
    expect(restOfWorldCountries([])).toEqual(COUNTRY_CODES)
  })

  it("knows Medusa's ISO 3166-1 alpha-2 list, in any case", () => {
    expect(COUNTRY_CODES.length).toBeGreaterThan(240)
    expect(isCountryCode("fr")).toBe(true)
    expect(isCountryCode("GB")).toBe(true)
    expect(isCountryCode("XX")).toBe(false)
    expect(isCountryCode("UK")).toBe(false)
  })
})

describe("rate checks", () => {
  it("amounts: 0 to 10,000 with at most two decimals; thresholds from 0 with two decimals; days whole 0-365", () => {
    expect([0, 12.5, 0.01, 10000].every(isRateAmount)).toBe(true)
    expect([-0.01, 10000.01, 1.005, Number.NaN, "12.50", null].some(isRateAmount)).toBe(false)
    expect([0, 150, 99_999_999.99].every(isThresholdAmount)).toBe(true)
    expect([-1, 1.234, "1"].some(isThresholdAmount)).toBe(false)
    expect([0, 3, 365].every(isDeliveryDays)).toBe(true)
    expect([-1, 2.5, 366, "3"].some(isDeliveryDays)).toBe(false)
  })

  it("refuses what no single field shows, naming the field", () => {
    expect(rateRefusal(input())).toBeNull()
    expect(rateRefusal(input({ countries: [] }))?.field).toBe("countries")
    expect(rateRefusal(input({ restOfWorld: true }))?.field).toBe("countries")
    expect(rateRefusal(input({ restOfWorld: true, countries: [] }))).toBeNull()
    expect(rateRefusal(input({ minDeliveryDays: 3, maxDeliveryDays: null }))).toEqual({
      field: "max_delivery_days",
      message: SHIPPING_RATE_MESSAGES.daysPair,
    })
    expect(rateRefusal(input({ minDeliveryDays: null, maxDeliveryDays: 3 }))?.field).toBe("min_delivery_days")
    expect(rateRefusal(input({ minDeliveryDays: 6, maxDeliveryDays: 5 }))).toEqual({
      field: "max_delivery_days",
      message: SHIPPING_RATE_MESSAGES.daysOrder,
    })
    expect(rateRefusal(input({ minDeliveryDays: 5, maxDeliveryDays: 5 }))).toBeNull()
  })
})

describe("what a rate is in Medusa", () => {
  it("prices: the first item's amount, and 0 under an item_total >= threshold rule", () => {
    expect(rateOptionPrices(input())).toEqual([{ currency_code: "usd", amount: 12.5 }])
    expect(rateOptionPrices(input({ freeShippingThresholdCents: 15000 }))).toEqual([
      { currency_code: "usd", amount: 12.5 },
      { currency_code: "usd", amount: 0, rules: [{ attribute: "item_total", operator: "gte", value: 150 }] },
    ])
  })

  it("data: what the option has no field for", () => {
    expect(rateOptionData(input({ restOfWorld: true, minDeliveryDays: 2, maxDeliveryDays: 4 }))).toEqual({
      atelier_rate: 1,
      rest_of_world: true,
      additional_item_amount: 3,
      min_delivery_days: 2,
      max_delivery_days: 4,
    })
    expect(estimateOf("2", 4)).toEqual({ minDays: 2, maxDays: 4 })
    expect(estimateOf(null, 4)).toBeNull()
    expect(storedDays("x")).toBeNull()
  })

  it("zone names are unique by their key, which a rename keeps", () => {
    const name = rateZoneName("Europe · tracked", "studio-north", "a1b2c3d4")
    expect(name).toBe("Europe · tracked · studio-north · a1b2c3d4")
    expect(zoneKeyOf(name)).toBe("a1b2c3d4")
    expect(zoneKeyOf("Atelier artist shipping (worldwide)")).toBeNull()
  })

  it("the dashboard's view: USD amounts, days apart", () => {
    expect(
      shippingRateView({
        id: "so_1",
        ...input({ freeShippingThresholdCents: 15000, minDeliveryDays: 3, maxDeliveryDays: 5 }),
        created_at: "2026-01-01T00:00:00.000Z",
        updated_at: "2026-01-02T00:00:00.000Z",
      })
    ).toEqual({
      id: "so_1",
      name: "Europe",
      countries: ["FR", "DE"],
      rest_of_world: false,
      first_item_amount: 12.5,
      additional_item_amount: 3,
      free_shipping_threshold: 150,
      min_delivery_days: 3,
      max_delivery_days: 5,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-02T00:00:00.000Z",
    })
  })
})
