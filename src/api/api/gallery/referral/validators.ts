import { z } from "@medusajs/framework/zod"
import { text } from "../../../utils/validation"

export const REFERRAL_MESSAGES = {
  organizationIdRequired: "Organization ID required",
} as const

/** POST /api/gallery/referral/track `{org_id}`: a non-blank organization id (trimmed); extra fields are ignored. */
export const TrackReferralBody = z.object({ org_id: text(100, REFERRAL_MESSAGES.organizationIdRequired) })
export type TrackReferralBody = z.output<typeof TrackReferralBody>
