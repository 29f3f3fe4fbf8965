import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorMessage } from "../lib/error-message"
import { previousUtcDay } from "../lib/reconciliation"
import { runScheduledJob } from "../lib/scheduled-job"
import { reconcileDayAndAlert } from "../processes/reconciliation/reconcile-day"

/**
 * The daily money reconciliation (docs/payouts-ledger.md, "Reconciliation"): reconciles every charge of the UTC day
 * before `now` and, when one does not add up, emails every administrator once for that day (the key names the date and
 * the administrator, so a rerun sends nothing twice).
 */
export async function reconcileMoney(container: MedusaContainer, options: { date?: string; now?: Date } = {}) {
  const date = options.date ?? previousUtcDay(options.now ?? new Date())
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const { report, alerted } = await reconcileDayAndAlert(container, date)
    logger.info(
      `reconcile-money: ${date}: ${report.charges.length} charges, ${report.mismatches.length} do not add up` +
        (alerted ? `; ${alerted} administrators emailed` : "")
    )
    return { date, charges: report.charges.length, mismatches: report.mismatches.length, alerted }
  } catch (error) {
    logger.error(`reconcile-money: ${date} failed: ${errorMessage(error)}`)
    throw error
  }
}

/** Daily at 02:30 UTC, for the day before (the outbox has long finished that day's transfers and refunds). */
export const config = {
  name: "reconcile-money",
  schedule: "30 2 * * *",
}

export default function (container: MedusaContainer) {
  return runScheduledJob(config.name, () => reconcileMoney(container))
}
