import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { deliverCampaign } from "../processes/campaigns/deliver-campaigns"
import { SEND_CAMPAIGNS_JOB } from "../processes/campaigns/run-campaign-sends"
import { CAMPAIGN_SENDING_EVENT } from "../lib/campaigns"
import { errorMessage } from "../lib/error-message"
import { runAsJobWork } from "../lib/scheduled-job"

/**
 * A campaign started sending: deliver it now rather than at the next `send-campaigns` run. Runs where background
 * work runs (the worker, or the single shared process); the event is only a nudge, the job finds whatever it misses.
 */
export default async function campaignSendingHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  try {
    await runAsJobWork(SEND_CAMPAIGNS_JOB, () => deliverCampaign(container, { campaignId: event.data.id }))
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`Campaign ${event.data.id}: delivery left to the send-campaigns job: ${errorMessage(error)}`)
  }
}

export const config: SubscriberConfig = {
  event: CAMPAIGN_SENDING_EVENT,
  context: { subscriberId: "marketing-campaign-delivery" },
}
