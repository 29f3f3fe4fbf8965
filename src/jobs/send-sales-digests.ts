import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { runScheduledJob } from "../lib/scheduled-job"
import { sendSalesDigests } from "../processes/sales-digest/send-sales-digests"

/**
 * Hourly: the sales digests whose period has ended (daily ones after midnight UTC, weekly ones after Monday 00:00
 * UTC). Hourly rather than once a day, so a missed run (a deploy, a crash) only delays them; each is sent once.
 */
async function sendSalesDigestsJob(container: MedusaContainer) {
  const run = await sendSalesDigests(container)
  if (run.sent) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`send-sales-digests: ${run.sent} digests for ${run.organizations} organizations`)
  }
}

export const config = {
  name: "send-sales-digests",
  schedule: "15 * * * *",
}

export default function (container: MedusaContainer) {
  return runScheduledJob(config.name, () => sendSalesDigestsJob(container))
}
