import { canReceivePayouts, connectedAccountIdempotencyKey, onboardingReturnUrls } from "../payout-onboarding"
import { publicUrls } from "../public-urls"

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
  it("are the dashboard's payout settings, on this server in development", () => {
    expect(onboardingReturnUrls(publicUrls({}).appUrl)).toEqual({
      refreshUrl: "http://localhost:9000/dashboard/settings/payouts?onboarding=refresh",
      returnUrl: "http://localhost:9000/dashboard/settings/payouts?onboarding=return",
    })
  })

  it("follow PORT, PUBLIC_URL and APP_URL", () => {
    expect(onboardingReturnUrls(publicUrls({ PORT: "7001" }).appUrl).returnUrl).toBe(
      "http://localhost:7001/dashboard/settings/payouts?onboarding=return"
    )
    expect(onboardingReturnUrls(publicUrls({ PUBLIC_URL: "https://atelier.example/", PORT: "7001" }).appUrl).returnUrl).toBe(
      "https://atelier.example/dashboard/settings/payouts?onboarding=return"
    )
    expect(onboardingReturnUrls(publicUrls({ APP_URL: "https://app.atelier.example/", PORT: "7001" }).appUrl).refreshUrl).toBe(
      "https://app.atelier.example/settings/payouts?onboarding=refresh"
    )
  })
})
