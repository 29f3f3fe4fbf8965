import { z } from "@medusajs/framework/zod"
import { CAMPAIGN_CONTENT_MAX, hasVisibleContent, sanitizeCampaignHtml } from "../../../lib/campaign-content"
import { CAMPAIGN_STATUSES } from "../../../lib/campaigns"
import { firstQueryValue, optionalText, text } from "../../utils/validation"
import { isoInstant } from "../segments/validators"

export const CAMPAIGN_MESSAGES = {
  nameInvalid: "name is required (a string of at most 200 characters)",
  subjectInvalid: "subject is required (one line of at most 200 characters)",
  contentInvalid: `content is required (HTML of at most ${CAMPAIGN_CONTENT_MAX} characters)`,
  contentEmpty: "content has nothing left to show once sanitised (scripts, styles and unsafe markup are removed)",
  segmentInvalid: "segment_id is required (a string of at most 100 characters)",
  scheduledAtInvalid: "scheduled_at must be an ISO 8601 date-time",
  scheduledAtPast: "scheduled_at must be in the future",
  statusInvalid: `status must be one of: ${CAMPAIGN_STATUSES.join(", ")}`,
  limitInvalid: "limit must be a whole number from 1 to 100",
  offsetInvalid: "offset must be a whole number of at least 0",
  notFound: "Campaign not found",
  forbidden: "You do not have access to this campaign",
  segmentNotFound: "Segment not found",
  ownersOnly: "Only organization owners can send campaigns",
} as const

const orgId = optionalText(100, "org_id must be a string of at most 100 characters")

/** POST /api/campaigns: the content is sanitised here, so everything past validation holds the safe HTML only. */
export const CreateCampaignBody = z
  .object({
    org_id: orgId,
    name: text(200, CAMPAIGN_MESSAGES.nameInvalid),
    // One header line: a CR or LF in a subject could add headers of its own.
    subject: text(200, CAMPAIGN_MESSAGES.subjectInvalid).refine((value) => !/[\r\n]/.test(value), {
      message: CAMPAIGN_MESSAGES.subjectInvalid,
    }),
    content: text(CAMPAIGN_CONTENT_MAX, CAMPAIGN_MESSAGES.contentInvalid, { trim: false })
      .transform(sanitizeCampaignHtml)
      .refine(hasVisibleContent, { message: CAMPAIGN_MESSAGES.contentEmpty }),
    segment_id: text(100, CAMPAIGN_MESSAGES.segmentInvalid),
    scheduled_at: isoInstant(CAMPAIGN_MESSAGES.scheduledAtInvalid).refine(
      (value) => value === null || Date.parse(value) > Date.now(),
      { message: CAMPAIGN_MESSAGES.scheduledAtPast }
    ),
  })
  .strict()
export type CreateCampaignBody = z.infer<typeof CreateCampaignBody>

const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    firstQueryValue,
    z.coerce.number({ error: message }).int({ message }).min(min, { message }).max(max, { message })
  )

/** GET /api/campaigns?status&limit&offset */
export const ListCampaignsQuery = z
  .object({
    org_id: orgId,
    status: z.preprocess(firstQueryValue, z.enum(CAMPAIGN_STATUSES, { error: CAMPAIGN_MESSAGES.statusInvalid }).optional()),
    limit: wholeNumber(CAMPAIGN_MESSAGES.limitInvalid, 1, 100).default(50),
    offset: wholeNumber(CAMPAIGN_MESSAGES.offsetInvalid, 0, 1_000_000).default(0),
  })
  .strict()
export type ListCampaignsQuery = z.infer<typeof ListCampaignsQuery>

/** POST /api/campaigns/{id}/send: no body needed (an org_id, if sent, must be the campaign's). */
export const SendCampaignBody = z.object({ org_id: orgId }).strict()

/** POST /api/campaigns/{id}/test-send: no body needed (an org_id, if sent, must be the campaign's). */
export const TestCampaignBody = z.object({ org_id: orgId }).strict()
