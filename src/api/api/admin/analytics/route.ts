import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { getAdminAnalytics } from "../../../../queries/gallery-analytics"
import { analyticsRange, type AdminAnalyticsQuery } from "./validators"

/**
 * GET /api/admin/analytics?start_date&end_date (spec 4.9): gallery-wide overview, orders by status, top 10 artists,
 * cart and referral metrics, a daily timeline. What each figure counts: src/queries/gallery-analytics.ts.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const range = analyticsRange(req.validatedQuery as AdminAnalyticsQuery, new Date())
  const analytics = await getAdminAnalytics(req.scope, range)
  res.json({ analytics })
}
