import { galleryTransferGroup, generateGalleryPublicId, isGalleryPublicId } from "../public-id"

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// A random source that replays the given bytes (then zeros).
function replay(bytes: number[]): (size: number) => Buffer {
  let position = 0
  return (size) => {
    const chunk = Buffer.alloc(size)
    for (let i = 0; i < size; i++) chunk[i] = position < bytes.length ? bytes[position++] : 0
    return chunk
  }
}

describe("generateGalleryPublicId", () => {
  it("has the GAL-YYYY-XXXXXX format with the UTC year", () => {
    const id = generateGalleryPublicId(new Date("2025-06-01T12:00:00Z"))
    expect(id).toMatch(/^GAL-2025-[A-Z0-9]{6}$/)
    expect(isGalleryPublicId(id)).toBe(true)
  })

  it("takes the year from UTC, not local time", () => {
    expect(generateGalleryPublicId(new Date("2025-12-31T23:30:00-05:00"))).toMatch(/^GAL-2026-/)
    expect(generateGalleryPublicId(new Date("2026-01-01T00:30:00+05:00"))).toMatch(/^GAL-2025-/)
  })

  it("maps random bytes onto the alphabet", () => {
    expect(generateGalleryPublicId(new Date("2025-01-01T00:00:00Z"), replay([0, 1, 25, 26, 35, 36]))).toBe(
      "GAL-2025-ABZ09A"
    )
  })

  it("rejects bytes of 252 and above instead of wrapping them (no modulo bias)", () => {
    expect(
      generateGalleryPublicId(new Date("2025-01-01T00:00:00Z"), replay([252, 255, 251, 253, 0, 254, 1, 2, 3, 4]))
    ).toBe(`GAL-2025-${ALPHABET[251 % 36]}ABCDE`)
  })

  it("asks for more bytes when a whole batch is rejected", () => {
    const rejected = new Array<number>(12).fill(255)
    expect(generateGalleryPublicId(new Date("2025-01-01T00:00:00Z"), replay([...rejected, 7, 7, 7, 7, 7, 7]))).toBe(
      "GAL-2025-HHHHHH"
    )
  })

  it("gives up on a random source that never yields usable bytes", () => {
    expect(() => generateGalleryPublicId(new Date(), () => Buffer.alloc(12, 255))).toThrow()
  })

  it("refuses an invalid date", () => {
    expect(() => generateGalleryPublicId(new Date(NaN))).toThrow(RangeError)
  })

  it("draws characters roughly uniformly from crypto randomness", () => {
    const counts = new Map<string, number>()
    const samples = 2000
    for (let i = 0; i < samples; i++) {
      for (const char of generateGalleryPublicId(new Date()).slice(-6)) counts.set(char, (counts.get(char) ?? 0) + 1)
    }
    expect(counts.size).toBe(36)
    const expected = (samples * 6) / 36
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(expected * 0.6)
      expect(n).toBeLessThan(expected * 1.4)
    }
  })
})

describe("isGalleryPublicId", () => {
  it.each([
    ["GAL-2025-ABC123", true],
    ["GAL-2025-abc123", false],
    ["GAL-25-ABC123", false],
    ["GAL-2025-ABC12", false],
    ["GAL-2025-ABC1234", false],
    ["gal-2025-ABC123", false],
    [" GAL-2025-ABC123", false],
    ["GAL-2025-ABC-23", false],
  ])("%p -> %p", (value, valid) => {
    expect(isGalleryPublicId(value)).toBe(valid)
  })
})

describe("galleryTransferGroup", () => {
  it("formats gallery_{orderId}_{timestamp}", () => {
    expect(galleryTransferGroup("gord_01ABC", 1717000000000)).toBe("gallery_gord_01ABC_1717000000000")
  })

  it("refuses a fractional or negative timestamp", () => {
    expect(() => galleryTransferGroup("x", 1.5)).toThrow(RangeError)
    expect(() => galleryTransferGroup("x", -1)).toThrow(RangeError)
  })
})
