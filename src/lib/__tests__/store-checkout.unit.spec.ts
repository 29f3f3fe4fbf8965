import {
  canTakeStorePayments,
  mergeRequestedLines,
  parseCheckoutSessionItems,
  STORE_CHECKOUT_MESSAGES,
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
    expect(storeChargeMatches({ amountCents: 5998, currency: "USD" }, { subtotal_cents: 5998, currency: "usd" })).toBe(true)
    expect(storeChargeMatches({ amountCents: 5997, currency: "usd" }, { subtotal_cents: 5998, currency: "usd" })).toBe(false)
    expect(storeChargeMatches({ amountCents: 5998, currency: "eur" }, { subtotal_cents: 5998, currency: "usd" })).toBe(false)
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
})
