import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { refreshGalleryAnalyticsRollups } from "../queries/gallery-analytics"
import { runScheduledJob } from "../lib/scheduled-job"

/**
 * Every 15 minutes: brings the admin analytics' daily rollups up to date (spec part 8: analytics reflect a change
 * within 1 hour). Only the days touched since the previous refresh are re-aggregated; the first run builds every day.
 * When another process is refreshing already (advisory lock), this run does nothing. See
 * refreshGalleryAnalyticsRollups in src/queries/analytics/rollups.ts.
 */
async function refreshGalleryAnalytics(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const result = await refreshGalleryAnalyticsRollups(container, new Date())
  if (result.refreshed && result.full) {
    logger.info(`refresh-gallery-analytics: built the rollups of ${result.days} day(s) in ${result.durationMs} ms`)
  }
}

export const config = {
  name: "refresh-gallery-analytics",
  schedule: "*/15 * * * *",
}

export default function (container: MedusaContainer) {
  return runScheduledJob(config.name, () => refreshGalleryAnalytics(container))
}
