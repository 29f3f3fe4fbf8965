import { z } from "@medusajs/framework/zod"
import { FULFILMENT_MESSAGES } from "../../../../../lib/gallery-fulfilment"
import { text } from "../../../../utils/validation"
import { AdminAnalyticsQuery } from "../../../admin/analytics/validators"

/** GET /api/gallery/artist/analytics query: org_id (required: 400 Organization ID required), start_date, end_date. */
export const ArtistAnalyticsQuery = AdminAnalyticsQuery.extend({
  org_id: text(100, FULFILMENT_MESSAGES.organizationRequired),
})
export type ArtistAnalyticsQuery = z.output<typeof ArtistAnalyticsQuery>
