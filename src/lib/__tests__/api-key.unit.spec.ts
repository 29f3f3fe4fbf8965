import {
  API_KEY_CHECKSUM_LENGTH,
  API_KEY_RANDOM_LENGTH,
  apiKeyChecksum,
  bearerCredential,
  generateApiKey,
  hashApiKey,
  parseApiKey,
  toBase62,
} from "../api-key"

describe("generateApiKey", () => {
  it("live and sandbox keys: prefix, random base62 part, checksum; parse back with their environment", () => {
    for (const environment of ["live", "sandbox"] as const) {
      const { key, prefix, hash } = generateApiKey(environment)
      const head = environment === "live" ? "atl_live_" : "atl_test_"
      expect(key).toMatch(new RegExp(`^${head}[0-9A-Za-z]{${API_KEY_RANDOM_LENGTH + API_KEY_CHECKSUM_LENGTH}}$`))
      expect(prefix).toBe(key.slice(0, head.length + 6))
      expect(hash).toBe(hashApiKey(key))
      expect(hash).toMatch(/^[0-9a-f]{64}$/)
      expect(parseApiKey(key)).toEqual({ valid: true, environment, hash })
    }
  })

  it("never repeats (random part of at least 32 characters)", () => {
    const keys = new Set(Array.from({ length: 500 }, () => generateApiKey("live").key))
    expect(keys.size).toBe(500)
    expect(API_KEY_RANDOM_LENGTH).toBeGreaterThanOrEqual(32)
  })

  it("skips biased bytes and refuses a broken random source", () => {
    // 248 and above would bias base62: skipped; 0 -> "0", 61 -> "z".
    const bytes = [255, 0, 61, 248]
    const random = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => bytes[i % bytes.length]))
    const { key } = generateApiKey("live", random)
    expect(key.slice(9, 13)).toBe("0z0z")
    expect(() => generateApiKey("live", (size) => Buffer.alloc(size, 255))).toThrow("unusable bytes")
  })
})

describe("parseApiKey", () => {
  const { key } = generateApiKey("live")

  it("refuses a mistyped key by its checksum (no lookup needed)", () => {
    const body = key.slice(9, 9 + API_KEY_RANDOM_LENGTH)
    const swapped = body[0] === "a" ? `b${body.slice(1)}` : `a${body.slice(1)}`
    const typo = `atl_live_${swapped}${key.slice(9 + API_KEY_RANDOM_LENGTH)}`
    expect(parseApiKey(typo)).toEqual({ valid: false, reason: "checksum" })
    // The checksum covers the prefix: a live key relabelled as a sandbox key fails too.
    expect(parseApiKey(key.replace("atl_live_", "atl_test_"))).toEqual({ valid: false, reason: "checksum" })
  })

  it.each([
    ["", "empty"],
    ["atl_live_", "prefix only"],
    [key.slice(0, -1), "truncated"],
    [`${key}x`, "one character more"],
    [key.replace("atl_live_", "atl_prod_"), "unknown environment"],
    [key.replace("atl_", "sk_"), "other vendor"],
    [`${key.slice(0, 20)}-${key.slice(21)}`, "non-base62 character"],
    [" " + key, "leading space"],
  ])("refuses a malformed key (%#: %s)", (candidate) => {
    expect(parseApiKey(candidate)).toEqual({ valid: false, reason: "malformed" })
  })
})

describe("checksum and base62", () => {
  it("is CRC32 in six base62 characters, left-padded", () => {
    expect(toBase62(0, 6)).toBe("000000")
    expect(toBase62(61, 2)).toBe("0z")
    expect(toBase62(62, 2)).toBe("10")
    expect(toBase62(4294967295, 6)).toBe("4gfFC3")
    expect(() => toBase62(62 ** 2, 2)).toThrow(RangeError)
    expect(apiKeyChecksum("atl_live_abc")).toHaveLength(6)
  })
})

describe("bearerCredential", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["Bearer abc", "abc"],
    ["bearer\tabc ", "abc"],
    ["Basic abc", ""],
    ["Bearer", ""],
    ["Bearer a b", ""],
    ["abc", ""],
  ])("%s -> %s", (header, expected) => {
    expect(bearerCredential(header)).toBe(expected)
  })
})
