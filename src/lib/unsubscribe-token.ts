// One-click unsubscribe links (RFC 8058) of an organization's emails: the token names the organization and the
// address, signed so that nobody can unsubscribe someone else by editing it.
import { createHmac, timingSafeEqual } from "node:crypto"

export type UnsubscribeTarget = { organizationId: string; email: string }

const encode = (value: string | Buffer) => Buffer.from(value).toString("base64url")

function signature(payload: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(`unsubscribe.${payload}`).digest()
}

/** `<base64url JSON>.<base64url HMAC-SHA256>` of the target. */
export function signUnsubscribeToken(target: UnsubscribeTarget, secret: string): string {
  const payload = encode(JSON.stringify({ o: target.organizationId, e: target.email }))
  return `${payload}.${encode(signature(payload, secret))}`
}

/** The token's target, or null when it is malformed or its signature does not match (compared in constant time). */
export function verifyUnsubscribeToken(token: string, secret: string): UnsubscribeTarget | null {
  const parts = token.split(".")
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null
  const [payload, given] = parts
  const expected = signature(payload, secret)
  const actual = Buffer.from(given, "base64url")
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { o?: unknown; e?: unknown }
    if (typeof parsed.o !== "string" || typeof parsed.e !== "string" || !parsed.o || !parsed.e) return null
    return { organizationId: parsed.o, email: parsed.e }
  } catch {
    return null
  }
}

/** The headers that make an email's unsubscribe one click (RFC 2369 + RFC 8058). */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
}
