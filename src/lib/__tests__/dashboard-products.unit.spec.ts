import {
  fromMedusaStatus,
  hasAtMostTwoDecimals,
  isValidPrice,
  isValidQuantity,
  rankWithDefault,
  rankWithout,
  slugCandidates,
  slugFromTitle,
  toMedusaStatus,
} from "../dashboard-products"
import { isValidSlug } from "../slug"

describe("status mapping", () => {
  it.each([
    ["draft", { status: "draft", archived: false }],
    ["active", { status: "published", archived: false }],
    ["archived", { status: "draft", archived: true }],
  ] as const)("%s -> Medusa %o", (status, medusa) => {
    expect(toMedusaStatus(status)).toEqual(medusa)
  })

  it.each([
    ["published", null, "active"],
    ["draft", null, "draft"],
    ["proposed", null, "draft"],
    ["rejected", null, "draft"],
    ["published", new Date(), "archived"],
    ["draft", "2026-01-01T00:00:00Z", "archived"],
  ] as const)("Medusa %s (archived_at %p) -> %s", (status, archivedAt, expected) => {
    expect(fromMedusaStatus(status, archivedAt)).toBe(expected)
  })

  it("round-trips every dashboard status", () => {
    for (const status of ["draft", "active", "archived"] as const) {
      const medusa = toMedusaStatus(status)
      expect(fromMedusaStatus(medusa.status, medusa.archived ? new Date() : null)).toBe(status)
    }
  })
})

describe("slugs", () => {
  it.each([
    ["Fjord, First Light!", "fjord-first-light"],
    ["Café Prints & Posters", "cafe-prints-posters"],
    ["  Untitled  ", "untitled"],
    ["!!!", "product"],
    ["日本", "product"],
  ])("%p -> %p", (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug)
    expect(isValidSlug(slugFromTitle(title))).toBe(true)
  })

  it("keeps a long title's slug within bounds, and valid", () => {
    const slug = slugFromTitle("word ".repeat(100))
    expect(slug.length).toBeLessThanOrEqual(196)
    expect(isValidSlug(slug)).toBe(true)
    expect(isValidSlug(`${slug}-20`)).toBe(true)
  })

  it("offers numbered candidates after the base", () => {
    expect(slugCandidates("print", 4)).toEqual(["print", "print-2", "print-3", "print-4"])
    expect(slugCandidates("print")).toHaveLength(20)
  })
})

describe("prices and quantities", () => {
  it.each([
    [0, true],
    [34.99, true],
    [0.1 + 0.2, true],
    [19.9, true],
    [34.999, false],
    [-1, false],
    [Number.NaN, false],
    [Infinity, false],
    [100_000_000, false],
    ["34.99", false],
    [null, false],
  ])("price %p valid: %p", (value, valid) => {
    expect(isValidPrice(value)).toBe(valid)
  })

  it("counts decimals despite binary floating point", () => {
    expect(hasAtMostTwoDecimals(1.15)).toBe(true)
    expect(hasAtMostTwoDecimals(1.155)).toBe(false)
  })

  it.each([
    [0, true],
    [5, true],
    [2.5, false],
    [-1, false],
    ["3", false],
    [1e12, false],
  ])("quantity %p valid: %p", (value, valid) => {
    expect(isValidQuantity(value)).toBe(valid)
  })
})

describe("default variant ranking", () => {
  it("puts the new default first and keeps the others' order", () => {
    expect(rankWithDefault(["a", "b", "c"], "c")).toEqual(["c", "a", "b"])
    expect(rankWithDefault(["a", "b", "c"], "a")).toEqual(["a", "b", "c"])
  })

  it("promotes the next variant when the default is removed", () => {
    expect(rankWithout(["a", "b", "c"], "a")).toEqual(["b", "c"])
    expect(rankWithout(["a", "b", "c"], "b")).toEqual(["a", "c"])
  })
})
