import {
  cartRecoveryExpiry,
  cartReminderDelayMinutes,
  cartReminderKey,
  cartReminderWindow,
  DEFAULT_CART_REMINDER_DELAY_MINUTES,
} from "../cart-recovery"
import { listUnsubscribeHeaders, signUnsubscribeToken, verifyUnsubscribeToken } from "../unsubscribe-token"

describe("cart reminder timing", () => {
  it("reads CART_REMINDER_DELAY_MINUTES, falling back to 60 for absent or bad values", () => {
    expect(cartReminderDelayMinutes(undefined)).toBe(DEFAULT_CART_REMINDER_DELAY_MINUTES)
    expect(cartReminderDelayMinutes("")).toBe(60)
    expect(cartReminderDelayMinutes("15")).toBe(15)
    expect(cartReminderDelayMinutes("0")).toBe(0)
    expect(cartReminderDelayMinutes("-5")).toBe(60)
    expect(cartReminderDelayMinutes("soon")).toBe(60)
  })

  it("a capture is due delay minutes after it and expires after 30 days", () => {
    const now = new Date("2026-11-22T12:00:00.000Z")
    const window = cartReminderWindow(now, 60)
    expect(window.dueBefore.toISOString()).toBe("2026-11-22T11:00:00.000Z")
    expect(window.expiredBefore.toISOString()).toBe("2026-10-23T12:00:00.000Z")
    expect(cartRecoveryExpiry(now).toISOString()).toBe("2026-10-23T12:00:00.000Z")
  })

  it("keys a reminder by the capture, so a newer capture of the same cart gets its own", () => {
    const first = cartReminderKey("rcart_1", new Date(1000))
    expect(first).toBe("store-cart-reminder:rcart_1:1000")
    expect(cartReminderKey("rcart_1", new Date(2000))).not.toBe(first)
  })
})

describe("unsubscribe tokens", () => {
  const target = { organizationId: "org_1", email: "ada@collector.test" }

  it("round-trips a signed target", () => {
    const token = signUnsubscribeToken(target, "secret")
    expect(verifyUnsubscribeToken(token, "secret")).toEqual(target)
  })

  it("refuses a tampered payload, a wrong secret, and malformed tokens", () => {
    const token = signUnsubscribeToken(target, "secret")
    const [, sig] = token.split(".")
    const forged = `${Buffer.from(JSON.stringify({ o: "org_1", e: "eve@x.test" })).toString("base64url")}.${sig}`
    expect(verifyUnsubscribeToken(forged, "secret")).toBeNull()
    expect(verifyUnsubscribeToken(token, "other")).toBeNull()
    expect(verifyUnsubscribeToken(`${token}x`, "secret")).toBeNull()
    for (const bad of ["", ".", "abc", "a.b.c", `${token.split(".")[0]}.`]) expect(verifyUnsubscribeToken(bad, "secret")).toBeNull()
  })

  it("builds RFC 8058 one-click headers", () => {
    expect(listUnsubscribeHeaders("https://x.test/api/unsubscribe/t")).toEqual({
      "List-Unsubscribe": "<https://x.test/api/unsubscribe/t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    })
  })
})
