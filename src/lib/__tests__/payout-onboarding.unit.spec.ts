import {
  appBaseUrl,
  canReceivePayouts,
  connectedAccountIdempotencyKey,
  DEFAULT_APP_URL,
  onboardingReturnUrls,
} from "../payout-onboarding"

describe("canReceivePayouts", () => {
  const ready = { stripeAccountId: "acct_1", payoutsEnabled: true, transfersActive: true }

  it("needs an account with payouts enabled and the transfers capability active", () => {
    expect(canReceivePayouts(ready)).toBe(true)
    expect(canReceivePayouts({ ...ready, stripeAccountId: null })).toBe(false)
    expect(canReceivePayouts({ ...ready, stripeAccountId: "" })).toBe(false)
    expect(canReceivePayouts({ ...ready, payoutsEnabled: false })).toBe(false)
    expect(canReceivePayouts({ ...ready, transfersActive: false })).toBe(false)
  })
})

describe("connectedAccountIdempotencyKey", () => {
  it("is derived from the organization only, so every request for one organization shares it", () => {
    expect(connectedAccountIdempotencyKey("org_1")).toBe("connect-account-org_1")
    expect(connectedAccountIdempotencyKey("org_1")).toBe(connectedAccountIdempotencyKey("org_1"))
    expect(connectedAccountIdempotencyKey("org_2")).not.toBe(connectedAccountIdempotencyKey("org_1"))
  })
})

describe("onboarding return URLs", () => {
  it("default to this server in development", () => {
    expect(appBaseUrl(undefined)).toBe(DEFAULT_APP_URL)
    expect(appBaseUrl("  ")).toBe(DEFAULT_APP_URL)
    expect(onboardingReturnUrls(undefined)).toEqual({
      refreshUrl: "http://localhost:9000/dashboard/settings/payouts?onboarding=refresh",
      returnUrl: "http://localhost:9000/dashboard/settings/payouts?onboarding=return",
    })
  })

  it("follow APP_URL, with or without a path and trailing slash", () => {
    expect(onboardingReturnUrls("https://app.atelier.example/").returnUrl).toBe(
      "https://app.atelier.example/settings/payouts?onboarding=return"
    )
    expect(onboardingReturnUrls("https://atelier.example/dashboard/").refreshUrl).toBe(
      "https://atelier.example/dashboard/settings/payouts?onboarding=refresh"
    )
  })

  it("refuse an APP_URL that is not an absolute http(s) URL", () => {
    expect(() => appBaseUrl("app.atelier.example")).toThrow("APP_URL is not a valid URL")
    expect(() => appBaseUrl("javascript:alert(1)")).toThrow("APP_URL must be an http or https URL")
  })
})
