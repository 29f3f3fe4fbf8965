import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { resolveDateRange, type DateRange } from "../../../../lib/analytics-math"

// A repeated parameter arrives as an array: accepted by the schema, refused by analyticsRange with the spec's message.
const dateParam = z.union([z.string(), z.array(z.string())]).optional()

/** GET /api/admin/analytics query: start_date, end_date (ISO 8601 dates or date-times; defaults: the last 30 days). */
export const AdminAnalyticsQuery = z.object({ start_date: dateParam, end_date: dateParam })
export type AdminAnalyticsQuery = z.infer<typeof AdminAnalyticsQuery>

/**
 * The analytics range of a query (admin and artist): end defaults to now, start to 30 days before end; a bare
 * date as end_date means the end of that UTC day. 400 `Invalid date range` (unparseable, repeated, start after
 * end) or `Date range cannot exceed one year` (docs/architecture.md, "Analytics").
 */
export function analyticsRange(query: { start_date?: string | string[]; end_date?: string | string[] }, now: Date): DateRange {
  const { start_date, end_date } = query
  if (Array.isArray(start_date) || Array.isArray(end_date)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid date range")
  }
  const resolved = resolveDateRange({ start_date, end_date }, now)
  if (!resolved.ok) throw new MedusaError(MedusaError.Types.INVALID_DATA, resolved.error)
  return { start: resolved.start, end: resolved.end }
}
