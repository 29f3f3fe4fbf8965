import { resolveDateRange, utcDayKey } from "../../src/lib/analytics-math"

/**
 * Analytics date ranges, for the admin's analytics page (GET /api/admin/analytics) and the dashboard's gallery
 * figures (GET /api/gallery/artist/analytics): dates as YYYY-MM-DD, UTC days, end inclusive (the routes read a bare
 * end date as the end of that day). Pure.
 */

export type DateRange = { start: string; end: string }

/** The admin's presets (the dashboard has its own, in the days of its `?days=` query). */
export const RANGE_PRESETS = [
  { key: "7d", label: "7 days", days: 7 },
  { key: "30d", label: "30 days", days: 30 },
  { key: "90d", label: "90 days", days: 90 },
  { key: "365d", label: "12 months", days: 365 },
] as const

export type PresetKey = (typeof RANGE_PRESETS)[number]["key"]

const DAY_MS = 24 * 60 * 60 * 1000

/** The last `days` days up to and including today (UTC). */
export function presetRange(days: number, now: Date): DateRange {
  return { start: utcDayKey(new Date(now.getTime() - (days - 1) * DAY_MS)), end: utcDayKey(now) }
}

/**
 * Why the API would refuse a range ("Invalid date range", "Date range cannot exceed one year"), or null: the
 * route's own rule (resolveDateRange), so the picker refuses exactly what the API refuses, before asking.
 */
export function rangeProblem(range: DateRange, now: Date): string | null {
  const resolved = resolveDateRange({ start_date: range.start, end_date: range.end }, now)
  return resolved.ok ? null : resolved.error
}
