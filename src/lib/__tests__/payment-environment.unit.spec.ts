import {
  checkPaymentEnvironment,
  LOCAL_GATEWAY_IN_PRODUCTION_FLAG,
  LOCAL_GATEWAY_IN_PRODUCTION_WARNING,
} from "../payment-environment"

const STRIPE = { STRIPE_API_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }

describe("payment environment at boot", () => {
  it("lets development and test run on the local gateway", () => {
    expect(checkPaymentEnvironment({})).toEqual({ outcome: "ok" })
    expect(checkPaymentEnvironment({ NODE_ENV: "development" })).toEqual({ outcome: "ok" })
    expect(checkPaymentEnvironment({ NODE_ENV: "test" })).toEqual({ outcome: "ok" })
  })

  it("lets production run with a Stripe key and a webhook secret", () => {
    expect(checkPaymentEnvironment({ NODE_ENV: "production", ...STRIPE })).toEqual({ outcome: "ok" })
    // With Stripe configured the opt-in changes nothing.
    expect(
      checkPaymentEnvironment({ NODE_ENV: "production", ...STRIPE, [LOCAL_GATEWAY_IN_PRODUCTION_FLAG]: "true" })
    ).toEqual({ outcome: "ok" })
  })

  it("refuses production without Stripe, naming both variables and the opt-in", () => {
    const check = checkPaymentEnvironment({ NODE_ENV: "production" })
    expect(check).toEqual({
      outcome: "refused",
      missing: ["STRIPE_API_KEY", "STRIPE_WEBHOOK_SECRET"],
      message:
        "Refusing to start in production without STRIPE_API_KEY and STRIPE_WEBHOOK_SECRET: without Stripe, " +
        "payments would go through the local sandbox gateway, where anyone can pay any order with a test card. " +
        "Set STRIPE_API_KEY and STRIPE_WEBHOOK_SECRET, or set ATELIER_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION=true to " +
        "run a demo on the local gateway.",
    })
  })

  it("treats blank values as missing", () => {
    const check = checkPaymentEnvironment({ NODE_ENV: "production", STRIPE_API_KEY: "  ", STRIPE_WEBHOOK_SECRET: "" })
    expect(check).toMatchObject({ outcome: "refused", missing: ["STRIPE_API_KEY", "STRIPE_WEBHOOK_SECRET"] })
  })

  it("refuses a Stripe key without its webhook secret, even with the opt-in (it covers the local gateway only)", () => {
    for (const optIn of [{}, { [LOCAL_GATEWAY_IN_PRODUCTION_FLAG]: "true" }]) {
      const check = checkPaymentEnvironment({ NODE_ENV: "production", STRIPE_API_KEY: "sk_live_x", ...optIn })
      expect(check).toEqual({
        outcome: "refused",
        missing: ["STRIPE_WEBHOOK_SECRET"],
        message: expect.stringMatching(/^Refusing to start in production without STRIPE_WEBHOOK_SECRET: .*\.$/),
      })
      expect(check.outcome === "refused" && check.message).not.toContain(LOCAL_GATEWAY_IN_PRODUCTION_FLAG)
    }
  })

  it("refuses a webhook secret alone", () => {
    expect(checkPaymentEnvironment({ NODE_ENV: "production", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toMatchObject({
      outcome: "refused",
      missing: ["STRIPE_API_KEY"],
    })
  })

  it("runs the local gateway in production only when the opt-in is exactly true", () => {
    expect(checkPaymentEnvironment({ NODE_ENV: "production", [LOCAL_GATEWAY_IN_PRODUCTION_FLAG]: "true" })).toEqual({
      outcome: "local_gateway_in_production",
    })
    expect(
      checkPaymentEnvironment({
        NODE_ENV: "production",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        [LOCAL_GATEWAY_IN_PRODUCTION_FLAG]: "true",
      })
    ).toEqual({ outcome: "local_gateway_in_production" })
    for (const value of ["1", "yes", "TRUE", "false", ""]) {
      expect(
        checkPaymentEnvironment({ NODE_ENV: "production", [LOCAL_GATEWAY_IN_PRODUCTION_FLAG]: value }).outcome
      ).toBe("refused")
    }
  })

  it("has a warning that names the opt-in and what it means", () => {
    expect(LOCAL_GATEWAY_IN_PRODUCTION_WARNING).toContain("ATELIER_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION=true")
    expect(LOCAL_GATEWAY_IN_PRODUCTION_WARNING).toContain("LOCAL SANDBOX GATEWAY IN PRODUCTION")
    expect(LOCAL_GATEWAY_IN_PRODUCTION_WARNING).toContain("pm_card_visa")
  })
})
