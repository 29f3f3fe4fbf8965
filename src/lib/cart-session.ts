// The anonymous gallery cart session (spec 4.3, part 8): a UUID in the `gallery_cart_session` cookie,
// valid 30 days from the last cart write. Pure: no I/O, the clock is a parameter.

import { serialize as serializeCookie } from "cookie"
import { randomUUID } from "node:crypto"

export const CART_SESSION_COOKIE = "gallery_cart_session"
export const CART_SESSION_TTL_DAYS = 30
/** 30 days in seconds: the cookie's Max-Age. */
export const CART_SESSION_MAX_AGE_SECONDS = CART_SESSION_TTL_DAYS * 24 * 60 * 60

const DAY_MS = 24 * 60 * 60 * 1000
/** Any RFC 9562 textual UUID (8-4-4-4-12 hex digits), any version. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value)
}

/**
 * The session id carried by a cookie value, lower-cased; null when absent or not a UUID (such a cookie is
 * ignored, as if there were no session).
 */
export function parseCartSessionId(cookieValue: unknown): string | null {
  if (typeof cookieValue !== "string") return null
  const value = cookieValue.trim()
  return isUuid(value) ? value.toLowerCase() : null
}

/** A new random (v4) session id. */
export function newCartSessionId(): string {
  return randomUUID()
}

export type CartSessionCookieOptions = {
  /** Adds `Secure` (production: NODE_ENV=production). */
  secure: boolean
  /** For `Expires` (old clients that ignore Max-Age); defaults to the current time. */
  now?: Date
}

/** Whether the cookie must be `Secure` in this environment: only in production (local HTTP otherwise). */
export function cartCookieSecure(nodeEnv: string | undefined): boolean {
  return nodeEnv === "production"
}

/**
 * The `Set-Cookie` header value that (re)starts a session's 30 days, written by the `cookie` package:
 * `gallery_cart_session=<uuid>; Max-Age=2592000; Path=/; Expires=<now + 30 d>; HttpOnly; SameSite=Lax[; Secure]`.
 */
export function serializeCartSessionCookie(sessionId: string, options: CartSessionCookieOptions): string {
  if (!isUuid(sessionId)) throw new TypeError("cart session id must be a UUID")
  const now = options.now ?? new Date()
  return serializeCookie(CART_SESSION_COOKIE, sessionId.toLowerCase(), {
    maxAge: CART_SESSION_MAX_AGE_SECONDS,
    path: "/",
    expires: new Date(now.getTime() + CART_SESSION_MAX_AGE_SECONDS * 1000),
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
  })
}

/** Sessions whose last activity is before this instant have expired (their rows are deleted). */
export function cartSessionExpiryCutoff(now: Date): Date {
  return new Date(now.getTime() - CART_SESSION_TTL_DAYS * DAY_MS)
}

export function isCartSessionExpired(lastActivity: Date, now: Date): boolean {
  return lastActivity.getTime() < cartSessionExpiryCutoff(now).getTime()
}
