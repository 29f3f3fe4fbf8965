import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { deliverCampaign } from "../campaigns/deliver-campaigns"
import { CAMPAIGN_SENDING_EVENT } from "../lib/campaigns"
import { errorMessage } from "../lib/error-message"

/**
 * A campaign started sending: deliver it now rather than at the next `send-campaigns` run. Runs where background
 * work runs (the worker, or the single shared process); the event is only a nudge, the job finds whatever it misses.
 */
export default async function campaignSendingHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  try {
    await deliverCampaign(container, { campaignId: event.data.id })
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
