import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateAndTransformQuery } from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"
import { requireMember, resolveOrganization } from "../../../../utils/access"
import { AdminAnalyticsQuery } from "../../../admin/analytics/validators"

/** GET /api/gallery/artist/analytics query: org_id (read by resolveOrganization), start_date, end_date. */
export const ArtistAnalyticsQuery = AdminAnalyticsQuery.extend({
  org_id: z.union([z.string(), z.array(z.string())]).optional(),
})
export type ArtistAnalyticsQuery = z.infer<typeof ArtistAnalyticsQuery>

/**
 * /api/gallery/artist/analytics (spec 4.8): a member token (401 without, 403 for an administrator), org_id given
 * explicitly (400 Organization ID required) and the member's membership of it (403 otherwise), then the query.
 */
export const galleryArtistAnalyticsMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/api/gallery/artist/analytics",
    methods: ["GET"],
    middlewares: [...requireMember(), resolveOrganization({ explicit: true }), validateAndTransformQuery(ArtistAnalyticsQuery, {})],
  },
]
