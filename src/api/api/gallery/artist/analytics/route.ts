import type { MedusaResponse } from "@medusajs/framework/http"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import { getArtistAnalytics } from "../../../../../queries/gallery-analytics"
import { analyticsRange } from "../../../admin/analytics/validators"
import type { ArtistAnalyticsQuery } from "./validators"

/**
 * GET /api/gallery/artist/analytics?org_id&start_date&end_date (spec 4.8): the organization's gallery sales —
 * overview, artist orders by status, top 10 products, referrals, a daily timeline. What each figure counts:
 * src/queries/gallery-analytics.ts.
 */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const range = analyticsRange(req.validatedQuery as ArtistAnalyticsQuery, new Date())
  const analytics = await getArtistAnalytics(req.scope, req.organization.id, range)
  res.json({ analytics })
}
