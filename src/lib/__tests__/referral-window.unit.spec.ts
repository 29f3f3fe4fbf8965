import {
  isReferralLive,
  newReferralSessionId,
  parseReferralSessionId,
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_MAX_AGE,
  REFERRAL_WINDOW_DAYS,
  referralCookieSecure,
  referralExpiresAt,
  serializeReferralCookie,
} from "../referral-window"
import { parseSetCookie as attributes } from "../../../integration-tests/helpers/set-cookie"

const SESSION = "0b7e3c52-6f1d-4a8e-9c2b-3d4e5f607182"

describe("referral window", () => {
  it("is 30 days, and the cookie's Max-Age is the same 2592000 seconds", () => {
    expect(REFERRAL_WINDOW_DAYS).toBe(30)
    expect(REFERRAL_COOKIE_MAX_AGE).toBe(2592000)
    expect(REFERRAL_COOKIE).toBe("gallery_ref")
  })

  it("expires exactly 30 x 24 h after creation (no calendar or DST arithmetic)", () => {
    const created = new Date("2026-03-01T12:34:56.789Z")
    expect(referralExpiresAt(created).toISOString()).toBe("2026-03-31T12:34:56.789Z")
    expect(referralExpiresAt(created).getTime() - created.getTime()).toBe(2592000 * 1000)
    // Does not mutate its input.
    expect(created.toISOString()).toBe("2026-03-01T12:34:56.789Z")
  })

  it("is live strictly before the expiry instant and expired from it on", () => {
    const created = new Date("2026-01-01T00:00:00.000Z")
    const expires = referralExpiresAt(created)
    expect(isReferralLive(expires, created)).toBe(true)
    expect(isReferralLive(expires, new Date(expires.getTime() - 1))).toBe(true)
    expect(isReferralLive(expires, expires)).toBe(false)
    expect(isReferralLive(expires, new Date(expires.getTime() + 1))).toBe(false)
    expect(isReferralLive(expires, new Date("2026-01-29T23:59:59.999Z"))).toBe(true)
    expect(isReferralLive(expires, new Date("2026-02-01T00:00:00.000Z"))).toBe(false)
  })
})

describe("referral session ids", () => {
  it("accepts UUIDs (trimmed, lower-cased) and makes new random ones", () => {
    expect(parseReferralSessionId(SESSION)).toBe(SESSION)
    expect(parseReferralSessionId(` ${SESSION.toUpperCase()} `)).toBe(SESSION)
    const fresh = newReferralSessionId()
    expect(parseReferralSessionId(fresh)).toBe(fresh)
    expect(newReferralSessionId()).not.toBe(fresh)
  })

  it.each<[unknown]>([[undefined], [null], [""], [42], ["not-a-uuid"], [`${SESSION}0`], [[SESSION]]])(
    "ignores %p",
    (value) => {
      expect(parseReferralSessionId(value)).toBeNull()
    }
  )
})

describe("gallery_ref cookie", () => {
  const now = new Date("2026-05-01T00:00:00.000Z")

  it("is HttpOnly, SameSite=Lax, Path=/, Max-Age 2592000 with a matching Expires, not Secure outside production", () => {
    const { pair, attrs } = attributes(serializeReferralCookie(SESSION.toUpperCase(), { secure: false, now }))
    expect(pair).toBe(`gallery_ref=${SESSION}`)
    expect(attrs.get("max-age")).toBe("2592000")
    expect(attrs.get("path")).toBe("/")
    expect(attrs.get("httponly")).toBe(true)
    expect(attrs.get("samesite")).toBe("Lax")
    expect(attrs.get("expires")).toBe(new Date("2026-05-31T00:00:00.000Z").toUTCString())
    expect(attrs.has("secure")).toBe(false)
  })

  it("is Secure in production only", () => {
    expect(attributes(serializeReferralCookie(SESSION, { secure: true, now })).attrs.get("secure")).toBe(true)
    expect(referralCookieSecure("production")).toBe(true)
    expect(referralCookieSecure("development")).toBe(false)
    expect(referralCookieSecure("test")).toBe(false)
    expect(referralCookieSecure(undefined)).toBe(false)
  })

  it("refuses a value that is not a UUID (no header injection)", () => {
    expect(() => serializeReferralCookie("x; Domain=evil.test", { secure: false })).toThrow(TypeError)
  })
})
