// Arithmetic and date handling for the artist and admin analytics endpoints (spec 4.8, 4.9, part 8).
import { round2 } from "./money"

const DAY_MS = 24 * 60 * 60 * 1000
export const DEFAULT_ANALYTICS_RANGE_DAYS = 30
// "At most 1 year per query": 366 days so a leap year's full calendar year fits.
export const MAX_ANALYTICS_RANGE_DAYS = 366

export type DateRange = { start: Date; end: Date }
export type DateRangeError = "Invalid date range" | "Date range cannot exceed one year"
export type DateRangeResult = ({ ok: true } & DateRange) | { ok: false; error: DateRangeError }

/** Percent of carts that did not become orders, 2 decimals; 0 without carts; never negative. */
export function abandonmentRate(carts: number, orders: number): number {
  if (carts <= 0) return 0
  return Math.max(0, round2(((carts - orders) / carts) * 100))
}

/** Percent of referrals that converted, 2 decimals; 0 without referrals. */
export function conversionRate(conversions: number, referrals: number): number {
  if (referrals <= 0) return 0
  return round2((conversions / referrals) * 100)
}

/** total / count to 2 decimals; 0 when there is nothing to average. */
export function average(total: number, count: number): number {
  if (count <= 0) return 0
  return round2(total / count)
}

const ISO_DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/

// Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear takes the year literally.
function utcTime(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const date = new Date(0)
  date.setUTCFullYear(year, monthIndex, day)
  date.setUTCHours(hour, minute, second, ms)
  return date.getTime()
}

function daysInMonth(year: number, month: number): number {
  return new Date(utcTime(year, month, 0)).getUTCDate()
}

function offsetMinutes(zone: string | undefined): number {
  if (zone === undefined || zone === "Z") return 0
  const digits = zone.slice(1).replace(":", "")
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))
  return zone.startsWith("-") ? -minutes : minutes
}

/**
 * Parses an ISO 8601 date or date-time. Only ISO is accepted because Date.parse takes anything ("1" is 2001).
 * A date-time without an offset is read as UTC so the result does not depend on the server's time zone.
 * A bare date as an end bound means the end of that UTC day, so "end_date=2024-01-31" includes the 31st.
 */
function parseIsoDate(text: string, bound: "start" | "end"): Date | null {
  const match = ISO_DATE_TIME_PATTERN.exec(text)
  if (match === null) return null
  const [, yearText, monthText, dayText, hourText, minuteText, secondText, fractionText, zone] = match
  const year = Number(yearText)
  const month = Number(monthText)
  const day = Number(dayText)
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  const startOfDay = utcTime(year, month - 1, day)
  if (hourText === undefined) {
    return new Date(bound === "end" ? startOfDay + DAY_MS - 1 : startOfDay)
  }
  const hour = Number(hourText)
  const minute = Number(minuteText)
  const second = secondText === undefined ? 0 : Number(secondText)
  const millisecond = fractionText === undefined ? 0 : Number(fractionText.padEnd(3, "0").slice(0, 3))
  if (hour > 23 || minute > 59 || second > 59) return null
  const zoneMinutes = offsetMinutes(zone)
  if (Math.abs(zoneMinutes) > 18 * 60) return null
  const time = utcTime(year, month - 1, day, hour, minute, second, millisecond) - zoneMinutes * 60_000
  return Number.isFinite(time) ? new Date(time) : null
}

/**
 * Analytics range from query strings. end defaults to now; start defaults to 30 days before end.
 * Empty strings count as absent (an empty query field). Refuses unparseable or reversed ranges and ranges over a year.
 */
export function resolveDateRange(
  query: { start_date?: string; end_date?: string },
  now: Date
): DateRangeResult {
  const endText = query.end_date?.trim() ?? ""
  const startText = query.start_date?.trim() ?? ""
  const end = endText === "" ? new Date(now.getTime()) : parseIsoDate(endText, "end")
  if (end === null) return { ok: false, error: "Invalid date range" }
  const start =
    startText === ""
      ? new Date(end.getTime() - DEFAULT_ANALYTICS_RANGE_DAYS * DAY_MS)
      : parseIsoDate(startText, "start")
  if (start === null || start.getTime() > end.getTime()) return { ok: false, error: "Invalid date range" }
  if (end.getTime() - start.getTime() > MAX_ANALYTICS_RANGE_DAYS * DAY_MS) {
    return { ok: false, error: "Date range cannot exceed one year" }
  }
  return { ok: true, start, end }
}

/** YYYY-MM-DD for the UTC day of each day from start to end, both inclusive; [] when start is after end. */
export function dailyBuckets(start: Date, end: Date): string[] {
  const buckets: string[] = []
  const lastDay = utcTime(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate())
  for (
    let day = utcTime(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
    day <= lastDay;
    day += DAY_MS
  ) {
    buckets.push(new Date(day).toISOString().slice(0, 10))
  }
  return buckets
}

/** UTC day key (YYYY-MM-DD) of a timestamp, matching dailyBuckets. */
export function utcDayKey(at: Date): string {
  return at.toISOString().slice(0, 10)
}
