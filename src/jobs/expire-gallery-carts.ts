import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { GALLERY_MODULE } from "../modules/gallery"
import type GalleryModuleService from "../modules/gallery/service"
import { runScheduledJob } from "../lib/scheduled-job"

/**
 * Daily at 03:00: a gallery cart session expires 30 days after its last activity (spec part 3 "Cart session",
 * part 8) and its rows are deleted; there is no recovery. One SQL statement (the gallery service's
 * deleteExpiredCartItems).
 */
async function expireGalleryCarts(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  const deleted = await gallery.deleteExpiredCartItems()
  if (deleted > 0) logger.info(`expire-gallery-carts: deleted ${deleted} cart item(s) of expired sessions`)
}

export const config = {
  name: "expire-gallery-carts",
  schedule: "0 3 * * *",
}

export default function (container: MedusaContainer) {
  return runScheduledJob(config.name, () => expireGalleryCarts(container))
}
