import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { resolveDateRange, type DateRange } from "../../../../lib/analytics-math"
import { isSafeText } from "../../../../lib/safe-text"

const INVALID_DATE_RANGE = "Invalid date range"

// A date or date-time is short; a repeated parameter (an array), an object or anything long is not a date.
const dateParam = z.unknown().transform((value, ctx): string | undefined => {
  if (value === undefined) return undefined
  if (typeof value !== "string" || value.length > 64 || !isSafeText(value)) {
    ctx.addIssue({ code: "custom", message: INVALID_DATE_RANGE })
    return z.NEVER
  }
  return value
})

/** GET /api/admin/analytics query: start_date, end_date (ISO 8601 dates or date-times; defaults: the last 30 days). */
export const AdminAnalyticsQuery = z.strictObject({ start_date: dateParam, end_date: dateParam })
export type AdminAnalyticsQuery = z.output<typeof AdminAnalyticsQuery>

/**
 * The analytics range of a query (admin and artist): end defaults to now, start to 30 days before end; a bare
 * date as end_date means the end of that UTC day. 400 `Invalid date range` (unparseable, start after end) or
 * `Date range cannot exceed one year`
 * (docs/architecture.md, "Analytics").
 */
export function analyticsRange(query: { start_date?: string; end_date?: string }, now: Date): DateRange {
  const resolved = resolveDateRange(query, now)
  if (!resolved.ok) throw new MedusaError(MedusaError.Types.INVALID_DATA, resolved.error)
  return { start: resolved.start, end: resolved.end }
}
