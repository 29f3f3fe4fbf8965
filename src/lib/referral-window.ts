// The referral window (spec 4.6, part 8): a referral is valid 30 days from its creation, and the anonymous
// visitor is remembered by the `gallery_ref` cookie (a UUID, Max-Age 2592000). Pure: no I/O, the clock is a parameter.

import { serialize as serializeCookie } from "cookie"
import { cartCookieSecure, isUuid, newCartSessionId } from "./cart-session"

export const REFERRAL_COOKIE = "gallery_ref"
export const REFERRAL_WINDOW_DAYS = 30
/** 30 days in seconds: the cookie's Max-Age. */
export const REFERRAL_COOKIE_MAX_AGE = REFERRAL_WINDOW_DAYS * 24 * 60 * 60

const WINDOW_MS = REFERRAL_COOKIE_MAX_AGE * 1000

/** createdAt + 30 days (exactly 2592000 s, the cookie's lifetime). */
export function referralExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + WINDOW_MS)
}

/** Live at `at` when `at` is before the expiry; from the expiry instant on, the referral has expired. */
export function isReferralLive(expiresAt: Date, at: Date): boolean {
  return at.getTime() < expiresAt.getTime()
}

/**
 * The referral session id carried by a cookie value, lower-cased; null when absent or not a UUID (such a cookie
 * is ignored and a new session is started).
 */
export function parseReferralSessionId(cookieValue: unknown): string | null {
  if (typeof cookieValue !== "string") return null
  const value = cookieValue.trim()
  return isUuid(value) ? value.toLowerCase() : null
}

/** A new random (v4) anonymous referral session id. */
export function newReferralSessionId(): string {
  return newCartSessionId()
}

/** Whether the cookie must be `Secure` in this environment: only in production (local HTTP otherwise), as the cart's. */
export const referralCookieSecure: (nodeEnv: string | undefined) => boolean = cartCookieSecure

export type ReferralCookieOptions = {
  /** Adds `Secure` (production: NODE_ENV=production). */
  secure: boolean
  /** For `Expires` (old clients that ignore Max-Age); defaults to the current time. */
  now?: Date
}

/**
 * The `Set-Cookie` header value of the referral session, written by the `cookie` package:
 * `gallery_ref=<uuid>; Max-Age=2592000; Path=/; Expires=<now + 30 d>; HttpOnly; SameSite=Lax[; Secure]`.
 */
export function serializeReferralCookie(sessionId: string, options: ReferralCookieOptions): string {
  if (!isUuid(sessionId)) throw new TypeError("referral session id must be a UUID")
  const now = options.now ?? new Date()
  return serializeCookie(REFERRAL_COOKIE, sessionId.toLowerCase(), {
    maxAge: REFERRAL_COOKIE_MAX_AGE,
    path: "/",
    expires: referralExpiresAt(now),
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
  })
}
