// Marketplace tokens at rest (docs/marketplace-channels.md): AES-256-GCM with a random 96-bit IV per secret, sealed
// as one string that names the key it was made with, so that keys can rotate: the current key seals, any key of the
// keyring (current or previous) opens what it sealed.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto"

/** AES-256: 32-byte keys. */
export const CHANNEL_KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16
/** The sealed format's version, first field of every sealed string. */
const FORMAT = "v1"

export type ChannelKey = { id: string; key: Buffer }

/** The current key seals; every key (current and previous) opens, found by the id a sealed string carries. */
export type ChannelKeyring = { current: ChannelKey; keys: Map<string, ChannelKey> }

export type SealedSecretFailure = "malformed" | "unknown_key" | "tampered"

/** A sealed string that cannot be opened: not one of ours, sealed with a key no longer configured, or altered. */
export class SealedSecretError extends Error {
  constructor(readonly reason: SealedSecretFailure) {
    super(
      reason === "unknown_key"
        ? "The secret was sealed with a key that is not configured (CHANNEL_ENCRYPTION_KEY / CHANNEL_ENCRYPTION_PREVIOUS_KEYS)"
        : reason === "tampered"
          ? "The secret failed its integrity check (altered, or opened in another context)"
          : "The secret is not in the sealed format"
    )
    this.name = "SealedSecretError"
  }
}

/**
 * A key's id: the first 8 bytes of its SHA-256, hex. Derived from the key, so nothing but the key has to be
 * configured, every process computes the same id, and the id tells nothing usable about the key.
 */
export function channelKeyId(key: Buffer): string {
  return createHash("sha256").update("atelier-channel-key:").update(key).digest("hex").slice(0, 16)
}

/** A key given in base64 (standard or URL-safe alphabet): exactly 32 bytes, else an Error saying what is expected. */
export function parseChannelKey(encoded: string, name = "CHANNEL_ENCRYPTION_KEY"): ChannelKey {
  const value = encoded.trim()
  const decoded = /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) ? Buffer.from(value, "base64") : Buffer.alloc(0)
  if (decoded.length !== CHANNEL_KEY_BYTES) {
    throw new Error(`${name} must be ${CHANNEL_KEY_BYTES} random bytes in base64 (for example: openssl rand -base64 32)`)
  }
  return { id: channelKeyId(decoded), key: decoded }
}

export function createChannelKeyring(current: ChannelKey, previous: ChannelKey[] = []): ChannelKeyring {
  const keys = new Map<string, ChannelKey>()
  for (const key of [current, ...previous]) if (!keys.has(key.id)) keys.set(key.id, key)
  return { current, keys }
}

// The additional authenticated data binds a ciphertext to its format, key id and context (e.g. the connection and
// field it belongs to), so that neither the header nor a copy of the ciphertext into another row or field opens.
function aad(keyId: string, context: string): Buffer {
  return Buffer.from(`${FORMAT}.${keyId}.${context}`, "utf8")
}

/** `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts) of `plaintext`, sealed with the current key. */
export function sealSecret(keyring: ChannelKeyring, plaintext: string, context: string): string {
  const { id, key } = keyring.current
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(aad(id, context))
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()])
  const tag = cipher.getAuthTag()
  return [FORMAT, id, iv.toString("base64url"), ciphertext.toString("base64url"), tag.toString("base64url")].join(".")
}

/** The id of the key a sealed string names (null when it is not in the sealed format). */
export function sealedKeyId(sealed: string): string | null {
  const parts = sealed.split(".")
  return parts.length === 5 && parts[0] === FORMAT && /^[0-9a-f]{16}$/.test(parts[1]) ? parts[1] : null
}

/**
 * Opens a sealed string made for `context`. `rotated` is true when it was sealed with a previous key (the caller
 * seals it again with the current one). Throws SealedSecretError when it cannot be opened.
 */
export function openSecret(keyring: ChannelKeyring, sealed: string, context: string): { plaintext: string; rotated: boolean } {
  const keyId = sealedKeyId(sealed)
  if (!keyId) throw new SealedSecretError("malformed")
  const [, , ivText, ciphertextText, tagText] = sealed.split(".")
  const iv = Buffer.from(ivText, "base64url")
  const tag = Buffer.from(tagText, "base64url")
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SealedSecretError("malformed")
  const key = keyring.keys.get(keyId)
  if (!key) throw new SealedSecretError("unknown_key")
  const decipher = createDecipheriv("aes-256-gcm", key.key, iv, { authTagLength: TAG_BYTES })
  decipher.setAAD(aad(keyId, context))
  decipher.setAuthTag(tag)
  try {
    const plaintext = Buffer.concat([decipher.update(Buffer.from(ciphertextText, "base64url")), decipher.final()])
    return { plaintext: plaintext.toString("utf8"), rotated: keyId !== keyring.current.id }
  } catch {
    throw new SealedSecretError("tampered")
  }
}
