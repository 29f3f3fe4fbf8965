import {
  AUTH_RATE_LIMIT_VARIABLES,
  AUTH_TOO_MANY_ATTEMPTS,
  authLimits,
  authEndpoint,
  authRateLimitedBody,
  authRoute,
  identifierKey,
  normalizeIdentifier,
} from "../auth-rate-limits"

describe("authLimits", () => {
  it("defaults: 10 failures per account and 50 per address in 15 minutes; registrations, resets, refreshes", () => {
    expect(authLimits({})).toEqual({
      loginFailuresPerIdentifier: { points: 10, durationS: 900 },
      loginFailuresPerIp: { points: 50, durationS: 900 },
      registrationsPerIp: { points: 10, durationS: 3600 },
      registrationsPerIdentifier: { points: 5, durationS: 3600 },
      resetsPerIdentifier: { points: 5, durationS: 3600 },
      resetsPerIp: { points: 20, durationS: 3600 },
      refreshesPerIp: { points: 120, durationS: 60 },
    })
  })

  it("the environment overrides each; blank means the default; a bad value throws", () => {
    const limits = authLimits({
      AUTH_LOGIN_FAILURES_PER_IDENTIFIER: "3",
      AUTH_LOGIN_FAILURES_PER_IP: "7",
      AUTH_LOGIN_WINDOW_SECONDS: "2",
      AUTH_REGISTRATIONS_PER_IP_PER_HOUR: "4",
      AUTH_REGISTRATIONS_PER_IDENTIFIER_PER_HOUR: " ",
      AUTH_RESETS_PER_IDENTIFIER_PER_HOUR: "1",
      AUTH_RESETS_PER_IP_PER_HOUR: "9",
      AUTH_REFRESHES_PER_IP_PER_MIN: "600",
    })
    expect(limits).toEqual({
      loginFailuresPerIdentifier: { points: 3, durationS: 2 },
      loginFailuresPerIp: { points: 7, durationS: 2 },
      registrationsPerIp: { points: 4, durationS: 3600 },
      registrationsPerIdentifier: { points: 5, durationS: 3600 },
      resetsPerIdentifier: { points: 1, durationS: 3600 },
      resetsPerIp: { points: 9, durationS: 3600 },
      refreshesPerIp: { points: 600, durationS: 60 },
    })
    for (const name of AUTH_RATE_LIMIT_VARIABLES) {
      for (const bad of ["0", "-1", "1.5", "ten"]) {
        expect(() => authLimits({ [name]: bad })).toThrow(`${name} must be a positive integer (got "${bad}")`)
      }
    }
  })
})

describe("authRoute", () => {
  it("names the login, registration, reset-password and refresh routes of any actor", () => {
    expect(authRoute("POST", "/auth/member/emailpass")).toBe("login")
    expect(authRoute("POST", "/auth/user/emailpass")).toBe("login")
    expect(authRoute("POST", "/auth/anything/emailpass?x=1")).toBe("login")
    expect(authRoute("POST", "/auth/member/emailpass/register")).toBe("register")
    expect(authRoute("POST", "/auth/user/emailpass/reset-password")).toBe("reset-password")
    expect(authRoute("POST", "/auth/token/refresh")).toBe("refresh")
  })

  it("decides as Express routes: any case, a trailing slash, percent-encoded segments, an absolute-form target", () => {
    expect(authRoute("post", "/AUTH/member/emailpass")).toBe("login")
    expect(authRoute("POST", "/Auth/Member/EmailPass/")).toBe("login")
    expect(authRoute("POST", "/auth/member/%65mailpass")).toBe("login")
    expect(authRoute("POST", "/auth/%6Dember/emailpass/%52egister")).toBe("register")
    expect(authRoute("POST", "/auth/member/emailpass/RESET-PASSWORD/")).toBe("reset-password")
    expect(authRoute("POST", "/AUTH/TOKEN/REFRESH")).toBe("refresh")
    expect(authRoute("POST", "http://atelier.test/auth/member/emailpass")).toBe("login")
    expect(authRoute("POST", "/auth/%E0%A4%A/emailpass")).toBe("login") // a malformed segment is judged as written
  })

  it("login also on GET (Medusa's login route answers it); the others on POST only; never a preflight", () => {
    expect(authRoute("GET", "/auth/member/emailpass")).toBe("login")
    expect(authRoute("HEAD", "/auth/member/emailpass")).toBe("login")
    expect(authRoute("OPTIONS", "/auth/member/emailpass")).toBeNull()
    expect(authRoute("GET", "/auth/member/emailpass/register")).toBeNull()
    expect(authRoute("GET", "/auth/token/refresh")).toBeNull()
    expect(authRoute("OPTIONS", "/auth/token/refresh")).toBeNull()
  })

  it("leaves every other path alone", () => {
    for (const path of [
      "/auth",
      "/auth/member",
      "/auth/member/google",
      "/auth/member/emailpass/update",
      "/auth/member/emailpass/callback",
      "/auth/member/emailpass/register/extra",
      "/auth//emailpass",
      "/auth/session",
      "/auth/token",
      "/authx/member/emailpass",
      "/api/auth/member/emailpass",
      "auth/member/emailpass",
      "/admin/users",
    ]) {
      expect([path, authRoute("POST", path)]).toEqual([path, null])
    }
  })

  it("knows the password update of a reset as an endpoint, not a limited route", () => {
    expect(authEndpoint("POST", "/auth/member/emailpass/update")).toBe("update")
    expect(authEndpoint("POST", "/Auth/User/%65mailpass/Update/")).toBe("update")
    expect(authEndpoint("GET", "/auth/member/emailpass/update")).toBeNull()
    expect(authEndpoint("POST", "/auth/member/emailpass/register")).toBe("register")
    expect(authRoute("POST", "/auth/member/emailpass/update")).toBeNull()
  })
})

describe("account identifiers", () => {
  it("are the trimmed, lower-cased email; nothing for a missing, blank or non-string one", () => {
    expect(normalizeIdentifier("  North@Atelier.TEST ")).toBe("north@atelier.test")
    expect(normalizeIdentifier("   ")).toBeNull()
    expect(normalizeIdentifier(undefined)).toBeNull()
    expect(normalizeIdentifier(["north@atelier.test"])).toBeNull()
    expect(normalizeIdentifier({ $ne: "" })).toBeNull()
  })

  it("are counted under a fixed-size hash, the same for every spelling of one address", () => {
    const key = identifierKey("north@atelier.test")
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    expect(identifierKey(" NORTH@atelier.test")).toBe(key)
    expect(identifierKey("south@atelier.test")).not.toBe(key)
    expect(identifierKey("x".repeat(100_000))).toHaveLength(64)
    expect(identifierKey("")).toBeNull()
  })
})

describe("the refusal", () => {
  it("is the authentication-failure body, telling the caller to wait for Retry-After", () => {
    expect(authRateLimitedBody()).toEqual({ error: "Too Many Requests", message: AUTH_TOO_MANY_ATTEMPTS })
    expect(AUTH_TOO_MANY_ATTEMPTS).toMatch(/Retry-After/)
  })
})
