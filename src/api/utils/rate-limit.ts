import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { getAuthContextFromJwtToken } from "@medusajs/framework/http"
import type { ConfigModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ADMIN_ACTOR, MEMBER_ACTOR } from "../../lib/actors"
import { errorBody, isPlatformPath, routeFamily } from "../../lib/error-bodies"
import { requestPath } from "../../lib/request-path"
import { applicationLimits, clientAddress, trustedProxyHops, type ApplicationLimits } from "../../lib/rate-limits"
import { connectRateLimitStore, consume } from "./rate-limit-store"

type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => unknown

export const TOO_MANY_REQUESTS = "Too many requests: slow down and retry after the time in Retry-After"

/**
 * Memoized on the raw variables (re-read at most every 250 ms: reading the environment is not free on the hot path),
 * so a test or an operator changing them is seen without a restart.
 */
let memo: { raw: string; at: number; limits: ApplicationLimits; hops: number; enabled: boolean } | null = null

function settings() {
  const now = Date.now()
  if (memo && now - memo.at < 250) return memo
  const env = process.env
  const raw = [
    env.APP_RATE_LIMIT_AUTHENTICATED_PER_MIN,
    env.APP_RATE_LIMIT_ANONYMOUS_PER_MIN,
    env.WEBHOOK_RATE_LIMIT_PER_MIN,
    env.TRUST_PROXY_HOPS,
    env.RATE_LIMITS,
  ].join("|")
  if (memo?.raw !== raw) {
    memo = { raw, at: now, limits: applicationLimits(env), hops: trustedProxyHops(env), enabled: env.RATE_LIMITS !== "off" }
  }
  memo.at = now
  return memo
}

/** Whether rate limiting is on (RATE_LIMITS=off turns it off, e.g. behind a gateway that limits, or to measure it). */
export function rateLimitsEnabled(): boolean {
  return settings().enabled
}

/** The client's address: X-Forwarded-For only behind TRUST_PROXY_HOPS trusted proxies. */
export function requestClientAddress(req: MedusaRequest): string {
  return clientAddress(req.socket?.remoteAddress, req.get("x-forwarded-for"), settings().hops)
}

/** The verified actor of a member or administrator token (Medusa's own verification), or null. */
function bearerActor(req: MedusaRequest): string | null {
  const header = req.get("authorization")
  if (!header) return null
  const { http } = req.scope.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE).projectConfig
  const context = getAuthContextFromJwtToken(
    header,
    http.jwtSecret as string,
    ["bearer"],
    [ADMIN_ACTOR, MEMBER_ACTOR],
    http.jwtPublicKey,
    http.jwtVerifyOptions ?? http.jwtOptions
  )
  return context?.actor_id ? `${context.actor_type}:${context.actor_id}` : null
}

/**
 * The actor of a Medusa session (the admin extension calls /api/admin/* on the administrator's /app session), or
 * null. express-session has verified the cookie's signature before any route middleware runs.
 */
function sessionActor(req: MedusaRequest): string | null {
  const context = (req as MedusaRequest & { session?: { auth_context?: { actor_type?: string; actor_id?: string } } })
    .session?.auth_context
  if (!context?.actor_id || (context.actor_type !== ADMIN_ACTOR && context.actor_type !== MEMBER_ACTOR)) return null
  return `${context.actor_type}:${context.actor_id}`
}

const WEBHOOKS = /^\/api\/webhooks(?:\/|$)/
// The catalogue's pictures are not counted, like the app's own files under /gallery: a page of works loads a dozen at
// once (each kept a year by the browser), which would soon exhaust a shopper's 100 a minute (docs/products.md, "Images").
const IMAGES = /^\/api\/gallery\/images\//i

/**
 * Global `/api*` limit (spec 8, application routes): per minute, webhook endpoints 10,000 per client address,
 * requests with a valid member or administrator token (or session) 1,000 per actor, anything else 100 per client address (the
 * environment overrides them). The platform API under /api/v1 has its own limits (per organization and plan).
 */
export function applicationRateLimit(): Middleware {
  connectRateLimitStore()
  return async (req, res, next) => {
    const path = requestPath(req)
    const { limits, enabled } = settings()
    if (!enabled || isPlatformPath(path) || IMAGES.test(path)) return next()
    let name: string
    let key: string
    let points: number
    if (WEBHOOKS.test(path)) {
      ;[name, key, points] = ["webhook", requestClientAddress(req), limits.webhook]
    } else {
      const actor = bearerActor(req) ?? sessionActor(req)
      ;[name, key, points] = actor
        ? ["app-actor", actor, limits.authenticated]
        : ["app-anonymous", requestClientAddress(req), limits.anonymous]
    }
    try {
      const decision = await consume(name, [{ points, durationS: 60 }], key)
      res.set(decision.headers)
      if (decision.allowed) return next()
    } catch (error) {
      return next(error)
    }
    const family = routeFamily(path)
    res.status(429).json(errorBody(family === "gallery" ? "gallery" : "application", 429, TOO_MANY_REQUESTS))
  }
}
