import * as frameworkZod from "@medusajs/framework/zod"
import * as zod from "zod"
import {
  ACCOUNT_MESSAGES,
  ADDRESS_MESSAGES,
  API_KEY_FIELD_MESSAGES,
  ApiKeyFormSchema,
  CART_QUANTITY_MESSAGES,
  CartQuantitySchema,
  fieldMessages,
  LoginSchema,
  ORIGIN_MESSAGES,
  PRODUCT_FIELD_MESSAGES,
  ProductFormSchema,
  RATE_FIELD_MESSAGES,
  ShippingAddressSchema,
  ShippingOriginSchema,
  ShippingRateCombinationSchema,
  ShippingRateFormSchema,
  SignupSchema,
} from "../form-schemas"
import { formErrorsOfIssues } from "../../../apps/shared/form-errors"
import { PASSWORD_MESSAGES } from "../passwords"

/** Every field's message at once, as a form shows them. */
function messages(schema: zod.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value)
  return result.success ? {} : fieldMessages(result.error.issues)
}

const ADDRESS = { name: "Ada Buyer", line1: "1 Main St", city: "Springfield", state: "IL", postal_code: "62701", country: "us" }

describe("form schemas", () => {
  it("use the same zod as the routes (@medusajs/framework/zod), so a route can compose them", () => {
    expect(frameworkZod.z.ZodType).toBe(zod.z.ZodType)
  })

  describe("ShippingAddressSchema", () => {
    it("accepts a complete address: trimmed, country upper-cased, blank line2 null", () => {
      expect(ShippingAddressSchema.parse({ ...ADDRESS, name: " Ada Buyer ", line2: "  " })).toEqual({ ...ADDRESS, line2: null, country: "US" })
    })

    it("names every missing field at once, each with its own message", () => {
      expect(messages(ShippingAddressSchema, { line2: "x" })).toEqual({
        name: ADDRESS_MESSAGES.name,
        line1: ADDRESS_MESSAGES.line1,
        city: ADDRESS_MESSAGES.city,
        state: ADDRESS_MESSAGES.state,
        postal_code: ADDRESS_MESSAGES.postal_code,
        country: ADDRESS_MESSAGES.country,
      })
    })

    it.each(["USA", "U1", "XX", "", 12])("refuses the country %p", (country) => {
      expect(messages(ShippingAddressSchema, { ...ADDRESS, country })).toEqual({ country: ADDRESS_MESSAGES.country })
    })

    it("refuses over-long fields and NUL characters", () => {
      expect(messages(ShippingAddressSchema, { ...ADDRESS, postal_code: "1".repeat(21) })).toEqual({ postal_code: "Use at most 20 characters" })
      expect(messages(ShippingAddressSchema, { ...ADDRESS, city: "A\u0000" })).toEqual({ city: ADDRESS_MESSAGES.city })
    })
  })

  describe("ShippingOriginSchema", () => {
    it("needs the address line and a listed country; the rest is optional (blank is none)", () => {
      expect(ShippingOriginSchema.parse({ address_1: " 1 Rue ", city: "", country_code: "fr" })).toEqual({
        address_1: "1 Rue",
        address_2: null,
        city: null,
        province: null,
        postal_code: null,
        country_code: "FR",
        phone: null,
      })
      expect(messages(ShippingOriginSchema, { address_1: " ", country_code: "FRA" })).toEqual({
        address_1: ORIGIN_MESSAGES.address_1,
        country_code: ORIGIN_MESSAGES.country_code,
      })
    })
  })

  describe("accounts", () => {
    it("sign-up: email and password rules, names optional", () => {
      expect(messages(SignupSchema, { email: "ada@example.com", password: "long enough pass" })).toEqual({})
      expect(messages(SignupSchema, { first_name: "x".repeat(201), email: "ada@", password: "short" })).toEqual({
        first_name: "Use at most 200 characters",
        email: ACCOUNT_MESSAGES.email,
        password: PASSWORD_MESSAGES.tooShort,
      })
      expect(messages(SignupSchema, {})).toEqual({ email: ACCOUNT_MESSAGES.email, password: PASSWORD_MESSAGES.required })
    })

    it("login: an email and a password", () => {
      expect(messages(LoginSchema, { email: " ada@example.com ", password: "x" })).toEqual({})
      expect(messages(LoginSchema, { email: "", password: "" })).toEqual({
        email: ACCOUNT_MESSAGES.email,
        password: ACCOUNT_MESSAGES.passwordRequired,
      })
    })
  })

  describe("ProductFormSchema", () => {
    it("accepts a title with a price, stock and images", () => {
      const value = { title: " Dawn ", base_price: 34.99, inventory_quantity: 3, product_images: ["https://x.test/a.jpg"] }
      expect(ProductFormSchema.parse(value)).toEqual({ ...value, title: "Dawn" })
      expect(ProductFormSchema.parse({ title: "Dawn", base_price: null })).toEqual({ title: "Dawn", base_price: null })
    })

    it("says what is wrong with each field at once", () => {
      expect(
        messages(ProductFormSchema, { title: " ", base_price: Number.NaN, inventory_quantity: 1.5, product_images: ["ftp://x"] })
      ).toEqual({
        title: PRODUCT_FIELD_MESSAGES.title,
        base_price: PRODUCT_FIELD_MESSAGES.price,
        inventory_quantity: PRODUCT_FIELD_MESSAGES.inventory,
        "product_images.0": PRODUCT_FIELD_MESSAGES.images,
      })
      expect(messages(ProductFormSchema, { title: "Dawn", base_price: 1.234 })).toEqual({ base_price: PRODUCT_FIELD_MESSAGES.price })
      expect(messages(ProductFormSchema, { title: "Dawn", product_images: "x" })).toEqual({ product_images: PRODUCT_FIELD_MESSAGES.images })
    })

    it("words its messages for people, never as a type or an array", () => {
      for (const message of Object.values(PRODUCT_FIELD_MESSAGES)) expect(message).not.toMatch(/array|string|product_images|NaN/)
    })
  })

  describe("ApiKeyFormSchema", () => {
    it("needs a name and at least one known scope", () => {
      expect(messages(ApiKeyFormSchema, { name: "Site", scopes: ["read:products"] })).toEqual({})
      expect(messages(ApiKeyFormSchema, { name: " ", scopes: [] })).toEqual({
        name: API_KEY_FIELD_MESSAGES.name,
        scopes: API_KEY_FIELD_MESSAGES.scopes,
      })
      expect(messages(ApiKeyFormSchema, { name: "Site", scopes: ["root"] })).toEqual({ "scopes.0": API_KEY_FIELD_MESSAGES.scopes })
      expect(API_KEY_FIELD_MESSAGES.scopes).not.toMatch(/array/)
    })
  })

  describe("ShippingRateFormSchema and ShippingRateCombinationSchema (the dashboard's rate form)", () => {
    const RATE = {
      name: "Europe tracked",
      countries: ["fr", "DE", "FR"],
      rest_of_world: false,
      first_item_amount: 12.5,
      additional_item_amount: 0,
      free_shipping_threshold: null,
      min_delivery_days: 3,
      max_delivery_days: 6,
    }

    it("accepts a rate: countries upper-cased, each once", () => {
      expect(ShippingRateFormSchema.parse(RATE)).toEqual({ ...RATE, countries: ["FR", "DE"] })
      expect(messages(ShippingRateCombinationSchema, RATE)).toEqual({})
      expect(messages(ShippingRateFormSchema, { ...RATE, countries: [], rest_of_world: true, min_delivery_days: null, max_delivery_days: null })).toEqual({})
    })

    it("says what is wrong with each field at once", () => {
      expect(
        messages(ShippingRateFormSchema, {
          ...RATE,
          name: " ",
          countries: ["FR", "XX"],
          first_item_amount: "12,50",
          additional_item_amount: 1.234,
          free_shipping_threshold: -1,
          min_delivery_days: 2.5,
        })
      ).toEqual({
        name: RATE_FIELD_MESSAGES.nameInvalid,
        countries: RATE_FIELD_MESSAGES.unknownCountry("XX"),
        first_item_amount: RATE_FIELD_MESSAGES.amountInvalid,
        additional_item_amount: RATE_FIELD_MESSAGES.amountInvalid,
        free_shipping_threshold: RATE_FIELD_MESSAGES.thresholdInvalid,
        min_delivery_days: RATE_FIELD_MESSAGES.daysInvalid,
      })
    })

    it("checks the fields together whatever each of them says, naming the field to change", () => {
      const together = (changes: object) => messages(ShippingRateCombinationSchema, { ...RATE, ...changes })
      expect(together({ countries: [] })).toEqual({ countries: RATE_FIELD_MESSAGES.countriesInvalid })
      expect(together({ countries: [], rest_of_world: true })).toEqual({})
      expect(together({ rest_of_world: true })).toEqual({ countries: RATE_FIELD_MESSAGES.restOfWorldWithCountries })
      expect(together({ min_delivery_days: null })).toEqual({ min_delivery_days: RATE_FIELD_MESSAGES.daysPair })
      expect(together({ min_delivery_days: 7 })).toEqual({ max_delivery_days: RATE_FIELD_MESSAGES.daysOrder })
      // A day that is not a number is its own field's message, and still counts as given.
      expect(together({ min_delivery_days: "soon" })).toEqual({})
      expect(together({ min_delivery_days: "soon", max_delivery_days: null })).toEqual({ max_delivery_days: RATE_FIELD_MESSAGES.daysPair })
      expect(together({ name: " ", first_item_amount: -1, countries: [] })).toEqual({ countries: RATE_FIELD_MESSAGES.countriesInvalid })
      // Every refusal at once (the route answers the first).
      expect(together({ countries: [], max_delivery_days: null })).toEqual({
        countries: RATE_FIELD_MESSAGES.countriesInvalid,
        max_delivery_days: RATE_FIELD_MESSAGES.daysPair,
      })
    })

    it("words the messages the form shows for people, never a field's JSON name", () => {
      const shown = ["nameInvalid", "countriesInvalid", "amountInvalid", "thresholdInvalid", "daysInvalid", "daysPair", "daysOrder"] as const
      for (const key of shown) expect(RATE_FIELD_MESSAGES[key]).not.toMatch(/array|string|_|null/)
    })
  })

  describe("CartQuantitySchema", () => {
    it.each([1, 2, 99])("accepts %p", (quantity) => {
      expect(CartQuantitySchema.parse(quantity)).toBe(quantity)
    })

    it("refuses more than 99 saying that 99 is the most, and anything not a whole number from 1", () => {
      expect(messages(CartQuantitySchema, 100)).toEqual({ "": CART_QUANTITY_MESSAGES.tooMany })
      expect(messages(CartQuantitySchema, 150)).toEqual({ "": CART_QUANTITY_MESSAGES.tooMany })
      expect(CART_QUANTITY_MESSAGES.tooMany).toContain("99")
      for (const bad of [0, -1, 1.5, Number.NaN, "2"]) expect(messages(CartQuantitySchema, bad)).toEqual({ "": CART_QUANTITY_MESSAGES.invalid })
    })
  })

  describe("formErrorsOfIssues (apps/shared/form-errors.ts)", () => {
    it("places every issue on its form field at once, under the schema's place in the body", () => {
      const result = ShippingAddressSchema.safeParse({ name: "Ada", country: "USA" })
      if (result.success) throw new Error("the address should be refused")
      const fields = ["email", "shippingAddress", "shippingAddress.city", "shippingAddress.country"] as const
      expect(formErrorsOfIssues(result.error.issues, fields, {}, "shippingAddress")).toEqual({
        // line1, state and postal_code have no field of their own in this form: the address's.
        fields: { "shippingAddress.city": ADDRESS_MESSAGES.city, "shippingAddress.country": ADDRESS_MESSAGES.country, shippingAddress: ADDRESS_MESSAGES.line1 },
        form: null,
      })
      expect(formErrorsOfIssues([{ path: ["other"], message: "Not a field" }], fields)).toEqual({ fields: {}, form: "Not a field" })
    })
  })
})
