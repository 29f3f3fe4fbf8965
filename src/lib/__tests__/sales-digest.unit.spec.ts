import { digestFrequencyOf } from "../organization-settings"
import { digestEmail, digestKey, lastDigestPeriod } from "../sales-digest"

describe("sales digest periods", () => {
  it("daily: yesterday, UTC", () => {
    expect(lastDigestPeriod("daily", new Date("2026-11-23T00:30:00Z"))).toEqual({
      frequency: "daily",
      start: new Date("2026-11-22T00:00:00Z"),
      end: new Date("2026-11-23T00:00:00Z"),
    })
    expect(lastDigestPeriod("daily", new Date("2026-11-23T23:59:59Z"))?.start).toEqual(new Date("2026-11-22T00:00:00Z"))
  })

  it("weekly: last ISO week, Monday to Monday, UTC", () => {
    // 2026-11-23 is a Monday.
    const expected = { frequency: "weekly", start: new Date("2026-11-16T00:00:00Z"), end: new Date("2026-11-23T00:00:00Z") }
    expect(lastDigestPeriod("weekly", new Date("2026-11-23T01:00:00Z"))).toEqual(expected)
    expect(lastDigestPeriod("weekly", new Date("2026-11-29T23:00:00Z"))).toEqual(expected)
    expect(lastDigestPeriod("weekly", new Date("2026-11-30T00:00:00Z"))?.start).toEqual(new Date("2026-11-23T00:00:00Z"))
  })

  it("none: never; the default is weekly", () => {
    expect(lastDigestPeriod("none", new Date())).toBeNull()
    expect(digestFrequencyOf(null)).toBe("weekly")
    expect(digestFrequencyOf({ email_digest: null })).toBe("weekly")
    expect(digestFrequencyOf({ email_digest: "daily" })).toBe("daily")
  })

  it("keys one digest per organization, owner and period", () => {
    const period = lastDigestPeriod("daily", new Date("2026-11-23T05:00:00Z"))!
    expect(digestKey("org_1", "mem_1", period)).toBe("sales-digest:org_1:mem_1:daily:2026-11-22")
  })

  it("words the figures, escaped", () => {
    const period = lastDigestPeriod("weekly", new Date("2026-11-23T05:00:00Z"))!
    const email = digestEmail("Ana <Studio>", period, {
      orders: 2,
      revenue: 1284.99,
      galleryOrders: 1,
      storeOrders: 1,
      toShip: 1,
      topProducts: [{ title: "Dawn & Dusk", quantity: 1, revenue: 1250 }],
    })
    expect(email.subject).toBe("Ana <Studio>: your sales, week of 2026-11-16")
    expect(email.html).toContain("2 orders last week for $1284.99 (1 from your store, 1 from the gallery); 1 waiting to ship.")
    expect(email.html).toContain("<li>Dawn &amp; Dusk: 1 sold, $1250.00</li>")
    expect(email.text).toContain("- Dawn & Dusk: 1 sold, $1250.00")
    expect(digestEmail("S", period, { orders: 0, revenue: 0, galleryOrders: 0, storeOrders: 0, toShip: 0, topProducts: [] }).text).toMatch(
      /^No orders last week\./
    )
  })
})
