import { orderEmailMatches } from "../order-email"

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
