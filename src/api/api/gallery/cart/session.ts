import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  CART_SESSION_COOKIE,
  cartCookieSecure,
  newCartSessionId,
  parseCartSessionId,
  serializeCartSessionCookie,
} from "../../../../lib/cart-session"

/** The request's cart session id (lower-case UUID), or null: no cookie, or a cookie that is not a UUID. */
export function readCartSession(req: MedusaRequest): string | null {
  const cookies = (req as MedusaRequest & { cookies?: Record<string, unknown> }).cookies
  return parseCartSessionId(cookies?.[CART_SESSION_COOKIE])
}

/** The request's session, or a new one (first add). */
export function cartSessionOrNew(req: MedusaRequest): { sessionId: string; isNew: boolean } {
  const existing = readCartSession(req)
  return existing ? { sessionId: existing, isNew: false } : { sessionId: newCartSessionId(), isNew: true }
}

/** (Re)sets the cookie after a successful write, so the session's 30 days count from this activity. */
export function refreshCartSessionCookie(res: MedusaResponse, sessionId: string): void {
  res.append("Set-Cookie", serializeCartSessionCookie(sessionId, { secure: cartCookieSecure(process.env.NODE_ENV) }))
}
