import type { IInventoryService, IStockLocationService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { linkSalesChannelsToStockLocationWorkflow } from "@medusajs/medusa/core-flows"
import { getOrganizationShippingLocation, listInventoryLevelsOutside } from "../../queries/medusa/shipping-rates"
import { withInventoryLocks } from "../../workflows/common/locks"
import {
  createOrganizationShippingLocationWorkflow,
  type CreateOrganizationShippingLocationInput,
} from "../../workflows/shipping/workflows/create-organization-shipping-location"

type Query = { graph: (config: object) => Promise<{ data: unknown[] }> }

type OrganizationRow = {
  id: string
  name: string
  sales_channel?: { id: string; stock_locations?: ({ id: string } | null)[] | null } | null
}

export type ArtistLocationsSummary = {
  organizations: number
  /** Organizations that had no location of their own and got one. */
  locations_created: number
  /** Inventory items whose stock (stocked, reserved, incoming) moved to their organization's location. */
  items_moved: number
  /** Other locations unlinked from an organization's sales channel. */
  channel_links_removed: number
}

/** The ships-from address a new location of an existing organization starts with: where its stock was. */
async function addressOf(container: MedusaContainer, locationId: string | undefined): Promise<CreateOrganizationShippingLocationInput["address"]> {
  if (!locationId) return null
  const locations: IStockLocationService = container.resolve(Modules.STOCK_LOCATION)
  const [location] = await locations.listStockLocations({ id: locationId }, { relations: ["address"], take: 1 })
  const address = location?.address
  if (!address?.address_1 || !address.country_code) return null
  return {
    address_1: address.address_1,
    address_2: address.address_2 ?? null,
    city: address.city ?? null,
    province: address.province ?? null,
    postal_code: address.postal_code ?? null,
    country_code: address.country_code,
    phone: address.phone ?? null,
  }
}

/**
 * Moves one inventory item's stock from every other location to `locationId`, under the item's lock (the one the
 * settlements take, so no sale reserves in between), keeping it exact even if the process dies at any point:
 * 1. the level at `locationId` (created with 0 when missing) gains the others' stocked and incoming quantities while
 *    they go to 0, in ONE inventory module call (one transaction);
 * 2. the reservations held elsewhere move to `locationId` (one call; the module adds their quantity to its reserved
 *    quantity after checking the level exists);
 * 3. the emptied levels are deleted (soft, as Medusa's admin deletes levels).
 * Each step reads the levels and reservations as they are now, so a rerun after a crash does only what is left.
 */
async function moveItemStock(container: MedusaContainer, inventoryItemId: string, locationId: string): Promise<boolean> {
  const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
  return withInventoryLocks(container, [inventoryItemId], async () => {
    const levels = await inventory.listInventoryLevels({ inventory_item_id: inventoryItemId })
    const others = levels.filter((level) => level.location_id !== locationId)
    if (!others.length) return false
    let target = levels.find((level) => level.location_id === locationId)
    if (!target) {
      ;[target] = await inventory.createInventoryLevels([{ inventory_item_id: inventoryItemId, location_id: locationId, stocked_quantity: 0 }])
    }
    const stocked = others.reduce((sum, level) => sum + Number(level.stocked_quantity), 0)
    const incoming = others.reduce((sum, level) => sum + Number(level.incoming_quantity), 0)
    if (stocked || incoming) {
      await inventory.updateInventoryLevels([
        {
          inventory_item_id: inventoryItemId,
          location_id: locationId,
          stocked_quantity: Number(target.stocked_quantity) + stocked,
          incoming_quantity: Number(target.incoming_quantity) + incoming,
        },
        ...others.map((level) => ({ inventory_item_id: inventoryItemId, location_id: level.location_id, stocked_quantity: 0, incoming_quantity: 0 })),
      ])
    }
    const reservations = await inventory.listReservationItems({
      inventory_item_id: inventoryItemId,
      location_id: others.map((level) => level.location_id),
    })
    if (reservations.length) {
      await inventory.updateReservationItems(reservations.map((reservation) => ({ id: reservation.id, location_id: locationId })))
    }
    await inventory.softDeleteInventoryLevels(others.map((level) => level.id))
    return true
  })
}

/**
 * Each organization ships from its own stock location (docs/shipping.md). For every organization: its location is
 * created if it has none (with the ships-from address of the location its stock was at), each of its products'
 * inventory items gets all its stock (stocked, reserved, incoming quantities and the reservations) at that location,
 * and the other locations linked to its sales channel are unlinked from it. Idempotent: a second run finds nothing to
 * do; a run cut short is finished by the next. Run by the migration script
 * src/migration-scripts/move-stock-to-artist-locations.ts (`medusa db:migrate`).
 */
export async function moveStockToArtistLocations(container: MedusaContainer): Promise<ArtistLocationsSummary> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as Query
  const { data } = await query.graph({
    entity: "organization",
    fields: ["id", "name", "sales_channel.id", "sales_channel.stock_locations.id"],
  })
  const summary: ArtistLocationsSummary = { organizations: 0, locations_created: 0, items_moved: 0, channel_links_removed: 0 }
  for (const organization of data as OrganizationRow[]) {
    summary.organizations++
    const salesChannelId = organization.sales_channel?.id
    let location = await getOrganizationShippingLocation(container, organization.id)
    if (!location) {
      if (!salesChannelId) continue
      const levels = await listInventoryLevelsOutside(container, organization.id, "")
      const mostStocked = [...levels].sort((a, b) => b.stocked_quantity - a.stocked_quantity)[0]
      await createOrganizationShippingLocationWorkflow(container).run({
        input: {
          organization_id: organization.id,
          name: organization.name,
          sales_channel_id: salesChannelId,
          address: await addressOf(container, mostStocked?.location_id),
        },
      })
      location = await getOrganizationShippingLocation(container, organization.id)
      if (!location) continue
      summary.locations_created++
    }
    const misplaced = await listInventoryLevelsOutside(container, organization.id, location.location_id)
    for (const itemId of [...new Set(misplaced.map((level) => level.inventory_item_id))]) {
      if (await moveItemStock(container, itemId, location.location_id)) summary.items_moved++
    }
    const ownLocationId = location.location_id
    const otherLocations = (organization.sales_channel?.stock_locations ?? []).flatMap((l) => (l && l.id !== ownLocationId ? [l.id] : []))
    for (const otherLocationId of otherLocations) {
      await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: otherLocationId, remove: [salesChannelId as string] } })
      summary.channel_links_removed++
    }
  }
  return summary
}
