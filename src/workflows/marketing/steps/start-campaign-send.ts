import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { CAMPAIGN_CONFLICTS } from "../../../lib/campaigns"
import { conflictError } from "../../../lib/public-conflict"
import { MARKETING_MODULE } from "../../../modules/marketing"
import type MarketingModuleService from "../../../modules/marketing/service"
import type { PreparedCampaignSend } from "./prepare-campaign-send"

export type StartedCampaignSend = { id: string; status: "sending" | "scheduled"; recipients: number }

/**
 * Moves the campaign, atomically, from the status it was prepared in: to `scheduled`, or to `sending` with one
 * recipient row per address (marketing service). A concurrent send that moved it first makes this one a 409 and
 * writes nothing. Compensation puts the campaign back as it was.
 */
export const startCampaignSendStep = createStep(
  "start-marketing-campaign-send",
  async (input: PreparedCampaignSend & { now: string }, { container }) => {
    const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
    const scheduled = input.action === "schedule"
    const moved = scheduled
      ? await marketing.scheduleCampaign({ campaignId: input.campaignId, from: input.from })
      : await marketing.startCampaignSend({
          campaignId: input.campaignId,
          from: input.from,
          emails: input.emails,
          at: new Date(input.now),
        })
    if (!moved) {
      const { status } = await marketing.retrieveCampaign(input.campaignId, { select: ["id", "status"] })
      const known = status in CAMPAIGN_CONFLICTS ? CAMPAIGN_CONFLICTS[status as keyof typeof CAMPAIGN_CONFLICTS] : null
      throw conflictError(known ?? `Campaign cannot be sent while ${status}`)
    }
    const started: StartedCampaignSend = {
      id: input.campaignId,
      status: scheduled ? "scheduled" : "sending",
      recipients: moved.recipients ?? input.audienceCount,
    }
    return new StepResponse(started, { campaignId: input.campaignId, previous: moved.previous_status })
  },
  async (undo, { container }) => {
    if (!undo) return
    const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
    await marketing.revertCampaignSend({ campaignId: undo.campaignId, previous: undo.previous })
  }
)
