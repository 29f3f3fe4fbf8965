// The customer's email as a second key to a gallery order (next to its public id): compared case-insensitively and
// in constant time, so neither the answer nor its timing tells how much of a guess was right. Pure: no I/O.
import { createHash, timingSafeEqual } from "node:crypto"
import { normalizeEmail } from "./email"

/** SHA-256 of the trimmed, lower-cased email: fixed length, so the comparison below never depends on lengths. */
function emailDigest(email: string): Buffer {
  return createHash("sha256").update(normalizeEmail(email), "utf8").digest()
}

// Compared against when there is no order, so a miss costs the same work as a wrong email.
const NO_ORDER_DIGEST = emailDigest("no-order@invalid")

/**
 * Whether `given` is the order's email (case and surrounding spaces ignored). `stored` null (no such order) and
 * `given` null (none sent) are a mismatch, after the same hashing and comparison as any other attempt.
 */
export function orderEmailMatches(given: string | null, stored: string | null): boolean {
  const expected = stored === null ? NO_ORDER_DIGEST : emailDigest(stored)
  const actual = emailDigest(given ?? "")
  return timingSafeEqual(expected, actual) && given !== null && stored !== null
}

/** What a masked email shows in place of the hidden characters: always three, so it never tells their number. */
const MASK = "***"

/**
 * The order's email as public views show it (the public order view and the tracking page): the first character of
 * the local part, `***`, then the whole domain — `ada@collector.test` -> `a***@collector.test`. A local part of
 * one or two characters shows none of them (`ab@example.com` -> `***@example.com`): its first character would be
 * half of it or all of it. Anything without both a local part and a domain is `***`. The buyer recognises their
 * address; whoever else holds the public id learns too little to type it into the addresses route, which asks for
 * the full email (orderEmailMatches). Characters are counted as code points, so none is cut in half.
 */
export function maskEmail(email: string): string {
  const trimmed = email.trim()
  const at = trimmed.lastIndexOf("@")
  const local = Array.from(trimmed.slice(0, Math.max(at, 0)))
  const domain = trimmed.slice(at + 1)
  if (at < 0 || !local.length || !domain) return MASK
  const shown = local.length >= 3 ? local[0] : ""
  return `${shown}${MASK}@${domain}`
}
