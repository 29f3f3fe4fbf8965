import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type CampaignStatus, sendDecision, type SegmentFilters } from "../../../lib/campaigns"
import { conflictError } from "../../../lib/public-conflict"
import { MARKETING_MODULE } from "../../../modules/marketing"
import type MarketingModuleService from "../../../modules/marketing/service"
import { countAudience, listAudienceEmails } from "../../../queries/medusa/audience"

export type PrepareCampaignSendInput = {
  campaignId: string
  /** A member's send request, or the job sending a scheduled campaign whose time has come. */
  trigger: "request" | "schedule"
  now: string
}

export type PreparedCampaignSend = {
  campaignId: string
  action: "send_now" | "schedule"
  /** The statuses the campaign may move from (checked again, atomically, when it moves). */
  from: CampaignStatus[]
  /** send_now: the audience now (one recipient row each); schedule: empty. */
  emails: string[]
  /** schedule: the audience's size now (it is read again when the time comes). */
  audienceCount: number
}

/**
 * Reads what a send needs, writes nothing: the campaign's decision (src/lib/campaigns.ts sendDecision: 409 for a
 * campaign already scheduled, sending or sent) and, to send now, its segment's audience at this moment.
 */
export const prepareCampaignSendStep = createStep(
  "prepare-marketing-campaign-send",
  async (input: PrepareCampaignSendInput, { container }) => {
    const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
    const campaign = await marketing.retrieveCampaign(input.campaignId, {
      select: ["id", "organization_id", "segment_id", "status", "scheduled_at"],
    })
    const now = new Date(input.now)
    let action: PreparedCampaignSend["action"]
    let from: CampaignStatus[]
    if (input.trigger === "schedule") {
      const due = campaign.status === "scheduled" && campaign.scheduled_at && new Date(campaign.scheduled_at) <= now
      if (!due) throw conflictError(`Campaign ${campaign.id} is not due (${campaign.status})`)
      action = "send_now"
      from = ["scheduled"]
    } else {
      const decision = sendDecision(campaign.status, campaign.scheduled_at ? new Date(campaign.scheduled_at) : null, now)
      if (decision.action === "conflict") throw conflictError(decision.message)
      action = decision.action
      from = campaign.status === "failed" ? ["failed"] : ["draft"]
    }
    const [segment] = await marketing.listSegments(
      { id: campaign.segment_id },
      { select: ["id", "filters"], take: 1, withDeleted: true }
    )
    if (!segment) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Segment not found")
    const filters = (segment.filters ?? {}) as SegmentFilters
    const prepared: PreparedCampaignSend = { campaignId: campaign.id, action, from, emails: [], audienceCount: 0 }
    if (action === "schedule") {
      prepared.audienceCount = await countAudience(container, campaign.organization_id, filters)
    } else if (campaign.status !== "failed") {
      prepared.emails = await listAudienceEmails(container, campaign.organization_id, filters)
      prepared.audienceCount = prepared.emails.length
    }
    return new StepResponse(prepared)
  }
)
