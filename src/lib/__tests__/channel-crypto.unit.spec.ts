import { createDecipheriv, randomBytes } from "node:crypto"
import {
  channelKeyId,
  createChannelKeyring,
  openSecret,
  parseChannelKey,
  sealedKeyId,
  sealSecret,
  SealedSecretError,
} from "../channel-crypto"

const newKey = () => parseChannelKey(randomBytes(32).toString("base64"))

function failure(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    if (error instanceof SealedSecretError) return error.reason
    throw error
  }
  return "opened"
}

describe("channel token encryption (AES-256-GCM, key id with each ciphertext)", () => {
  const context = "org_1:etsy:access_token"

  it("seals and opens; the sealed string never contains the secret and differs every time (random IV)", () => {
    const keyring = createChannelKeyring(newKey())
    const a = sealSecret(keyring, "12345678.secret-token", context)
    const b = sealSecret(keyring, "12345678.secret-token", context)
    expect(a).not.toBe(b)
    expect(a).not.toContain("secret-token")
    expect(a).toMatch(/^v1\.[0-9a-f]{16}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/)
    expect(openSecret(keyring, a, context)).toEqual({ plaintext: "12345678.secret-token", rotated: false })
  })

  it("is standard AES-256-GCM: an independent decipher with the key, IV, tag and AAD opens it", () => {
    const key = newKey()
    const sealed = sealSecret(createChannelKeyring(key), "plain", context)
    const [version, id, iv, ciphertext, tag] = sealed.split(".")
    const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"))
    decipher.setAAD(Buffer.from(`${version}.${id}.${context}`))
    decipher.setAuthTag(Buffer.from(tag, "base64url"))
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()])
    expect(plain.toString()).toBe("plain")
  })

  it("names its key: the id is derived from the key (stable, 16 hex), and is stored with the ciphertext", () => {
    const key = newKey()
    expect(key.id).toBe(channelKeyId(key.key))
    expect(key.id).toMatch(/^[0-9a-f]{16}$/)
    expect(parseChannelKey(key.key.toString("base64")).id).toBe(key.id)
    expect(sealedKeyId(sealSecret(createChannelKeyring(key), "x", context))).toBe(key.id)
    expect(sealedKeyId("not sealed")).toBeNull()
  })

  it("rotates: a previous key still opens what it sealed (flagged rotated), new secrets use the current key", () => {
    const old = newKey()
    const current = newKey()
    const sealedWithOld = sealSecret(createChannelKeyring(old), "token", context)
    const rotatedRing = createChannelKeyring(current, [old])
    expect(openSecret(rotatedRing, sealedWithOld, context)).toEqual({ plaintext: "token", rotated: true })
    const resealed = sealSecret(rotatedRing, "token", context)
    expect(sealedKeyId(resealed)).toBe(current.id)
    expect(openSecret(rotatedRing, resealed, context).rotated).toBe(false)
    // Once the old key is dropped from the configuration, what only it sealed cannot be opened.
    expect(failure(() => openSecret(createChannelKeyring(current), sealedWithOld, context))).toBe("unknown_key")
  })

  it("detects tampering: ciphertext, tag, IV, key id or context changed", () => {
    const key = newKey()
    const other = newKey()
    const keyring = createChannelKeyring(key, [other])
    const sealed = sealSecret(keyring, "a secret token", context)
    const parts = sealed.split(".")
    const flip = (text: string) => {
      const bytes = Buffer.from(text, "base64url")
      bytes[0] ^= 1
      return bytes.toString("base64url")
    }
    const withPart = (index: number, value: string) => parts.map((part, i) => (i === index ? value : part)).join(".")
    expect(failure(() => openSecret(keyring, withPart(3, flip(parts[3])), context))).toBe("tampered")
    expect(failure(() => openSecret(keyring, withPart(4, flip(parts[4])), context))).toBe("tampered")
    expect(failure(() => openSecret(keyring, withPart(2, flip(parts[2])), context))).toBe("tampered")
    // Claiming another configured key, or opening it as another row's or field's secret, fails the tag too.
    expect(failure(() => openSecret(keyring, withPart(1, other.id), context))).toBe("tampered")
    expect(failure(() => openSecret(keyring, sealed, "org_2:etsy:access_token"))).toBe("tampered")
    expect(failure(() => openSecret(keyring, sealed, "org_1:etsy:refresh_token"))).toBe("tampered")
    expect(failure(() => openSecret(keyring, "v1.zz.a.b.c", context))).toBe("malformed")
    expect(failure(() => openSecret(keyring, parts.slice(0, 4).join("."), context))).toBe("malformed")
  })

  it("accepts only 32-byte keys in base64 (standard or URL-safe), saying what is expected", () => {
    const raw = randomBytes(32)
    expect(parseChannelKey(raw.toString("base64url")).key.equals(raw)).toBe(true)
    expect(parseChannelKey(` ${raw.toString("base64")}\n`).key.equals(raw)).toBe(true)
    const message = "CHANNEL_ENCRYPTION_KEY must be 32 random bytes in base64 (for example: openssl rand -base64 32)"
    expect(() => parseChannelKey(randomBytes(16).toString("base64"))).toThrow(message)
    expect(() => parseChannelKey("not base64 at all!")).toThrow(message)
    expect(() => parseChannelKey("")).toThrow(message)
  })
})
