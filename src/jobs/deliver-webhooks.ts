import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { runScheduledJob } from "../lib/scheduled-job"
import { DELIVER_WEBHOOKS_JOB, dispatchWebhookDeliveries } from "../processes/webhooks/dispatch"

/**
 * Every minute: the outbound webhook deliveries that are due (retries on the Standard Webhooks schedule, and first
 * attempts whose nudge was lost with a crashed process or whose claimer died), and the owners' emails about endpoints
 * disabled for sustained failure (docs/outbound-webhooks.md).
 */
async function deliverWebhooksJob(container: MedusaContainer) {
  const { succeeded, failed, disabled } = await dispatchWebhookDeliveries(container)
  if (succeeded || failed) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`deliver-webhooks: ${succeeded} delivered, ${failed} failed${disabled ? `, ${disabled} endpoints disabled` : ""}`)
  }
}

export const config = {
  name: DELIVER_WEBHOOKS_JOB,
  schedule: "* * * * *",
}

export default function (container: MedusaContainer) {
  return runScheduledJob(config.name, () => deliverWebhooksJob(container))
}
