import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorMessage } from "../../lib/error-message"
import { isPublicConflict } from "../../lib/public-conflict"
import { MARKETING_MODULE } from "../../modules/marketing"
import type MarketingModuleService from "../../modules/marketing/service"
import { sendCampaignWorkflow } from "../../workflows/marketing/workflows/send-campaign"
import { type CampaignDelivery, deliverSendingCampaigns } from "./deliver-campaigns"

/** The scheduled job whose work this is (src/jobs/send-campaigns.ts); the delivery nudge works in its name too. */
export const SEND_CAMPAIGNS_JOB = "send-campaigns"

/** Scheduled campaigns one run starts at most (the rest start a minute later). */
const SCHEDULED_PER_RUN = 20

export type CampaignSendsRun = { started: string[]; deliveries: CampaignDelivery[] }

/**
 * The `send-campaigns` job's work (every minute): starts the scheduled campaigns whose time has come (their audience
 * read now, recipient rows written), then delivers every campaign that is sending and that no run holds — including
 * those a crashed run left (its lease ran out) and those whose nudge was lost.
 */
export async function runCampaignSends(container: MedusaContainer, now = new Date()): Promise<CampaignSendsRun> {
  const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const started: string[] = []
  for (const campaignId of await marketing.listDueScheduledCampaigns({ now, limit: SCHEDULED_PER_RUN })) {
    try {
      await sendCampaignWorkflow(container).run({ input: { campaignId, trigger: "schedule", now: now.toISOString() } })
      started.push(campaignId)
    } catch (error) {
      // A conflict: another run started it first. Anything else is retried at the next run.
      if (!isPublicConflict(error)) logger.warn(`Scheduled campaign ${campaignId} did not start: ${errorMessage(error)}`)
    }
  }
  return { started, deliveries: await deliverSendingCampaigns(container, now) }
}
