// Rate limits of Medusa's own authentication routes (/auth/*, outside the /api limiter; docs/decisions.md "Login,
// registration, password reset and token refresh are rate limited"). Pure: which route a request is, the limits (with
// their environment overrides), the identifier a count is kept under.

import { createHash } from "node:crypto"
import type { RateWindow } from "./rate-limits"

/** The limited authentication routes: emailpass login, registration and reset-password requests, token refresh. */
export type AuthRoute = "login" | "register" | "reset-password" | "refresh"

export type AuthLimits = {
  /** Failed logins (answered 401) per account identifier. */
  loginFailuresPerIdentifier: RateWindow
  /** Failed logins (answered 401) per client IP, whatever the account. */
  loginFailuresPerIp: RateWindow
  registrationsPerIp: RateWindow
  registrationsPerIdentifier: RateWindow
  resetsPerIdentifier: RateWindow
  resetsPerIp: RateWindow
  refreshesPerIp: RateWindow
}

/** The environment variables and their defaults (docs/configuration.md, "Rate limits and security"). */
export const AUTH_RATE_LIMIT_DEFAULTS = {
  AUTH_LOGIN_FAILURES_PER_IDENTIFIER: 10,
  AUTH_LOGIN_FAILURES_PER_IP: 50,
  AUTH_LOGIN_WINDOW_SECONDS: 15 * 60,
  AUTH_REGISTRATIONS_PER_IP_PER_HOUR: 10,
  AUTH_REGISTRATIONS_PER_IDENTIFIER_PER_HOUR: 5,
  AUTH_RESETS_PER_IDENTIFIER_PER_HOUR: 5,
  AUTH_RESETS_PER_IP_PER_HOUR: 20,
  AUTH_REFRESHES_PER_IP_PER_MIN: 120,
} as const

export type AuthRateLimitVariable = keyof typeof AUTH_RATE_LIMIT_DEFAULTS

export const AUTH_RATE_LIMIT_VARIABLES = Object.keys(AUTH_RATE_LIMIT_DEFAULTS) as AuthRateLimitVariable[]

const HOUR_S = 3_600
const MINUTE_S = 60

function setting(env: Record<string, string | undefined>, name: AuthRateLimitVariable): number {
  const raw = env[name]
  if (raw === undefined || raw.trim() === "") return AUTH_RATE_LIMIT_DEFAULTS[name]
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer (got "${raw}")`)
  return value
}

/** The authentication limits: the defaults unless the environment overrides them (a bad value throws). */
export function authLimits(env: Record<string, string | undefined>): AuthLimits {
  const loginWindowS = setting(env, "AUTH_LOGIN_WINDOW_SECONDS")
  return {
    loginFailuresPerIdentifier: { points: setting(env, "AUTH_LOGIN_FAILURES_PER_IDENTIFIER"), durationS: loginWindowS },
    loginFailuresPerIp: { points: setting(env, "AUTH_LOGIN_FAILURES_PER_IP"), durationS: loginWindowS },
    registrationsPerIp: { points: setting(env, "AUTH_REGISTRATIONS_PER_IP_PER_HOUR"), durationS: HOUR_S },
    registrationsPerIdentifier: { points: setting(env, "AUTH_REGISTRATIONS_PER_IDENTIFIER_PER_HOUR"), durationS: HOUR_S },
    resetsPerIdentifier: { points: setting(env, "AUTH_RESETS_PER_IDENTIFIER_PER_HOUR"), durationS: HOUR_S },
    resetsPerIp: { points: setting(env, "AUTH_RESETS_PER_IP_PER_HOUR"), durationS: HOUR_S },
    refreshesPerIp: { points: setting(env, "AUTH_REFRESHES_PER_IP_PER_MIN"), durationS: MINUTE_S },
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase()
  } catch {
    return segment.toLowerCase()
  }
}

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i

/**
 * The limited route a request is, or null. Decided as Express routes it: case-insensitively, with an optional
 * trailing slash, on percent-decoded segments (Medusa's `/auth/:actor_type/:auth_provider` hands the decoded
 * `%65mailpass` to the emailpass provider, so the limit must see it as `emailpass` too). Any actor type: Medusa
 * accepts any actor on the emailpass routes when `authMethodsPerActor` does not restrict them. Login is limited on
 * GET as well, the method Medusa's login route also answers.
 */
export function authRoute(method: string, url: string): AuthRoute | null {
  const endpoint = authEndpoint(method, url)
  return endpoint === "update" ? null : endpoint
}

/** The authentication endpoints: the limited routes, and `update` (the new password of a reset, not limited). */
export type AuthEndpoint = AuthRoute | "update"

/** Which authentication endpoint a request is, decided as `authRoute` says (Atelier's password rule needs `update`). */
export function authEndpoint(method: string, url: string): AuthEndpoint | null {
  const verb = method.toUpperCase()
  // An absolute-form request target (`POST http://host/auth/...`) is routed on its path, so it is judged on it too.
  const segments = url.replace(ABSOLUTE_FORM, "").split(/[?#]/)[0].split("/")
  if (segments[0] !== "") return null
  segments.shift()
  if (segments.length > 1 && segments[segments.length - 1] === "") segments.pop()
  const [root, second, third, fourth, ...rest] = segments.map(decodeSegment)
  if (root !== "auth" || rest.length || !second || !third) return null
  const post = verb === "POST"
  if (second === "token" && third === "refresh" && fourth === undefined) return post ? "refresh" : null
  if (third !== "emailpass") return null
  if (fourth === undefined) return post || verb === "GET" || verb === "HEAD" ? "login" : null
  if (fourth === "register") return post ? "register" : null
  if (fourth === "reset-password") return post ? "reset-password" : null
  if (fourth === "update") return post ? "update" : null
  return null
}

/** The account identifier of a request body's email (or reset identifier): trimmed and lower-cased; null if none. */
export function normalizeIdentifier(value: unknown): string | null {
  if (typeof value !== "string") return null
  const normalized = value.trim().toLowerCase()
  return normalized === "" ? null : normalized
}

/**
 * The key an identifier is counted under: a SHA-256 of the normalized identifier, so the counter store (Redis) holds
 * no email addresses and an arbitrarily long one makes a key of fixed size. Null when there is no identifier.
 */
export function identifierKey(value: unknown): string | null {
  const identifier = normalizeIdentifier(value)
  return identifier === null ? null : createHash("sha256").update(`emailpass:${identifier}`).digest("hex")
}

/** The message of every 429 of the authentication routes. */
export const AUTH_TOO_MANY_ATTEMPTS =
  "Too many attempts: wait the number of seconds given in the Retry-After header before trying again"

/** The body of a refused authentication request: the authentication-failure family's `{error, message}`. */
export function authRateLimitedBody() {
  return { error: "Too Many Requests", message: AUTH_TOO_MANY_ATTEMPTS }
}
