import {
  hybridCount,
  mergeHybridProducts,
  productMatchesRules,
  rulesToProductFilters,
  validateCollectionRules,
  validateManualInclusions,
  type RuleCandidate,
  type SmartCollectionRules,
} from "../smart-collection-rules"

function rules(raw: unknown): SmartCollectionRules {
  const result = validateCollectionRules(raw)
  if (!result.ok) throw new Error(result.error)
  return result.value
}

function error(raw: unknown): string {
  const result = validateCollectionRules(raw)
  if (result.ok) throw new Error(`expected an error for ${JSON.stringify(raw)}`)
  return result.error
}

describe("validateCollectionRules", () => {
  it("accepts the spec's smart shape and every allowed key", () => {
    expect(rules({ price_max: 100, gallery_eligible: true, is_active: true })).toEqual({
      price_max: 100,
      gallery_eligible: true,
      is_active: true,
    })
    expect(rules({ price_min: 0, price_max: 0, org_id: " org_1 ", product_type: "print" })).toEqual({
      price_min: 0,
      price_max: 0,
      org_id: "org_1",
      product_type: "print",
    })
    expect(rules({ org_ids: ["org_1", "org_2", "org_1"], product_type: "original" })).toEqual({
      org_ids: ["org_1", "org_2"],
      product_type: "original",
    })
    expect(rules({})).toEqual({})
  })

  it.each([
    [null, "rules must be an object"],
    [[], "rules must be an object"],
    ["price_max=1", "rules must be an object"],
    [{ colour: "blue" }, "unknown key 'colour'"],
    [{ a: 1, b: 2 }, "unknown keys 'a', 'b'"],
    [{ price_max: "100" }, "price_max must be a number of 0 or more"],
    [{ price_max: -1 }, "price_max must be a number of 0 or more"],
    [{ price_min: Number.NaN }, "price_min must be a number of 0 or more"],
    [{ price_min: Number.POSITIVE_INFINITY }, "price_min must be a number of 0 or more"],
    [{ price_min: 50, price_max: 10 }, "price_min must not be greater than price_max"],
    [{ gallery_eligible: "true" }, "gallery_eligible must be a boolean"],
    [{ gallery_eligible: false }, "gallery_eligible can only be true"],
    [{ is_active: 1 }, "is_active must be a boolean"],
    [{ is_active: false }, "is_active can only be true"],
    [{ org_id: "" }, "org_id must be a non-empty string"],
    [{ org_id: 5 }, "org_id must be a non-empty string"],
    [{ org_ids: [] }, "org_ids must be a non-empty array"],
    [{ org_ids: "org_1" }, "org_ids must be a non-empty array"],
    [{ org_ids: ["org_1", 2] }, "org_ids must be a non-empty array"],
    [{ org_id: "a", org_ids: ["b"] }, "use either org_id or org_ids"],
    [{ org_ids: Array.from({ length: 101 }, (_, i) => `org_${i}`) }, "at most 100 organizations"],
    [{ product_type: "poster" }, "product_type must be one of original, print"],
  ])("refuses %j with a readable message", (raw, message) => {
    const text = error(raw)
    expect(text.startsWith("Invalid rules: ")).toBe(true)
    expect(text).toContain(message)
  })

  it("names the allowed keys when refusing an unknown one", () => {
    expect(error({ colour: "blue" })).toBe(
      "Invalid rules: unknown key 'colour' (allowed: price_min, price_max, gallery_eligible, is_active, org_id, org_ids, product_type)"
    )
  })
})

describe("validateManualInclusions", () => {
  it("keeps the order and drops duplicates", () => {
    expect(validateManualInclusions(["p2", "p1", "p2", " p3 "])).toEqual({ ok: true, value: ["p2", "p1", "p3"] })
    expect(validateManualInclusions([])).toEqual({ ok: true, value: [] })
  })

  it.each([[null], ["p1"], [[1]], [[""]], [Array.from({ length: 201 }, (_, i) => `p${i}`)]])("refuses %j", (raw) => {
    expect(validateManualInclusions(raw).ok).toBe(false)
  })
})

describe("rulesToProductFilters", () => {
  it("always selects eligible products and maps each rule to a database filter", () => {
    expect(rulesToProductFilters({})).toEqual({ eligibleOnly: true })
    expect(rulesToProductFilters({ gallery_eligible: true, is_active: true })).toEqual({ eligibleOnly: true })
    expect(rulesToProductFilters({ price_min: 10, price_max: 100, org_id: "o1", product_type: "print" })).toEqual({
      eligibleOnly: true,
      org_ids: ["o1"],
      product_type: "print",
      price_min: 10,
      price_max: 100,
    })
    expect(rulesToProductFilters({ org_ids: ["o1", "o2"] })).toEqual({ eligibleOnly: true, org_ids: ["o1", "o2"] })
  })
})

const product = (overrides: Partial<RuleCandidate> = {}): RuleCandidate => ({
  price: 50,
  org_id: "o1",
  product_type: "print",
  is_active: true,
  gallery_eligible: true,
  org_gallery_approved: true,
  ...overrides,
})

describe("productMatchesRules", () => {
  it("never matches a product that is not gallery eligible, whatever the rules", () => {
    for (const broken of [{ is_active: false }, { gallery_eligible: false }, { org_gallery_approved: false }]) {
      expect(productMatchesRules(product(broken), {})).toBe(false)
      expect(productMatchesRules(product(broken), { gallery_eligible: true, is_active: true })).toBe(false)
    }
    expect(productMatchesRules(product(), {})).toBe(true)
  })

  it("applies inclusive price bounds; a product without a price fails any bound", () => {
    expect(productMatchesRules(product({ price: 100 }), { price_max: 100 })).toBe(true)
    expect(productMatchesRules(product({ price: 100.01 }), { price_max: 100 })).toBe(false)
    expect(productMatchesRules(product({ price: 10 }), { price_min: 10 })).toBe(true)
    expect(productMatchesRules(product({ price: 9.99 }), { price_min: 10 })).toBe(false)
    expect(productMatchesRules(product({ price: null }), { price_max: 100 })).toBe(false)
    expect(productMatchesRules(product({ price: null }), {})).toBe(true)
  })

  it("filters by organization(s) and product type", () => {
    expect(productMatchesRules(product(), { org_id: "o1" })).toBe(true)
    expect(productMatchesRules(product(), { org_id: "o2" })).toBe(false)
    expect(productMatchesRules(product(), { org_ids: ["o2", "o1"] })).toBe(true)
    expect(productMatchesRules(product(), { org_ids: ["o2", "o3"] })).toBe(false)
    expect(productMatchesRules(product(), { product_type: "print" })).toBe(true)
    expect(productMatchesRules(product(), { product_type: "original" })).toBe(false)
    expect(productMatchesRules(product({ price: 20 }), { product_type: "print", price_max: 30, org_id: "o1" })).toBe(true)
  })
})

describe("hybrid collections", () => {
  const p = (id: string) => ({ id })

  it("lists manual inclusions first in their order (missing ones skipped), then new rule matches", () => {
    const merged = mergeHybridProducts(["m2", "gone", "m1"], [p("m1"), p("m2")], [p("r1"), p("m1"), p("r2")], 10)
    expect(merged.map((x) => x.id)).toEqual(["m2", "m1", "r1", "r2"])
  })

  it("stops at the limit", () => {
    expect(mergeHybridProducts(["m1"], [p("m1")], [p("r1"), p("r2")], 2).map((x) => x.id)).toEqual(["m1", "r1"])
    expect(mergeHybridProducts(["m1"], [p("m1")], [p("r1")], 0)).toEqual([])
  })

  it("counts manual inclusions and rule matches, an inclusion that also matches once", () => {
    const cheap = product({ price: 20 })
    const dear = product({ price: 900 })
    // 5 rule matches in the database, one of which (cheap) is also included by hand.
    expect(hybridCount([cheap, dear], 5, { price_max: 100 })).toBe(6)
    expect(hybridCount([], 5, { price_max: 100 })).toBe(5)
    expect(hybridCount([dear], 0, { price_max: 100 })).toBe(1)
  })
})
