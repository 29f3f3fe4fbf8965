import { allocateStock, type StockLevel } from "./gallery-checkout"

/**
 * A sold line (gallery order item or store payment line) with the inventory items it draws on, as read with the
 * sale: per item the quantity one unit needs and what an interrupted earlier run already reserved for the line.
 */
export type SaleLineStock = {
  id: string
  quantity: number
  inventory: { inventory_item_id: string; required_quantity: number; line_reserved: number }[]
}

/** One reservation a sale needs: units of an inventory item at a location, held for one of its lines. */
export type PlannedReservation = { line_item_id: string; inventory_item_id: string; location_id: string; quantity: number }

/**
 * The reservations one sale needs against `levels` (the stock levels per inventory item): per line and inventory
 * item, what is not reserved for the line yet (`line_reserved`, left by an interrupted earlier run), allocated over
 * the locations with the most available stock. Each planned unit is added to its level's reserved quantity, so sales
 * planned one after another against the same map never count on the same unit. Null when the sale falls short
 * anywhere; then `levels` is left as it was (a sale is reserved whole or not at all).
 */
export function planSaleReservations(
  lines: readonly SaleLineStock[],
  levels: Map<string, StockLevel[]>
): PlannedReservation[] | null {
  // Planned on copies of the levels it touches, written back only when the whole sale fits.
  const working = new Map<string, StockLevel[]>()
  const levelsOf = (inventoryItemId: string): StockLevel[] => {
    let itemLevels = working.get(inventoryItemId)
    if (!itemLevels) {
      itemLevels = (levels.get(inventoryItemId) ?? []).map((level) => ({ ...level }))
      working.set(inventoryItemId, itemLevels)
    }
    return itemLevels
  }
  const planned: PlannedReservation[] = []
  for (const line of lines) {
    for (const link of line.inventory) {
      const missing = line.quantity * link.required_quantity - link.line_reserved
      if (missing <= 0) continue
      const itemLevels = levelsOf(link.inventory_item_id)
      const allocations = allocateStock(missing, itemLevels)
      if (!allocations) return null
      for (const allocation of allocations) {
        const level = itemLevels.find((l) => l.location_id === allocation.location_id) as StockLevel
        level.reserved_quantity += allocation.quantity
        planned.push({
          line_item_id: line.id,
          inventory_item_id: link.inventory_item_id,
          location_id: allocation.location_id,
          quantity: allocation.quantity,
        })
      }
    }
  }
  for (const [inventoryItemId, itemLevels] of working) levels.set(inventoryItemId, itemLevels)
  return planned
}

/**
 * Plans several sales in order against the same levels (see planSaleReservations): an earlier sale's units are gone
 * for the later ones; a sale that falls short gets null and takes nothing from the others.
 */
export function planSalesReservations(
  sales: readonly (readonly SaleLineStock[])[],
  levels: Map<string, StockLevel[]>
): (PlannedReservation[] | null)[] {
  return sales.map((lines) => planSaleReservations(lines, levels))
}

/** Stock level rows (one per inventory item and location) grouped by inventory item. */
export function levelsByInventoryItem(
  rows: readonly (StockLevel & { inventory_item_id: string })[]
): Map<string, StockLevel[]> {
  const levels = new Map<string, StockLevel[]>()
  for (const { inventory_item_id, location_id, stocked_quantity, reserved_quantity } of rows) {
    let itemLevels = levels.get(inventory_item_id)
    if (!itemLevels) levels.set(inventory_item_id, (itemLevels = []))
    itemLevels.push({ location_id, stocked_quantity, reserved_quantity })
  }
  return levels
}
