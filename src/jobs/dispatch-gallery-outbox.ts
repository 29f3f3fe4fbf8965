import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { settlementReconcileSeconds } from "../lib/outbox"
import { DISPATCH_GALLERY_OUTBOX_JOB, dispatchGalleryOutbox } from "../processes/outbox/dispatch"
import { runScheduledJob } from "../lib/scheduled-job"

/**
 * Every SETTLEMENT_RECONCILE_SECONDS: delivers the outbox messages nobody delivered yet — those whose nudge was lost
 * with a crashed process, whose claimer died (its lease ran out) or whose handler failed and is due again.
 */
async function dispatchGalleryOutboxJob(container: MedusaContainer) {
  const { delivered, failed } = await dispatchGalleryOutbox(container)
  if (delivered || failed) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`dispatch-gallery-outbox: ${delivered} delivered, ${failed} failed (retried later)`)
  }
}

export const config = {
  name: DISPATCH_GALLERY_OUTBOX_JOB,
  schedule: { interval: settlementReconcileSeconds(process.env.SETTLEMENT_RECONCILE_SECONDS) * 1000 },
}

export default function (container: MedusaContainer) {
  return runScheduledJob(config.name, () => dispatchGalleryOutboxJob(container))
}
