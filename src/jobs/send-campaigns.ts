import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { runScheduledJob } from "../lib/scheduled-job"
import { SEND_CAMPAIGNS_JOB, runCampaignSends } from "../processes/campaigns/run-campaign-sends"

/** Every minute: scheduled campaigns whose time has come start sending; sending campaigns nobody holds are delivered. */
async function sendCampaigns(container: MedusaContainer) {
  const run = await runCampaignSends(container)
  if (run.started.length || run.deliveries.length) {
    const sent = run.deliveries.reduce((sum, d) => sum + d.sent, 0)
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`send-campaigns: ${run.started.length} scheduled started, ${run.deliveries.length} delivered (${sent} emails)`)
  }
}

export const config = {
  name: SEND_CAMPAIGNS_JOB,
  schedule: "* * * * *",
}

export default function (container: MedusaContainer) {
  return runScheduledJob(config.name, () => sendCampaigns(container))
}
