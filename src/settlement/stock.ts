import type { IInventoryService, MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { allocateStock, type StockLevel } from "../lib/gallery-checkout"
import { withInventoryLocks } from "./locks"

/** A sold line with the stock it draws on, as read with the sale (gallery order item or store payment line). */
export type StockedSaleLine = {
  id: string
  quantity: number
  inventory: { inventory_item_id: string; required_quantity: number; line_reserved: number; levels: StockLevel[] }[]
}

/** What a reservation records of the sale it holds stock for. */
export type ReservationTag = { externalId: string; description: string; metadata: Record<string, string> }

/** The sorted inventory items a sale's lines draw on (the locks to take). */
export function inventoryItemIdsOf(lines: readonly StockedSaleLine[]): string[] {
  return [...new Set(lines.flatMap((line) => line.inventory.map((l) => l.inventory_item_id)))].sort()
}

/**
 * Reserves a sale's stock with Medusa's inventory module (a reservation per line and location, `line_item_id` = the
 * line), the way Medusa's cart completion does: under locks on the inventory item ids, where createReservationItems
 * checks each quantity against the level's stocked - reserved before it reserves anything. The gallery and the artist
 * stores reserve through here, so an original sold in both at the same moment is reserved once: the other sale gets
 * null (nothing reserved) and is refunded by its caller.
 *
 * Idempotent: what an interrupted earlier run reserved for a line (`line_reserved`, read with the sale) is not
 * reserved again. Returns the ids of the reservations made now ([] when nothing was missing), or null on a shortage.
 */
export async function reserveSaleStock(
  container: MedusaContainer,
  lines: readonly StockedSaleLine[],
  tag: ReservationTag
): Promise<string[] | null> {
  const inventoryItemIds = inventoryItemIdsOf(lines)
  if (!inventoryItemIds.length) return []
  const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
  return withInventoryLocks(container, inventoryItemIds, async () => {
    // Locations are chosen from the levels read with the sale; the inventory module re-checks every reservation
    // against the current level (stocked - reserved) inside this lock, and refuses a shortage.
    const byItem = new Map<string, StockLevel[]>()
    for (const line of lines) {
      for (const link of line.inventory) {
        if (!byItem.has(link.inventory_item_id)) byItem.set(link.inventory_item_id, link.levels.map((l) => ({ ...l })))
      }
    }
    const reservations: {
      line_item_id: string
      inventory_item_id: string
      location_id: string
      quantity: number
      allow_backorder: boolean
      external_id: string
      description: string
      metadata: Record<string, string>
    }[] = []
    for (const line of lines) {
      for (const link of line.inventory) {
        const itemLevels = byItem.get(link.inventory_item_id) ?? []
        // What an earlier, interrupted run of this settlement already reserved for the line is not reserved again.
        const missing = line.quantity * link.required_quantity - link.line_reserved
        if (missing <= 0) continue
        const allocations = allocateStock(missing, itemLevels)
        if (!allocations) return null
        for (const allocation of allocations) {
          const level = itemLevels.find((l) => l.location_id === allocation.location_id) as StockLevel
          level.reserved_quantity += allocation.quantity
          reservations.push({
            line_item_id: line.id,
            inventory_item_id: link.inventory_item_id,
            location_id: allocation.location_id,
            quantity: allocation.quantity,
            allow_backorder: false,
            external_id: tag.externalId,
            description: tag.description,
            metadata: tag.metadata,
          })
        }
      }
    }
    if (!reservations.length) return []
    try {
      const created = await inventory.createReservationItems(reservations)
      return created.map((r) => r.id)
    } catch (error) {
      // The inventory module's check against the current level failed: sold meanwhile (a racing buyer).
      if ((error as { type?: string }).type === MedusaError.Types.NOT_ALLOWED) return null
      throw error
    }
  })
}

/** Deletes reservations (compensation) under their items' locks. */
export async function deleteSaleReservations(container: MedusaContainer, reservationIds: string[], inventoryItemIds: string[]) {
  if (!reservationIds.length) return
  const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
  await withInventoryLocks(container, inventoryItemIds, () => inventory.deleteReservationItems(reservationIds))
}

/** Releases whatever is reserved for these lines (a refunded sale) under their items' locks. */
export async function releaseSaleLines(container: MedusaContainer, lines: readonly StockedSaleLine[]) {
  const inventoryItemIds = inventoryItemIdsOf(lines)
  if (!inventoryItemIds.length) return
  const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
  await withInventoryLocks(container, inventoryItemIds, () =>
    inventory.deleteReservationItemsByLineItem(lines.map((line) => line.id))
  )
}
