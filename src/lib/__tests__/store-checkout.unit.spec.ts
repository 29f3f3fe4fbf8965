import type { ArtistShippingQuote } from "../gallery-checkout"
import {
  canTakeStorePayments,
  checkoutSessionShipping,
  chooseStoreShipping,
  mergeRequestedLines,
  parseCheckoutSessionItems,
  NO_STORE_SHIPPING,
  STORE_CHECKOUT_MESSAGES,
  STORE_SHIPPING_MESSAGES,
  storeChargeCents,
  storeChargeMatches,
  storeCheckoutRefusal,
  storeOrderIdOf,
  storeSubtotalCents,
  type StoreVariantFacts,
} from "../store-checkout"

const facts = (over: Partial<StoreVariantFacts> = {}): StoreVariantFacts => ({
  variant_id: "v1",
  product_id: "p1",
  product_status: "published",
  artist_archived: false,
  in_store: true,
  price_cents: 3499,
  available: 5,
  ...over,
})
const line = (quantity = 1, over: object = {}) => ({ product_id: "p1", variant_id: "v1", quantity, ...over })

describe("store checkout rules", () => {
  it("merges repeated variants, keeping a wrong product apart", () => {
    expect(mergeRequestedLines([line(2), line(3), line(1, { product_id: "p2" })])).toEqual([line(5), line(1, { product_id: "p2" })])
  })

  it("refuses each reason in order and accepts a sellable line", () => {
    const one = (v: Partial<StoreVariantFacts>, l = line()) => storeCheckoutRefusal([l], new Map([["v1", facts(v)]]))?.message ?? null
    expect(one({})).toBeNull()
    expect(storeCheckoutRefusal([line()], new Map())?.message).toBe(STORE_CHECKOUT_MESSAGES.notSoldHere)
    expect(one({ product_id: "p2" })).toBe(STORE_CHECKOUT_MESSAGES.notSoldHere)
    expect(one({ in_store: false })).toBe(STORE_CHECKOUT_MESSAGES.notSoldHere)
    expect(one({ product_status: "draft" })).toBe(STORE_CHECKOUT_MESSAGES.notAvailable)
    expect(one({ artist_archived: true })).toBe(STORE_CHECKOUT_MESSAGES.notAvailable)
    expect(one({ price_cents: null })).toBe(STORE_CHECKOUT_MESSAGES.noPrice)
    expect(one({ available: null }, line(100))).toBe(STORE_CHECKOUT_MESSAGES.quantityTooLarge)
    expect(one({ available: 5 }, line(6))).toBe(STORE_CHECKOUT_MESSAGES.outOfStock)
    expect(one({ available: 5 }, line(5))).toBeNull()
    expect(one({ available: null }, line(99))).toBeNull()
  })

  it("sums in whole cents and matches a charge only to the cent and currency", () => {
    expect(storeSubtotalCents([{ quantity: 3, unit_price_cents: 1999 }, { quantity: 1, unit_price_cents: 1 }])).toBe(5998)
    const payment = { subtotal_cents: 5998, shipping_cents: 0, currency: "usd" }
    expect(storeChargeMatches({ amountCents: 5998, currency: "USD" }, payment)).toBe(true)
    expect(storeChargeMatches({ amountCents: 5997, currency: "usd" }, payment)).toBe(false)
    expect(storeChargeMatches({ amountCents: 5998, currency: "eur" }, payment)).toBe(false)
    // With shipping the charge is the merchandise and the shipping, to the cent.
    const shipped = { ...payment, shipping_cents: 850 }
    expect(storeChargeCents(shipped)).toBe(6848)
    expect(storeChargeMatches({ amountCents: 6848, currency: "usd" }, shipped)).toBe(true)
    expect(storeChargeMatches({ amountCents: 5998, currency: "usd" }, shipped)).toBe(false)
  })

  it("takes payments only with a connected account whose transfers capability is active", () => {
    expect(canTakeStorePayments({ stripe_account_id: "acct_1", transfers_active: true })).toBe(true)
    expect(canTakeStorePayments({ stripe_account_id: "acct_1", transfers_active: false })).toBe(false)
    expect(canTakeStorePayments({ stripe_account_id: null, transfers_active: true })).toBe(false)
  })

  it("reads a Checkout session's items metadata or refuses it", () => {
    expect(parseCheckoutSessionItems(JSON.stringify([line(2)]))).toEqual([line(2)])
    for (const bad of [undefined, "", "not json", "[]", JSON.stringify([line(0)]), JSON.stringify([line(100)]), JSON.stringify([{ variant_id: "v1", quantity: 1 }]), JSON.stringify({})]) {
      expect(parseCheckoutSessionItems(bad)).toBeNull()
    }
  })

  it("derives the store order's id from its payment's, so a retry finds the same order", () => {
    expect(storeOrderIdOf("spay_01KAB3XYZ")).toBe("order_01KAB3XYZ")
    expect(storeOrderIdOf("spay_01KAB3XYZ")).toBe(storeOrderIdOf("spay_01KAB3XYZ"))
  })

  describe("shipping", () => {
    const option = (id: string, amountCents: number) => ({ id, name: id.toUpperCase(), amountCents, estimate: null })
    const quote = (...options: ReturnType<typeof option>[]): ArtistShippingQuote => ({ hasRates: true, options })
    const choose = (q: ArtistShippingQuote | undefined, country: string | null, chosenOptionId?: string) =>
      chooseStoreShipping({ quote: q, country, chosenOptionId })

    it("an artist without rates ships free, with or without an address, and offers no option to choose", () => {
      expect(choose(undefined, null)).toEqual({ ok: true, value: NO_STORE_SHIPPING })
      expect(choose({ hasRates: false, options: [] }, "FR")).toEqual({ ok: true, value: { cents: 0, optionId: null, optionName: null } })
      expect(choose({ hasRates: false, options: [] }, "FR", "so_1")).toEqual({
        ok: false,
        message: STORE_SHIPPING_MESSAGES.optionUnavailable,
        field: "shipping_option_id",
      })
    })

    it("defaults to the cheapest option (the first of a tie), or charges the chosen one", () => {
      const offered = quote(option("so_express", 2400), option("so_tracked", 1050), option("so_post", 1050))
      expect(choose(offered, "FR")).toEqual({ ok: true, value: { cents: 1050, optionId: "so_tracked", optionName: "SO_TRACKED" } })
      expect(choose(offered, "FR", "so_express")).toEqual({ ok: true, value: { cents: 2400, optionId: "so_express", optionName: "SO_EXPRESS" } })
      expect(choose(quote(option("so_free", 0)), "US")).toEqual({ ok: true, value: { cents: 0, optionId: "so_free", optionName: "SO_FREE" } })
    })

    it("refuses, naming the field: no country, a country the artist does not ship to, an option not offered there", () => {
      expect(choose(quote(option("so_1", 500)), null)).toEqual({
        ok: false,
        message: STORE_SHIPPING_MESSAGES.countryRequired,
        field: "shipping_address.country",
      })
      expect(choose(quote(), "JP")).toEqual({ ok: false, message: "Artist does not ship to JP", field: "shipping_address.country" })
      expect(choose(quote(option("so_1", 500)), "FR", "so_other")).toEqual({
        ok: false,
        message: STORE_SHIPPING_MESSAGES.optionUnavailable,
        field: "shipping_option_id",
      })
    })

    it("reads a completed Checkout session's shipping: cost, rate name, address of either API version", () => {
      const address = { line1: "1 Rue X", line2: null, city: "Lyon", state: null, postal_code: "69001", country: "fr" }
      const expected = { name: "Ada", line1: "1 Rue X", line2: null, city: "Lyon", state: "", postal_code: "69001", country: "FR" }
      expect(
        checkoutSessionShipping({
          shipping_cost: { amount_subtotal: 850, amount_tax: 0, amount_total: 850, shipping_rate: "shr_1" },
          collected_information: { shipping_details: { name: "Ada", address } },
        })
      ).toEqual({ cents: 850, rateName: null, address: expected })
      expect(
        checkoutSessionShipping({
          shipping_cost: { amount_total: 1200, shipping_rate: { id: "shr_2", display_name: "Express" } },
          shipping_details: { name: "Ada", address },
        })
      ).toEqual({ cents: 1200, rateName: "Express", address: expected })
      expect(checkoutSessionShipping({ shipping_cost: null, collected_information: null })).toEqual({ cents: 0, rateName: null, address: null })
      expect(checkoutSessionShipping({ shipping_cost: { amount_total: -5 }, shipping_details: { address: { country: "France" } } })).toEqual({
        cents: 0,
        rateName: null,
        address: null,
      })
    })
  })
})
