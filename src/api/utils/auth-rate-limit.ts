import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { authLimits, authRateLimitedBody, authRoute, identifierKey, type AuthLimits, type AuthRoute } from "../../lib/auth-rate-limits"
import { connectRateLimitStore, forget, giveBack, reserve, type LimitCheck } from "./rate-limit-store"
import { rateLimitsEnabled, requestClientAddress } from "./rate-limit"

type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => unknown

/** The counters a request of `route` is counted in: the account identifier's first, then the client address's. */
function checksFor(route: AuthRoute, limits: AuthLimits, ip: string, identifier: string | null): LimitCheck[] {
  const perIdentifier = (name: string, window: LimitCheck["window"]) => (identifier ? [{ name, window, key: identifier }] : [])
  switch (route) {
    case "login":
      return [
        ...perIdentifier("auth-login-identifier", limits.loginFailuresPerIdentifier),
        { name: "auth-login-ip", window: limits.loginFailuresPerIp, key: ip },
      ]
    case "register":
      return [
        ...perIdentifier("auth-register-identifier", limits.registrationsPerIdentifier),
        { name: "auth-register-ip", window: limits.registrationsPerIp, key: ip },
      ]
    case "reset-password":
      return [
        ...perIdentifier("auth-reset-identifier", limits.resetsPerIdentifier),
        { name: "auth-reset-ip", window: limits.resetsPerIp, key: ip },
      ]
    case "refresh":
      return [{ name: "auth-refresh-ip", window: limits.refreshesPerIp, key: ip }]
  }
}

/**
 * Once a login's answer is known: a failure (401) keeps the points it took; anything else gives them back, and a
 * success also clears the account's failures. A client that hangs up before the answer learns nothing: given back.
 */
function settleLogin(res: MedusaResponse, checks: LimitCheck[]) {
  let settled = false
  const settle = () => {
    if (settled) return
    settled = true
    const status = res.writableFinished ? res.statusCode : 0
    if (status === 401) return
    const [first] = checks
    const success = status >= 200 && status < 300
    const identifierCheck = first?.name === "auth-login-identifier" ? first : null
    void giveBack(success && identifierCheck ? checks.filter((c) => c !== identifierCheck) : checks)
    if (success && identifierCheck) void forget(identifierCheck)
  }
  res.once("finish", settle)
  res.once("close", settle)
}

/**
 * Limits Medusa's own authentication routes (outside the `/api*` limiter) per client IP and per account identifier
 * (docs/decisions.md "Login, registration, password reset and token refresh are rate limited"): failed emailpass logins,
 * registrations, reset-password requests and token refreshes. Runs before Medusa's route middlewares and handlers
 * (a global middleware), so a refused request never reaches the password check. Answers 429 with Retry-After and
 * X-RateLimit-* headers and `{error: "Too Many Requests", message}`. RATE_LIMITS=off turns it off.
 */
export function authRateLimit(): Middleware {
  connectRateLimitStore()
  authLimits(process.env) // a bad value stops the boot rather than every login
  return async (req, res, next) => {
    if (!rateLimitsEnabled()) return next()
    const route = authRoute(req.method, req.originalUrl || req.url || "")
    if (!route) return next()
    let checks: LimitCheck[]
    try {
      const body = (req.body ?? {}) as { email?: unknown; identifier?: unknown }
      const identifier = identifierKey(route === "reset-password" ? body.identifier : body.email)
      checks = checksFor(route, authLimits(process.env), requestClientAddress(req), identifier)
      const decision = await reserve(checks)
      res.set(decision.headers)
      if (!decision.allowed) return res.status(429).json(authRateLimitedBody())
    } catch (error) {
      return next(error)
    }
    if (route === "login") settleLogin(res, checks)
    next()
  }
}
