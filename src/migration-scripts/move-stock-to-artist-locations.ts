import type { ExecArgs, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { moveStockToArtistLocations } from "../processes/shipping/artist-locations"

/**
 * Medusa migration script (run once by `medusa db:migrate`, recorded in its script_migrations table): every existing
 * organization gets its own stock location, and its products' stock moves there, exactly (docs/shipping.md).
 * On a new database there is nothing to move; organizations created afterwards get their location when created.
 */
export default async function moveStockToArtistLocationsScript({ container }: Pick<ExecArgs, "container">) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  const summary = await moveStockToArtistLocations(container)
  logger.info(
    `Artist locations: ${summary.organizations} organizations, ${summary.locations_created} locations created, ` +
      `${summary.items_moved} inventory items moved, ${summary.channel_links_removed} other locations unlinked from their sales channels`
  )
}
