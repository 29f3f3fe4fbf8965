import type { StockLevel } from "../lib/gallery-checkout"
import { levelsByInventoryItem } from "../lib/stock-reservations"
import { CURRENT_STOCK_LEVELS_SQL } from "./medusa/inventory"
import { preparedStatement, runPrepared, toKnex, type PgSource } from "./pg"

const CURRENT_STOCK_LEVELS = preparedStatement("current_stock_levels", CURRENT_STOCK_LEVELS_SQL)

/**
 * The stock levels of these inventory items as they are now, by inventory item: read by a settlement holding the items'
 * locks (workflows/common/stock.ts), so nobody else reserves in between.
 */
export async function currentStockLevels(source: PgSource, inventoryItemIds: string[]): Promise<Map<string, StockLevel[]>> {
  const { rows } = await runPrepared(toKnex(source), CURRENT_STOCK_LEVELS, [inventoryItemIds])
  return levelsByInventoryItem(
    (rows as { inventory_item_id: string; location_id: string; stocked_quantity: string; reserved_quantity: string }[]).map((row) => ({
      inventory_item_id: row.inventory_item_id,
      location_id: row.location_id,
      stocked_quantity: Number(row.stocked_quantity),
      reserved_quantity: Number(row.reserved_quantity),
    }))
  )
}
