import { maskEmail, orderEmailMatches } from "../order-email"

describe("orderEmailMatches", () => {
  it("matches the order's email whatever its case and surrounding spaces", () => {
    expect(orderEmailMatches("collector@example.com", "collector@example.com")).toBe(true)
    expect(orderEmailMatches("  Collector@Example.COM ", "collector@example.com")).toBe(true)
    expect(orderEmailMatches("collector@example.com", "COLLECTOR@example.com")).toBe(true)
  })

  it("refuses another email, a prefix, a missing one, and any email when there is no order", () => {
    expect(orderEmailMatches("other@example.com", "collector@example.com")).toBe(false)
    expect(orderEmailMatches("collector@example.co", "collector@example.com")).toBe(false)
    expect(orderEmailMatches("collector@example.com.evil", "collector@example.com")).toBe(false)
    expect(orderEmailMatches("", "collector@example.com")).toBe(false)
    expect(orderEmailMatches(null, "collector@example.com")).toBe(false)
    expect(orderEmailMatches("no-order@invalid", null)).toBe(false)
    expect(orderEmailMatches(null, null)).toBe(false)
  })
})

describe("maskEmail", () => {
  it("keeps the first character of the local part and the whole domain", () => {
    expect(maskEmail("ada@collector.test")).toBe("a***@collector.test")
    expect(maskEmail("ada.lovelace+art@mail.example.co.uk")).toBe("a***@mail.example.co.uk")
    expect(maskEmail("  Ada@Example.com ")).toBe("A***@Example.com")
  })

  it("hides the length: the same three stars for any hidden part", () => {
    expect(maskEmail("abc@example.com")).toBe("a***@example.com")
    expect(maskEmail(`a${"x".repeat(60)}@example.com`)).toBe("a***@example.com")
  })

  it("shows nothing of a local part of one or two characters", () => {
    expect(maskEmail("a@example.com")).toBe("***@example.com")
    expect(maskEmail("ab@example.com")).toBe("***@example.com")
  })

  it("never cuts a character in half", () => {
    expect(maskEmail("\u{1F3A8}art@example.com")).toBe("\u{1F3A8}***@example.com")
    expect(maskEmail("\u{1F3A8}a@example.com")).toBe("***@example.com")
  })

  it("masks the local part before the last @ and anything that is not an address entirely", () => {
    expect(maskEmail('"odd@name"@example.com')).toBe('"***@example.com')
    for (const value of ["", "   ", "no-at-sign", "@example.com", "ada@", "@"]) expect([value, maskEmail(value)]).toEqual([value, "***"])
  })

  it("never contains the full local part of a real-looking address", () => {
    for (const email of ["ada@collector.test", "bob.smith@example.com", "xy@example.com", "q@example.com"]) {
      const local = email.split("@")[0]
      expect(maskEmail(email).split("@")[0]).not.toBe(local)
      expect(maskEmail(email).includes(local.length > 1 ? local : `${local}@`)).toBe(false)
    }
  })
})
