import {
  abandonmentRate,
  average,
  conversionRate,
  dailyBuckets,
  resolveDateRange,
  utcDayKey,
} from "../analytics-math"

const DAY_MS = 24 * 60 * 60 * 1000
const NOW = new Date("2025-06-15T12:34:56.789Z")

describe("abandonmentRate", () => {
  it("is (carts - orders) / carts x 100 to 2 decimals", () => {
    expect(abandonmentRate(10, 3)).toBe(70)
    expect(abandonmentRate(3, 1)).toBe(66.67)
    expect(abandonmentRate(3, 2)).toBe(33.33)
    expect(abandonmentRate(7, 0)).toBe(100)
    expect(abandonmentRate(5, 5)).toBe(0)
  })

  it("is 0 without carts and never negative", () => {
    expect(abandonmentRate(0, 0)).toBe(0)
    expect(abandonmentRate(0, 4)).toBe(0)
    expect(abandonmentRate(2, 5)).toBe(0)
  })
})

describe("conversionRate", () => {
  it("is conversions / referrals x 100 to 2 decimals; 0 without referrals", () => {
    expect(conversionRate(1, 3)).toBe(33.33)
    expect(conversionRate(2, 3)).toBe(66.67)
    expect(conversionRate(1, 8)).toBe(12.5)
    expect(conversionRate(0, 10)).toBe(0)
    expect(conversionRate(0, 0)).toBe(0)
    expect(conversionRate(3, 0)).toBe(0)
  })
})

describe("average", () => {
  it("is total / count to 2 decimals; 0 when count is 0", () => {
    expect(average(100, 3)).toBe(33.33)
    expect(average(59.97, 3)).toBe(19.99)
    expect(average(0.1 + 0.2, 1)).toBe(0.3)
    expect(average(2.01, 2)).toBe(1.01) // 1.005 rounds half-up
    expect(average(50, 0)).toBe(0)
  })
})

describe("resolveDateRange", () => {
  it("defaults to the last 30 days ending now", () => {
    expect(resolveDateRange({}, NOW)).toEqual({
      ok: true,
      start: new Date(NOW.getTime() - 30 * DAY_MS),
      end: NOW,
    })
    expect(resolveDateRange({ start_date: "", end_date: " " }, NOW)).toEqual(resolveDateRange({}, NOW))
  })

  it("does not share the caller's Date object", () => {
    const result = resolveDateRange({}, NOW)
    expect(result.ok && result.end !== NOW).toBe(true)
  })

  it("defaults start to 30 days before a given end", () => {
    expect(resolveDateRange({ end_date: "2025-03-31T00:00:00Z" }, NOW)).toEqual({
      ok: true,
      start: new Date("2025-03-01T00:00:00Z"),
      end: new Date("2025-03-31T00:00:00Z"),
    })
  })

  it("reads a bare end date as the end of that UTC day and a bare start date as its beginning", () => {
    expect(resolveDateRange({ start_date: "2025-01-01", end_date: "2025-01-31" }, NOW)).toEqual({
      ok: true,
      start: new Date("2025-01-01T00:00:00.000Z"),
      end: new Date("2025-01-31T23:59:59.999Z"),
    })
  })

  it("honours offsets and reads offset-less date-times as UTC", () => {
    expect(resolveDateRange({ start_date: "2025-01-01T10:00", end_date: "2025-01-02T10:00:00+02:00" }, NOW)).toEqual(
      {
        ok: true,
        start: new Date("2025-01-01T10:00:00Z"),
        end: new Date("2025-01-02T08:00:00Z"),
      }
    )
    expect(resolveDateRange({ start_date: "2025-01-01T10:00:00.5-0130", end_date: "2025-02-01" }, NOW)).toEqual({
      ok: true,
      start: new Date("2025-01-01T11:30:00.500Z"),
      end: new Date("2025-02-01T23:59:59.999Z"),
    })
  })

  it("accepts a single-instant range", () => {
    const at = "2025-01-01T00:00:00Z"
    expect(resolveDateRange({ start_date: at, end_date: at }, NOW)).toMatchObject({ ok: true })
  })

  it.each([
    [{ start_date: "2025-02-01", end_date: "2025-01-01" }],
    [{ start_date: "not a date" }],
    [{ end_date: "yesterday" }],
    [{ start_date: "1" }], // Date.parse would read this as 2001
    [{ start_date: "2025-02-30" }],
    [{ start_date: "2025-13-01" }],
    [{ start_date: "2025-01-01T24:00" }],
    [{ start_date: "2025-01-01T10:60" }],
    [{ start_date: "2025/01/01" }],
    [{ start_date: "2025-01-01T10:00+25:00" }],
  ])("refuses %j as an invalid date range", (query) => {
    expect(resolveDateRange(query, NOW)).toEqual({ ok: false, error: "Invalid date range" })
  })

  it("accepts 29 February only in leap years", () => {
    expect(resolveDateRange({ start_date: "2024-02-29", end_date: "2024-03-01" }, NOW)).toMatchObject({ ok: true })
    expect(resolveDateRange({ start_date: "2025-02-29", end_date: "2025-03-01" }, NOW)).toMatchObject({ ok: false })
  })

  it("allows up to one year (a full leap year included) and refuses more", () => {
    expect(resolveDateRange({ start_date: "2024-01-01", end_date: "2024-12-31" }, NOW)).toMatchObject({ ok: true })
    expect(resolveDateRange({ start_date: "2023-01-01", end_date: "2024-01-01" }, NOW)).toMatchObject({ ok: true })
    expect(
      resolveDateRange({ start_date: "2024-01-01T00:00:00Z", end_date: "2025-01-01T00:00:00Z" }, NOW)
    ).toMatchObject({ ok: true }) // exactly 366 days
    expect(resolveDateRange({ start_date: "2024-01-01T00:00:00Z", end_date: "2025-01-01T00:00:00.001Z" }, NOW)).toEqual(
      { ok: false, error: "Date range cannot exceed one year" }
    )
    expect(resolveDateRange({ start_date: "2020-01-01", end_date: "2025-01-01" }, NOW)).toEqual({
      ok: false,
      error: "Date range cannot exceed one year",
    })
  })
})

describe("dailyBuckets", () => {
  it("lists every UTC day from start to end inclusive", () => {
    expect(dailyBuckets(new Date("2025-02-27T23:59:00Z"), new Date("2025-03-02T00:01:00Z"))).toEqual([
      "2025-02-27",
      "2025-02-28",
      "2025-03-01",
      "2025-03-02",
    ])
    expect(dailyBuckets(new Date("2024-02-28T00:00:00Z"), new Date("2024-03-01T00:00:00Z"))).toEqual([
      "2024-02-28",
      "2024-02-29",
      "2024-03-01",
    ])
  })

  it("uses UTC days, not local ones", () => {
    // Local days 1 January to 3 January, but both instants fall on 2 January in UTC.
    expect(dailyBuckets(new Date("2025-01-01T20:00:00-05:00"), new Date("2025-01-03T03:00:00+05:00"))).toEqual([
      "2025-01-02",
    ])
  })

  it("has one bucket for a range inside a day and none when start is after end", () => {
    expect(dailyBuckets(new Date("2025-01-01T01:00:00Z"), new Date("2025-01-01T02:00:00Z"))).toEqual(["2025-01-01"])
    expect(dailyBuckets(new Date("2025-01-02T00:00:00Z"), new Date("2025-01-01T00:00:00Z"))).toEqual([])
  })

  it("covers the default 30-day range with 31 buckets", () => {
    const range = resolveDateRange({}, NOW)
    if (!range.ok) throw new Error("expected a range")
    const buckets = dailyBuckets(range.start, range.end)
    expect(buckets).toHaveLength(31)
    expect(buckets[0]).toBe("2025-05-16")
    expect(buckets[30]).toBe(utcDayKey(NOW))
  })
})
