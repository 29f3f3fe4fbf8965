// Which payment gateway a process may start with (read by medusa-config.ts before anything else boots).

/** The operator's explicit opt-in to the local sandbox gateway in production (a demo: no money moves). */
export const LOCAL_GATEWAY_IN_PRODUCTION_FLAG = "ATELIER_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION"

/** What a production server needs to take real payments through Stripe. */
export const STRIPE_PRODUCTION_VARIABLES = ["STRIPE_API_KEY", "STRIPE_WEBHOOK_SECRET"] as const

/** Logged as a warning at every boot of a production process that runs on the local gateway. */
export const LOCAL_GATEWAY_IN_PRODUCTION_WARNING =
  `${LOCAL_GATEWAY_IN_PRODUCTION_FLAG}=true: PAYMENTS USE THE LOCAL SANDBOX GATEWAY IN PRODUCTION. No real money ` +
  `moves, and anyone can pay any order with the test card pm_card_visa. For a real shop, unset ` +
  `${LOCAL_GATEWAY_IN_PRODUCTION_FLAG} and set ${STRIPE_PRODUCTION_VARIABLES.join(" and ")}.`

export type PaymentEnvironment =
  /** Not production, or production with Stripe fully configured. */
  | { outcome: "ok" }
  /** Production without Stripe and without the opt-in: the process must not start. */
  | { outcome: "refused"; missing: string[]; message: string }
  /** Production on the local gateway because the operator opted in: start, and say so loudly. */
  | { outcome: "local_gateway_in_production" }

function isSet(value: string | undefined): boolean {
  return typeof value === "string" && value.trim() !== ""
}

/**
 * Without a Stripe key the local gateway takes every payment, and anyone can pay any order with the test card
 * `pm_card_visa`: in production that is allowed only when `ATELIER_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION` is exactly
 * `true`, and only for the local gateway (a Stripe key without its webhook secret is always refused, as webhooks
 * could then never be verified).
 */
export function checkPaymentEnvironment(env: Record<string, string | undefined>): PaymentEnvironment {
  if (env.NODE_ENV !== "production") return { outcome: "ok" }
  const missing = STRIPE_PRODUCTION_VARIABLES.filter((name) => !isSet(env[name]))
  if (!missing.length) return { outcome: "ok" }
  if (!isSet(env.STRIPE_API_KEY) && env[LOCAL_GATEWAY_IN_PRODUCTION_FLAG] === "true") {
    return { outcome: "local_gateway_in_production" }
  }
  return {
    outcome: "refused",
    missing,
    message:
      `Refusing to start in production without ${missing.join(" and ")}: without Stripe, payments would go ` +
      `through the local sandbox gateway, where anyone can pay any order with a test card. Set ` +
      `${STRIPE_PRODUCTION_VARIABLES.join(" and ")}` +
      (isSet(env.STRIPE_API_KEY)
        ? "."
        : `, or set ${LOCAL_GATEWAY_IN_PRODUCTION_FLAG}=true to run a demo on the local gateway.`),
  }
}
