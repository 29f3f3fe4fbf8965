import { CHECKOUT_MESSAGES } from "../../lib/gallery-checkout"
import { CheckoutBody, ShippingAddressBody, toShippingAddress } from "../api/gallery/checkout/validators"
import { outcome } from "./parse-outcome"

const ADDRESS = {
  name: "Ada Buyer",
  line1: "1 Main St",
  city: "Springfield",
  state: "IL",
  postal_code: "62701",
  country: "us",
}

/** The parsed address, or null when it is refused. */
async function address(raw: unknown) {
  const result = await outcome(ShippingAddressBody, raw)
  return result.ok ? toShippingAddress(result.value) : null
}

const checkoutOutcome = (raw: unknown) => outcome(CheckoutBody, raw)

describe("ShippingAddressBody", () => {
  it("accepts a complete address, trims it, upper-cases the country and drops unknown fields", async () => {
    expect(await address({ ...ADDRESS, name: "  Ada Buyer ", line2: " Apt 4 ", extra: "x" })).toEqual({
      name: "Ada Buyer",
      line1: "1 Main St",
      line2: "Apt 4",
      city: "Springfield",
      state: "IL",
      postal_code: "62701",
      country: "US",
    })
    expect((await address(ADDRESS))?.line2).toBeNull()
    expect((await address({ ...ADDRESS, line2: "" }))?.line2).toBeNull()
  })

  it.each(["name", "line1", "city", "state", "postal_code", "country"])("refuses an address without %s", async (field) => {
    expect(await address({ ...ADDRESS, [field]: undefined })).toBeNull()
    expect(await address({ ...ADDRESS, [field]: "   " })).toBeNull()
    expect(await address({ ...ADDRESS, [field]: 12 })).toBeNull()
  })

  it("requires a two-letter country and a string line2", async () => {
    expect(await address({ ...ADDRESS, country: "USA" })).toBeNull()
    expect(await address({ ...ADDRESS, country: "U1" })).toBeNull()
    expect(await address({ ...ADDRESS, country: "XX" })).toBeNull()
    expect(await address({ ...ADDRESS, line2: 5 })).toBeNull()
    expect(await address(null)).toBeNull()
    expect(await address("1 Main St")).toBeNull()
    expect(await address([ADDRESS])).toBeNull()
  })
})

describe("CheckoutBody", () => {
  const valid = { sessionId: "s1", email: "Ada@Example.com ", shippingOption: "single_address", shippingAddress: ADDRESS }

  it("returns the normalized request", async () => {
    expect(await checkoutOutcome(valid)).toEqual({
      ok: true,
      value: {
        sessionId: "s1",
        email: "ada@example.com",
        shippingOption: "single_address",
        shippingAddress: { ...ADDRESS, country: "US", line2: null },
        shippingMethods: {},
        countries: {},
      },
    })
  })

  it("takes shipping choices per artist and, for per_artist, destination countries (upper-cased)", async () => {
    expect(await checkoutOutcome({ ...valid, shippingMethods: { org_a: "so_1" }, countries: { org_a: "fr" } })).toMatchObject({
      ok: true,
      // single_address: the address's country is the destination; a countries map is not used.
      value: { shippingMethods: { org_a: "so_1" }, countries: {} },
    })
    expect(
      await checkoutOutcome({ ...valid, shippingOption: "per_artist", countries: { org_a: "fr", org_b: " JP " } })
    ).toMatchObject({ ok: true, value: { countries: { org_a: "FR", org_b: "JP" } } })
  })

  it.each([
    ["a country of three letters", { countries: { org_a: "FRA" } }, "Country must be a two-letter ISO 3166-1 code"],
    ["countries not an object", { countries: ["FR"] }, "countries must map organization ids to values"],
    ["shippingMethods with an empty option", { shippingMethods: { org_a: "" } }, "shippingMethods must map organization ids to shipping option ids"],
  ])("per_artist with %s -> 400", async (_name, extra, message) => {
    expect(await checkoutOutcome({ ...valid, shippingOption: "per_artist", ...extra })).toMatchObject({ ok: false, message })
  })

  it("per_artist ignores any address", async () => {
    const parsed = await checkoutOutcome({ ...valid, shippingOption: "per_artist" })
    expect(parsed).toMatchObject({ ok: true, value: { shippingOption: "per_artist", shippingAddress: null } })
    expect((await checkoutOutcome({ sessionId: "s", email: "a@b.co", shippingOption: "per_artist" })).ok).toBe(true)
  })

  it.each([
    ["no body", undefined],
    ["no sessionId", { ...valid, sessionId: undefined }],
    ["blank sessionId", { ...valid, sessionId: "  " }],
    ["no email", { ...valid, email: undefined }],
    ["no shippingOption", { ...valid, shippingOption: undefined }],
    ["unknown shippingOption", { ...valid, shippingOption: "pickup" }],
    ["single_address without address", { ...valid, shippingAddress: undefined }],
    ["single_address with incomplete address", { ...valid, shippingAddress: { ...ADDRESS, city: "" } }],
    ["missing fields win over a bad email", { ...valid, email: "nope", sessionId: undefined }],
  ])("%s -> Missing required fields", async (_name, body) => {
    expect(await checkoutOutcome(body)).toMatchObject({ ok: false, message: CHECKOUT_MESSAGES.missingFields })
  })

  it("names the address's refused field with the contract's message (a form shows it next to that field)", async () => {
    for (const [address, field] of [
      [{ ...ADDRESS, country: "USA" }, "shippingAddress.country"],
      [{ ...ADDRESS, country: "XX" }, "shippingAddress.country"],
      [{ ...ADDRESS, city: " " }, "shippingAddress.city"],
      [undefined, "shippingAddress"],
    ] as const) {
      expect(await checkoutOutcome({ ...valid, shippingAddress: address })).toEqual({ ok: false, message: CHECKOUT_MESSAGES.missingFields, field })
    }
  })

  it.each(["nope", "a@b", "a b@c.d", "@b.c", "a@.c"])("%s -> Invalid email address", async (email) => {
    expect(await checkoutOutcome({ ...valid, email })).toMatchObject({ ok: false, message: CHECKOUT_MESSAGES.invalidEmail })
  })
})
