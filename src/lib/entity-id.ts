// Entity ids in Medusa's format (`<prefix>_<ULID>`), generated without a system call per character.
// Medusa's generateEntityId draws every random ULID character with its own crypto.randomBytes(1) call (16 per id);
// on hot paths that write a dozen rows per request, those calls add up. Here random bytes come from a pooled
// crypto.randomBytes buffer: same alphabet, same 26 characters, same time-ordered prefix, same randomness source.

import { randomBytes } from "node:crypto"

/** Crockford's base32, as ULID uses it. */
const ULID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
const TIME_LENGTH = 10
const RANDOM_LENGTH = 16
const POOL_SIZE = 4096
const MAX_TIME = 2 ** 48 - 1

let pool = Buffer.alloc(0)
let offset = 0

function randomChunk(size: number): Buffer {
  if (offset + size > pool.length) {
    pool = randomBytes(POOL_SIZE)
    offset = 0
  }
  const chunk = pool.subarray(offset, offset + size)
  offset += size
  return chunk
}

/** The 10-character ULID time part (milliseconds since the epoch, base32, most significant first). */
export function encodeUlidTime(timeMs: number): string {
  if (!Number.isSafeInteger(timeMs) || timeMs < 0 || timeMs > MAX_TIME) {
    throw new RangeError(`ULID time must be an integer between 0 and ${MAX_TIME}, got ${timeMs}`)
  }
  let rest = timeMs
  let out = ""
  for (let i = 0; i < TIME_LENGTH; i++) {
    out = ULID_ALPHABET[rest % 32] + out
    rest = Math.floor(rest / 32)
  }
  return out
}

/**
 * A ULID: 10 time characters then 16 random ones. Each random character takes the low 5 bits of one random byte
 * (256 is a multiple of 32, so every character is equally likely).
 */
export function ulid(timeMs: number = Date.now(), random: (size: number) => Buffer = randomChunk): string {
  const bytes = random(RANDOM_LENGTH)
  let out = encodeUlidTime(timeMs)
  for (let i = 0; i < RANDOM_LENGTH; i++) out += ULID_ALPHABET[bytes[i] & 31]
  return out
}

/** `<prefix>_<ULID>`, as Medusa's generateEntityId(undefined, prefix) produces. */
export function entityId(prefix: string): string {
  return `${prefix}_${ulid()}`
}
