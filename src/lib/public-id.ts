// Customer-facing identifiers for gallery orders.
import { randomBytes } from "node:crypto"

const PUBLIC_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
const PUBLIC_ID_RANDOM_LENGTH = 6
// Largest multiple of 36 that fits in a byte: bytes at or above it are rejected so every character is equally likely.
const UNBIASED_BYTE_LIMIT = 256 - (256 % PUBLIC_ID_ALPHABET.length)
// A real random source needs more than a couple of rounds with negligible probability; the cap stops a broken one looping.
const MAX_RANDOM_ROUNDS = 100

const GALLERY_PUBLIC_ID_PATTERN = /^GAL-[0-9]{4}-[A-Z0-9]{6}$/

/** GAL-YYYY-XXXXXX: UTC year of `now` and 6 uppercase alphanumerics. The public id is the order-tracking credential. */
export function generateGalleryPublicId(
  now: Date,
  random: (size: number) => Buffer = randomBytes
): string {
  const year = now.getUTCFullYear()
  if (!Number.isInteger(year) || year < 0 || year > 9999) {
    throw new RangeError(`cannot build a public id for date ${String(now)}`)
  }
  let suffix = ""
  for (let round = 0; round < MAX_RANDOM_ROUNDS && suffix.length < PUBLIC_ID_RANDOM_LENGTH; round++) {
    for (const byte of random(PUBLIC_ID_RANDOM_LENGTH * 2)) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue
      suffix += PUBLIC_ID_ALPHABET[byte % PUBLIC_ID_ALPHABET.length]
      if (suffix.length === PUBLIC_ID_RANDOM_LENGTH) break
    }
  }
  if (suffix.length < PUBLIC_ID_RANDOM_LENGTH) {
    throw new Error("random source kept returning unusable bytes")
  }
  return `GAL-${String(year).padStart(4, "0")}-${suffix}`
}

export function isGalleryPublicId(value: string): boolean {
  return GALLERY_PUBLIC_ID_PATTERN.test(value)
}

/** Payment-provider transfer group tying a charge to its per-artist transfers: gallery_{orderId}_{timestamp}. */
export function galleryTransferGroup(orderId: string, timestampMs: number): string {
  if (!Number.isSafeInteger(timestampMs) || timestampMs < 0) {
    throw new RangeError(`timestampMs must be a non-negative integer, got ${timestampMs}`)
  }
  return `gallery_${orderId}_${timestampMs}`
}
