// Platform API keys (docs/platform-api.md), made the way GitHub's tokens are: a prefix that names the kind of key,
// random base62 characters, and a CRC32 checksum in base62, so that a mistyped or truncated key is refused
// without a database lookup (and secret scanners can recognise the format). Only the SHA-256 of a key is stored.
import { createHash, randomBytes } from "node:crypto"
import { crc32 } from "node:zlib"

export const API_KEY_ENVIRONMENTS = ["live", "sandbox"] as const
export type ApiKeyEnvironment = (typeof API_KEY_ENVIRONMENTS)[number]

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
/** 40 base62 characters: ~238 bits of entropy. */
export const API_KEY_RANDOM_LENGTH = 40
/** CRC32 < 62^6, so six base62 characters always hold it (left-padded with "0"). */
export const API_KEY_CHECKSUM_LENGTH = 6
// Largest multiple of 62 that fits in a byte: bytes at or above it are skipped so every character is equally likely.
const UNBIASED_BYTE_LIMIT = 256 - (256 % BASE62.length)
// A real random source needs more than a couple of rounds with negligible probability; the cap stops a broken one looping.
const MAX_RANDOM_ROUNDS = 100

const KEY_PREFIX: Record<ApiKeyEnvironment, string> = { live: "atl_live_", sandbox: "atl_test_" }
/** How many characters of a key are kept in clear (its `prefix`), to tell keys apart in the dashboard. */
const DISPLAY_LENGTH = KEY_PREFIX.live.length + 6

const KEY_PATTERN = new RegExp(
  `^atl_(live|test)_([0-9A-Za-z]{${API_KEY_RANDOM_LENGTH}})([0-9A-Za-z]{${API_KEY_CHECKSUM_LENGTH}})$`
)

export function toBase62(value: number, length: number): string {
  let rest = value
  let out = ""
  while (rest > 0) {
    out = BASE62[rest % 62] + out
    rest = Math.floor(rest / 62)
  }
  if (out.length > length) throw new RangeError(`${value} does not fit in ${length} base62 characters`)
  return out.padStart(length, "0")
}

/** The checksum of everything before it (prefix and random part). */
export function apiKeyChecksum(body: string): string {
  return toBase62(crc32(body), API_KEY_CHECKSUM_LENGTH)
}

function randomBase62(length: number, random: (size: number) => Buffer): string {
  let out = ""
  for (let round = 0; round < MAX_RANDOM_ROUNDS && out.length < length; round++) {
    for (const byte of random(length * 2)) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue
      out += BASE62[byte % BASE62.length]
      if (out.length === length) break
    }
  }
  if (out.length < length) throw new Error("random source kept returning unusable bytes")
  return out
}

/** SHA-256 (hex) of a key: what is stored and looked up. A fast hash suffices: the key has ~238 random bits. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex")
}

export type GeneratedApiKey = {
  /** The full key: shown once, never stored. */
  key: string
  /** Its first characters, stored and shown to tell keys apart (`atl_live_AbC123`). */
  prefix: string
  hash: string
}

export function generateApiKey(
  environment: ApiKeyEnvironment,
  random: (size: number) => Buffer = randomBytes
): GeneratedApiKey {
  const body = KEY_PREFIX[environment] + randomBase62(API_KEY_RANDOM_LENGTH, random)
  const key = body + apiKeyChecksum(body)
  return { key, prefix: key.slice(0, DISPLAY_LENGTH), hash: hashApiKey(key) }
}

export type ParsedApiKey =
  | { valid: true; environment: ApiKeyEnvironment; hash: string }
  | { valid: false; reason: "malformed" | "checksum" }

/** Checks a presented key's format and checksum (no I/O); a valid one gives the hash to look up. */
export function parseApiKey(candidate: string): ParsedApiKey {
  const match = KEY_PATTERN.exec(candidate)
  if (!match) return { valid: false, reason: "malformed" }
  const [, kind, random, checksum] = match
  const body = `atl_${kind}_${random}`
  if (apiKeyChecksum(body) !== checksum) return { valid: false, reason: "checksum" }
  return { valid: true, environment: kind === "live" ? "live" : "sandbox", hash: hashApiKey(candidate) }
}

/** `Authorization: Bearer <key>` -> the key; null when the header is absent; "" when it is not a bearer credential. */
export function bearerCredential(header: string | undefined): string | null {
  if (header === undefined || header === "") return null
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)
  return match ? match[1] : ""
}
