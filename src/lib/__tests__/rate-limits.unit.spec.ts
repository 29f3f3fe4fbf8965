import { applicationLimits, clientAddress, planWindows, rateLimitHeaders, trustedProxyHops } from "../rate-limits"

describe("planWindows", () => {
  it("the spec's numbers per plan; an unknown plan gets starter's", () => {
    expect(planWindows("starter")).toEqual([
      { points: 60, durationS: 60 },
      { points: 5000, durationS: 86400 },
    ])
    expect(planWindows("growth").map((w) => w.points)).toEqual([120, 20000])
    expect(planWindows("pro").map((w) => w.points)).toEqual([300, 100000])
    expect(planWindows("platinum").map((w) => w.points)).toEqual([60, 5000])
    expect(planWindows(null).map((w) => w.points)).toEqual([60, 5000])
  })
})

describe("applicationLimits", () => {
  it("defaults to the spec; the environment overrides; a bad override stops the server", () => {
    expect(applicationLimits({})).toEqual({ authenticated: 1000, anonymous: 100, webhook: 10000 })
    expect(
      applicationLimits({
        APP_RATE_LIMIT_AUTHENTICATED_PER_MIN: "5000",
        APP_RATE_LIMIT_ANONYMOUS_PER_MIN: "7",
        WEBHOOK_RATE_LIMIT_PER_MIN: " ",
      })
    ).toEqual({ authenticated: 5000, anonymous: 7, webhook: 10000 })
    expect(() => applicationLimits({ APP_RATE_LIMIT_ANONYMOUS_PER_MIN: "0" })).toThrow("positive integer")
    expect(() => applicationLimits({ WEBHOOK_RATE_LIMIT_PER_MIN: "1.5" })).toThrow("positive integer")
  })
})

describe("clientAddress", () => {
  it("ignores X-Forwarded-For unless proxies are trusted, then takes the entry the outermost trusted proxy saw", () => {
    expect(clientAddress("10.0.0.1", "1.2.3.4", 0)).toBe("10.0.0.1")
    expect(clientAddress("10.0.0.1", "1.2.3.4", 1)).toBe("1.2.3.4")
    // A client forging a first entry does not choose its address: the proxy appended the real one.
    expect(clientAddress("10.0.0.1", "6.6.6.6, 1.2.3.4", 1)).toBe("1.2.3.4")
    expect(clientAddress("10.0.0.1", "6.6.6.6, 1.2.3.4, 10.0.0.2", 2)).toBe("1.2.3.4")
    expect(clientAddress("10.0.0.1", "1.2.3.4", 3)).toBe("10.0.0.1")
    expect(clientAddress(undefined, undefined, 0)).toBe("unknown")
    expect(trustedProxyHops({})).toBe(0)
    expect(trustedProxyHops({ TRUST_PROXY_HOPS: "1" })).toBe(1)
  })
})

describe("rateLimitHeaders", () => {
  const now = 1_700_000_000_000
  it("describes the window that runs out first, Reset in Unix seconds", () => {
    const headers = rateLimitHeaders(
      [
        { limit: 60, consumed: 10, msBeforeNext: 30_000 },
        { limit: 5000, consumed: 4995, msBeforeNext: 3_600_000 },
      ],
      now,
      false
    )
    expect(headers).toEqual({
      "X-RateLimit-Limit": "5000",
      "X-RateLimit-Remaining": "5",
      "X-RateLimit-Reset": String(Math.ceil((now + 3_600_000) / 1000)),
    })
  })

  it("adds Retry-After (whole seconds, at least 1) when refused", () => {
    const headers = rateLimitHeaders([{ limit: 60, consumed: 61, msBeforeNext: 12_300 }], now, true)
    expect(headers["X-RateLimit-Remaining"]).toBe("0")
    expect(headers["Retry-After"]).toBe("13")
    expect(rateLimitHeaders([{ limit: 1, consumed: 2, msBeforeNext: 10 }], now, true)["Retry-After"]).toBe("1")
  })
})
