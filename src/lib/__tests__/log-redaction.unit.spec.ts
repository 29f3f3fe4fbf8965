import { maskEmail, redactSecrets } from "../log-redaction"

describe("maskEmail", () => {
  it("keeps the first character and the domain", () => {
    expect(maskEmail("alice@example.com")).toBe("a***@example.com")
    expect(maskEmail("b@x.io")).toBe("b***@x.io")
  })

  it("redacts what is not an address whole", () => {
    expect(maskEmail("@example.com")).toBe("[redacted]")
    expect(maskEmail("alice@")).toBe("[redacted]")
    expect(maskEmail("alice")).toBe("[redacted]")
  })
})

describe("redactSecrets", () => {
  const jwt =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY3Rvcl9pZCI6InVzZXJfMDEifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbi1oZXJl"
  const apiKey = "atl_live_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcd012345"

  it.each([
    ["a bearer token", `Authorization: Bearer opaque-token-123`, "opaque-token-123"],
    ["a bearer token alone", `sent Bearer opaque-token-123 to the gateway`, "opaque-token-123"],
    ["a JWT anywhere", `session ${jwt} expired`, jwt],
    ["a platform API key", `key ${apiKey} revoked`, apiKey],
    ["a Stripe secret key", "gateway refused sk_test_51abcdefGHIJKLmnop", "sk_test_51abcdefGHIJKLmnop"],
    ["a webhook secret", "secret whsec_c2VjcmV0LXNpZ25pbmcta2V5 loaded", "whsec_c2VjcmV0LXNpZ25pbmcta2V5"],
    ["a password in a query string", "GET /reset?email=x&password=hunter2&next=/", "hunter2"],
    ["a password in JSON", `body {"email":"x","password":"hunter2"}`, "hunter2"],
    ["a token in a link", "https://atelier.test/unsubscribe?token=abc.DEF-123&c=1", "abc.DEF-123"],
    ["an API key header", "x-api-key: k_123456", "k_123456"],
    ["a cookie", "cookie=gallery_cart_session=3f1c2e0a", "3f1c2e0a"],
    ["a reset token", "reset_token: 'tok-999'", "tok-999"],
  ])("removes %s", (_, line, secret) => {
    const out = redactSecrets(line)
    expect(out).not.toContain(secret)
    expect(out).toContain("[redacted]")
  })

  it("masks every email address and keeps the rest of the line", () => {
    expect(redactSecrets("Email to 'collector@example.com': Your order (cc: ops@atelier.test)")).toBe(
      "Email to 'c***@example.com': Your order (cc: o***@atelier.test)"
    )
  })

  it("leaves a line without secrets as it is", () => {
    const line = "Outbox gallery-transfers:gord_01ABC (attempt 2) failed: timeout after 30000 ms"
    expect(redactSecrets(line)).toBe(line)
  })
})
