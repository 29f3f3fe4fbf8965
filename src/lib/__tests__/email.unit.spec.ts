import { isValidEmail, normalizeEmail } from "../email"

describe("isValidEmail", () => {
  it.each([
    ["buyer@example.com", true],
    ["first.last+tag@sub.example.co.uk", true],
    ["a@b.c", true],
    ["a@b..c", true], // the spec's pattern only asks for a dot with characters on both sides
    ["buyer@example", false],
    ["buyer.example.com", false],
    ["@example.com", false],
    ["buyer@.com", false],
    ["buyer@example.", false],
    ["buyer @example.com", false],
    ["buyer@@example.com", false],
    [" buyer@example.com", false],
    ["", false],
  ])("%p -> %p", (value, valid) => {
    expect(isValidEmail(value)).toBe(valid)
  })
})

describe("normalizeEmail", () => {
  it("trims and lowercases", () => {
    expect(normalizeEmail("  Buyer@Example.COM \n")).toBe("buyer@example.com")
    expect(isValidEmail(normalizeEmail(" Buyer@Example.com "))).toBe(true)
  })
})
