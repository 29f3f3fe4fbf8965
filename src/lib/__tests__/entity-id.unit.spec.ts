import { encodeUlidTime, entityId, ulid } from "../entity-id"

const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/

describe("entity ids", () => {
  it("have Medusa's shape: prefix, underscore, 26 Crockford base32 characters", () => {
    const id = entityId("gord")
    expect(id).toMatch(/^gord_[0-9A-HJKMNP-TV-Z]{26}$/)
  })

  it("encode the time like the ulid package (sortable by creation time)", () => {
    expect(encodeUlidTime(0)).toBe("0000000000")
    expect(encodeUlidTime(1469918176385)).toBe("01ARYZ6S41")
    expect(encodeUlidTime(2 ** 48 - 1)).toBe("7ZZZZZZZZZ")
    expect(() => encodeUlidTime(-1)).toThrow(RangeError)
    expect(() => encodeUlidTime(2 ** 48)).toThrow(RangeError)
    expect(ulid(1000) < ulid(2000)).toBe(true)
  })

  it("take each random character from the low five bits of a byte", () => {
    const bytes = Buffer.from([0, 1, 31, 32, 33, 255, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
    expect(ulid(0, () => bytes)).toBe("0000000000" + "01Z01ZAMY8JW6GT4")
  })

  it("are unique and use the whole alphabet", () => {
    const ids = new Set(Array.from({ length: 20000 }, () => ulid()))
    expect(ids.size).toBe(20000)
    const chars = new Set([...ids].flatMap((id) => [...id.slice(10)]))
    expect(chars.size).toBe(32)
    for (const id of [...ids].slice(0, 100)) expect(id).toMatch(ULID_PATTERN)
  })
})
