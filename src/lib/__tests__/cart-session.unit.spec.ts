import {
  CART_SESSION_COOKIE,
  CART_SESSION_MAX_AGE_SECONDS,
  cartCookieSecure,
  cartSessionExpiryCutoff,
  isCartSessionExpired,
  isUuid,
  newCartSessionId,
  parseCartSessionId,
  serializeCartSessionCookie,
} from "../cart-session"
import { parseSetCookie as attributes } from "../../../integration-tests/helpers/set-cookie"

const SESSION = "0b7e3c52-6f1d-4a8e-9c2b-3d4e5f607182"

describe("cart session ids", () => {
  it("accepts UUIDs of any version, in any case", () => {
    expect(isUuid(SESSION)).toBe(true)
    expect(isUuid(SESSION.toUpperCase())).toBe(true)
    expect(isUuid("6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe(true) // v1
    expect(isUuid(newCartSessionId())).toBe(true)
  })

  it.each<[unknown]>([
    [undefined],
    [null],
    [""],
    [42],
    ["not-a-uuid"],
    ["0b7e3c52-6f1d-4a8e-9c2b-3d4e5f60718"], // one digit short
    ["0b7e3c52-6f1d-4a8e-9c2b-3d4e5f6071822"], // one digit long
    ["0b7e3c52x6f1d-4a8e-9c2b-3d4e5f607182"],
    ["zb7e3c52-6f1d-4a8e-9c2b-3d4e5f607182"],
    ["0b7e3c526f1d4a8e9c2b3d4e5f607182"], // no hyphens
    [`${SESSION}'; DROP TABLE gallery_cart_item; --`],
  ])("ignores a cookie that is not a UUID: %p", (value) => {
    expect(parseCartSessionId(value)).toBeNull()
  })

  it("normalizes a UUID cookie to lower case (one session however it is spelled)", () => {
    expect(parseCartSessionId(SESSION)).toBe(SESSION)
    expect(parseCartSessionId(SESSION.toUpperCase())).toBe(SESSION)
    expect(parseCartSessionId(` ${SESSION} `)).toBe(SESSION)
  })

  it("creates distinct random v4 ids", () => {
    const ids = new Set(Array.from({ length: 50 }, () => newCartSessionId()))
    expect(ids.size).toBe(50)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})

describe("serializeCartSessionCookie", () => {
  const now = new Date("2026-01-01T00:00:00.000Z")

  it("sets a 30-day, HttpOnly, SameSite=Lax cookie on the whole site, not Secure outside production", () => {
    const { pair, attrs } = attributes(serializeCartSessionCookie(SESSION, { secure: false, now }))
    expect(pair).toBe(`${CART_SESSION_COOKIE}=${SESSION}`)
    expect(CART_SESSION_MAX_AGE_SECONDS).toBe(2592000)
    expect(attrs.get("max-age")).toBe("2592000")
    expect(attrs.get("path")).toBe("/")
    expect(attrs.get("httponly")).toBe(true)
    expect(attrs.get("samesite")).toBe("Lax")
    expect(attrs.has("secure")).toBe(false)
    expect(attrs.has("domain")).toBe(false)
    expect(new Date(attrs.get("expires") as string).toISOString()).toBe("2026-01-31T00:00:00.000Z")
  })

  it("adds Secure in production", () => {
    const { attrs } = attributes(serializeCartSessionCookie(SESSION, { secure: true, now }))
    expect(attrs.get("secure")).toBe(true)
    expect(attrs.get("httponly")).toBe(true)
    expect(attrs.get("samesite")).toBe("Lax")
  })

  it("is Secure exactly when NODE_ENV is production", () => {
    expect(cartCookieSecure("production")).toBe(true)
    expect(cartCookieSecure("development")).toBe(false)
    expect(cartCookieSecure("test")).toBe(false)
    expect(cartCookieSecure(undefined)).toBe(false)
  })

  it("writes the id in lower case and refuses anything that is not a UUID", () => {
    expect(serializeCartSessionCookie(SESSION.toUpperCase(), { secure: false, now })).toContain(`=${SESSION};`)
    expect(() => serializeCartSessionCookie("abc; Domain=evil.test", { secure: false, now })).toThrow(TypeError)
  })
})

describe("cart session expiry", () => {
  const now = new Date("2026-03-31T12:00:00.000Z")

  it("expires sessions whose last activity is more than 30 days old", () => {
    expect(cartSessionExpiryCutoff(now).toISOString()).toBe("2026-03-01T12:00:00.000Z")
    expect(isCartSessionExpired(new Date("2026-03-01T11:59:59.999Z"), now)).toBe(true)
    expect(isCartSessionExpired(new Date("2026-03-01T12:00:00.000Z"), now)).toBe(false)
    expect(isCartSessionExpired(new Date("2026-03-30T00:00:00.000Z"), now)).toBe(false)
    expect(isCartSessionExpired(new Date("2025-12-01T00:00:00.000Z"), now)).toBe(true)
  })
})
