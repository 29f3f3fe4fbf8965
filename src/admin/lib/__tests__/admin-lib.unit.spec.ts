import { presetRange, rangeProblem } from "../../../../apps/shared/date-range"
import { formErrorsOf } from "../../../../apps/shared/form-errors"
import { address, day, fromLocalInput, numberInput, percent, toLocalInput } from "../../../../apps/shared/format"
import { validateCollectionRules } from "../../../lib/smart-collection-rules"
import { errorMessageOf, withQuery } from "../api"
import { moveItem, reorderBody } from "../reorder"
import { describeRules, draftFromRules, EMPTY_RULE_DRAFT, rulesFromDraft } from "../rules"
import { spotlightState } from "../spotlight-window"

describe("admin extension: API errors", () => {
  it("reads the message of every family's error body", () => {
    expect(errorMessageOf({ error: "Collection not found" }, "Not Found")).toBe("Collection not found")
    expect(errorMessageOf({ error: "Unauthorized", message: "Authentication required" }, "x")).toBe("Authentication required")
    expect(errorMessageOf({ error: "Forbidden", message: "Administrator access required" }, "x")).toBe(
      "Administrator access required"
    )
    expect(errorMessageOf({ message: "Medusa says" }, "x")).toBe("Medusa says")
    expect(errorMessageOf(null, "Bad Gateway")).toBe("Bad Gateway")
    expect(errorMessageOf({ error: "" }, "Bad Request")).toBe("Bad Request")
  })

  it("builds query strings without empty values", () => {
    expect(withQuery("/api/admin/gallery-orders", { status: "paid", q: "", limit: 20, offset: undefined })).toBe(
      "/api/admin/gallery-orders?status=paid&limit=20"
    )
    expect(withQuery("/x")).toBe("/x")
    expect(withQuery("/x", { q: "a&b" })).toBe("/x?q=a%26b")
  })

  it("puts an error next to the field the API named, else above the form", () => {
    const fields = ["name", "slug", "rules"] as const
    expect(formErrorsOf({ message: "Name cannot be empty", field: "name" }, fields)).toEqual({
      fields: { name: "Name cannot be empty" },
      form: null,
    })
    expect(formErrorsOf({ message: "Invalid rules: x", field: "rules" }, fields)).toEqual({
      fields: { rules: "Invalid rules: x" },
      form: null,
    })
    // A hybrid's manualInclusions are edited with the rules.
    expect(formErrorsOf({ message: "m", field: "manualInclusions" }, fields, { manualInclusions: "rules" })).toEqual({
      fields: { rules: "m" },
      form: null,
    })
    expect(formErrorsOf({ message: "Collection with this slug already exists", field: null }, fields)).toEqual({
      fields: {},
      form: "Collection with this slug already exists",
    })
    expect(formErrorsOf({ message: "m", field: "items.0.position" }, fields)).toEqual({ fields: {}, form: "m" })
    expect(formErrorsOf(null, fields)).toEqual({ fields: {}, form: null })
  })

  // The apps' forms (apps/shared/form-errors.ts is theirs and the admin's): the SDK's errors, dotted field names.
  it("places an app's error on the exact field, else on the longest dotted prefix the form has", () => {
    const refused = (message: string, field: string | null) => Object.assign(new Error(message), { field })
    const fields = ["email", "shippingAddress", "shippingAddress.city"]
    expect(formErrorsOf(refused("City is required", "shippingAddress.city"), fields)).toEqual({
      fields: { "shippingAddress.city": "City is required" },
      form: null,
    })
    expect(formErrorsOf(refused("Postal code is invalid", "shippingAddress.postal_code"), fields)).toEqual({
      fields: { shippingAddress: "Postal code is invalid" },
      form: null,
    })
    expect(formErrorsOf(refused("Cart is empty", null), fields)).toEqual({ fields: {}, form: "Cart is empty" })
    expect(formErrorsOf(new Error("Network down"), fields)).toEqual({ fields: {}, form: "Network down" })
    expect(formErrorsOf("boom", fields)).toEqual({ fields: {}, form: "boom" })
    // A field is matched by whole dotted segments: "emails" is not the field "email".
    expect(formErrorsOf(refused("m", "emails"), fields)).toEqual({ fields: {}, form: "m" })
  })

  it("prefers an alias, from the full path down to its first segment, and ignores inherited names", () => {
    const fields = ["name", "rules"] as const
    expect(formErrorsOf({ message: "m", field: "manualInclusions.0" }, fields, { manualInclusions: "rules" })).toEqual({
      fields: { rules: "m" },
      form: null,
    })
    expect(formErrorsOf({ message: "m", field: "name" }, ["name", "title"] as const, { name: "title" })).toEqual({
      fields: { title: "m" },
      form: null,
    })
    expect(formErrorsOf({ message: "m", field: "toString" }, fields)).toEqual({ fields: {}, form: "m" })
    expect(formErrorsOf({ message: "m", field: "constructor" }, fields, {})).toEqual({ fields: {}, form: "m" })
  })
})

// apps/shared/format.ts: the apps' and the admin's display helpers beyond src/lib/display-format.ts.
describe("browser display helpers", () => {
  it("shows the UTC day of a timestamp, and a dash for none", () => {
    expect(day("2026-01-01T00:00:00.000Z")).toBe("Jan 1, 2026")
    expect(day("2026-01-01T23:59:59.999Z")).toBe("Jan 1, 2026")
    expect(day("2026-01-01")).toBe("Jan 1, 2026")
    expect(day(null)).toBe("—")
    expect(day("not a date")).toBe("—")
  })

  it("reads numbers typed in forms, leaving the rest for the API to refuse", () => {
    expect(numberInput(" 19.99 ")).toBe(19.99)
    expect(numberInput("0")).toBe(0)
    expect(numberInput("   ")).toBeUndefined()
    expect(numberInput("12 dollars")).toBe("12 dollars")
  })

  it("round-trips datetime-local inputs and formats percentages and addresses", () => {
    const iso = "2026-03-04T05:06:00.000Z"
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso)
    expect(toLocalInput(null)).toBe("")
    expect(fromLocalInput("")).toBeNull()
    expect(percent(40)).toBe("40 %")
    expect(percent(12.5)).toBe("12.50 %")
    expect(address({ name: "Ada", line1: "1 Main St", line2: "", city: "Springfield", country: "US" })).toBe(
      "Ada, 1 Main St, Springfield, US"
    )
    expect(address(null)).toBe("—")
  })
})

describe("admin extension: drag and drop reordering", () => {
  const items = [
    { id: "a", position: 0 },
    { id: "b", position: 1 },
    { id: "c", position: 2 },
    { id: "d", position: 3 },
  ]

  it("moves one item to the place of another", () => {
    expect(moveItem(items, "d", "a").map((i) => i.id)).toEqual(["d", "a", "b", "c"])
    expect(moveItem(items, "a", "c").map((i) => i.id)).toEqual(["b", "c", "a", "d"])
    expect(moveItem(items, "a", "a").map((i) => i.id)).toEqual(["a", "b", "c", "d"])
    expect(moveItem(items, "zz", "a").map((i) => i.id)).toEqual(["a", "b", "c", "d"])
  })

  it("sends only the items whose position changes, as positions 0..n-1", () => {
    expect(reorderBody(moveItem(items, "c", "b"))).toEqual({
      items: [
        { itemId: "c", position: 1 },
        { itemId: "b", position: 2 },
      ],
    })
    expect(reorderBody(items)).toEqual({ items: [] })
    // Gaps left by removed items are closed.
    expect(reorderBody([{ id: "x", position: 4 }, { id: "y", position: 9 }])).toEqual({
      items: [
        { itemId: "x", position: 0 },
        { itemId: "y", position: 1 },
      ],
    })
  })
})

describe("admin extension: analytics date range", () => {
  const now = new Date("2026-03-10T15:00:00Z")

  it("presets end today and count today", () => {
    expect(presetRange(7, now)).toEqual({ start: "2026-03-04", end: "2026-03-10" })
    expect(presetRange(1, now)).toEqual({ start: "2026-03-10", end: "2026-03-10" })
  })

  it("refuses what the API refuses, with its words", () => {
    expect(rangeProblem({ start: "2026-03-01", end: "2026-03-10" }, now)).toBeNull()
    expect(rangeProblem({ start: "2026-03-11", end: "2026-03-10" }, now)).toBe("Invalid date range")
    expect(rangeProblem({ start: "nope", end: "2026-03-10" }, now)).toBe("Invalid date range")
    expect(rangeProblem({ start: "2024-01-01", end: "2026-03-10" }, now)).toBe("Date range cannot exceed one year")
    expect(rangeProblem(presetRange(365, now), now)).toBeNull()
  })
})

describe("admin extension: rule editor", () => {
  it("turns a draft into rules the API accepts, and back", () => {
    const draft = { productType: "print" as const, priceMin: "10", priceMax: " 50.5 ", orgIds: ["org_1", "org_2"] }
    const rules = rulesFromDraft(draft)
    expect(rules).toEqual({ product_type: "print", price_min: 10, price_max: 50.5, org_ids: ["org_1", "org_2"] })
    const validated = validateCollectionRules(rules)
    expect(validated.ok).toBe(true)
    expect(draftFromRules(validated.ok ? validated.value : null)).toEqual({ ...draft, priceMax: "50.5" })
  })

  it("an empty draft is {} (every eligible product); a non-number price is sent as typed for the API to refuse", () => {
    expect(rulesFromDraft(EMPTY_RULE_DRAFT)).toEqual({})
    const rules = rulesFromDraft({ ...EMPTY_RULE_DRAFT, priceMin: "ten" })
    expect(rules).toEqual({ price_min: "ten" })
    expect(validateCollectionRules(rules)).toEqual({ ok: false, error: "Invalid rules: price_min must be a number of 0 or more" })
  })

  it("reads a legacy org_id rule and describes rules in one line", () => {
    expect(draftFromRules({ org_id: "org_1" }).orgIds).toEqual(["org_1"])
    expect(draftFromRules(null)).toEqual(EMPTY_RULE_DRAFT)
    expect(describeRules({ product_type: "original", price_max: 500, org_ids: ["o1"] }, new Map([["o1", "Studio North"]]))).toBe(
      "Originals, up to 500 USD, Studio North"
    )
    expect(describeRules({})).toBe("All eligible products")
    expect(describeRules({ price_min: 5, price_max: 9, org_ids: ["a", "b"] })).toBe("5–9 USD, 2 organizations")
  })
})

describe("admin extension: spotlight publish window", () => {
  const now = new Date("2026-03-10T12:00:00Z")
  it("is live exactly when the public route shows it", () => {
    expect(spotlightState({ isActive: true, publishedAt: "2026-03-01T00:00:00Z", expiresAt: null }, now)).toBe("live")
    expect(spotlightState({ isActive: true, publishedAt: "2026-03-11T00:00:00Z", expiresAt: null }, now)).toBe("scheduled")
    expect(spotlightState({ isActive: true, publishedAt: "2026-03-01T00:00:00Z", expiresAt: "2026-03-10T12:00:00Z" }, now)).toBe(
      "expired"
    )
    expect(spotlightState({ isActive: false, publishedAt: "2026-03-01T00:00:00Z" }, now)).toBe("inactive")
  })
})
