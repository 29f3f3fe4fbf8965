import { isSpotlightVisible, isSpotlightWindowValid } from "../spotlight-visibility"

const now = new Date("2026-06-15T12:00:00.000Z")
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs)
const DAY = 24 * 60 * 60 * 1000

describe("isSpotlightVisible", () => {
  it.each([
    ["active, published earlier, no expiry", { isActive: true, publishedAt: at(-DAY), expiresAt: null }, true],
    ["active, published exactly now", { isActive: true, publishedAt: now, expiresAt: undefined }, true],
    ["active, expires later", { isActive: true, publishedAt: at(-DAY), expiresAt: at(DAY) }, true],
    ["active, expires 1 ms from now", { isActive: true, publishedAt: at(-DAY), expiresAt: at(1) }, true],
    ["inactive", { isActive: false, publishedAt: at(-DAY), expiresAt: null }, false],
    ["published in the future", { isActive: true, publishedAt: at(1), expiresAt: null }, false],
    ["expired", { isActive: true, publishedAt: at(-2 * DAY), expiresAt: at(-DAY) }, false],
    ["expiring exactly now (passed)", { isActive: true, publishedAt: at(-DAY), expiresAt: now }, false],
    ["ISO strings", { isActive: true, publishedAt: "2026-06-01T00:00:00Z", expiresAt: "2026-07-01T00:00:00Z" }, true],
    ["invalid publication date", { isActive: true, publishedAt: "not a date", expiresAt: null }, false],
  ])("%s -> %p", (_, spotlight, visible) => {
    expect(isSpotlightVisible(spotlight, now)).toBe(visible)
  })

  it("uses the current time by default", () => {
    expect(isSpotlightVisible({ isActive: true, publishedAt: new Date(Date.now() - 1000) })).toBe(true)
    expect(isSpotlightVisible({ isActive: true, publishedAt: new Date(Date.now() + 60_000) })).toBe(false)
  })
})

describe("isSpotlightWindowValid", () => {
  it("needs no expiry, or one strictly after publication", () => {
    expect(isSpotlightWindowValid(now, null)).toBe(true)
    expect(isSpotlightWindowValid(now, undefined)).toBe(true)
    expect(isSpotlightWindowValid(now, at(1))).toBe(true)
    expect(isSpotlightWindowValid(now, now)).toBe(false)
    expect(isSpotlightWindowValid(now, at(-DAY))).toBe(false)
  })
})
