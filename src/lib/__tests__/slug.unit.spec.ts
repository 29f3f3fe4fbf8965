import { isValidSlug, slugify } from "../slug"

describe("isValidSlug", () => {
  it.each([
    ["summer-prints", true],
    ["a", true],
    ["2025", true],
    ["new-2025-drop", true],
    ["Summer", false],
    ["summer--prints", false],
    ["-summer", false],
    ["summer-", false],
    ["summer_prints", false],
    ["summer prints", false],
    ["café", false],
    ["", false],
  ])("%p -> %p", (value, valid) => {
    expect(isValidSlug(value)).toBe(valid)
  })
})

describe("slugify", () => {
  it.each([
    ["Summer Prints", "summer-prints"],
    ["Café Prints & Posters!", "cafe-prints-posters"],
    ["  --Already--a-slug--  ", "already-a-slug"],
    ["New_2025 Drop", "new-2025-drop"],
    ["Ærø", "r"],
    ["!!!", ""],
  ])("%p -> %p", (name, slug) => {
    expect(slugify(name)).toBe(slug)
  })

  it("produces valid slugs whenever anything alphanumeric is left", () => {
    for (const name of ["Summer Prints", "Café Prints & Posters!", "a--b", "Über Art 3000"]) {
      expect(isValidSlug(slugify(name))).toBe(true)
    }
  })
})
