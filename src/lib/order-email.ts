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
