import type { IInventoryService, MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { planRestock, planRestockMarkerRemoval, type StockLevelState, type StockLevelUpdate } from "../../lib/returns"
import { planSalesReservations, type PlannedReservation, type SaleLineStock } from "../../lib/stock-reservations"
import { currentStockLevels } from "../../queries/inventory-levels"
import { withInventoryLocks } from "./locks"

/** What a reservation records of the sale it holds stock for. */
export type ReservationTag = { externalId: string; description: string; metadata: Record<string, string> }

/** The sorted inventory items a sale's lines draw on (the locks to take). */
export function inventoryItemIdsOf(lines: readonly SaleLineStock[]): string[] {
  return [...new Set(lines.flatMap((line) => line.inventory.map((l) => l.inventory_item_id)))].sort()
}

/** At most this many sales share one reservation call. */
const MAX_SALES_PER_RESERVATION = 50

/** A sale waiting for its inventory items' locks, with the promise reserveSaleStock returned for it. */
type WaitingSale = {
  lines: readonly SaleLineStock[]
  tag: ReservationTag
  resolve: (reservationIds: string[] | null) => void
  reject: (error: unknown) => void
}

/** The sales of this process waiting to reserve, per set of inventory items (its sorted ids, joined). */
const waitingSales = new Map<string, WaitingSale[]>()

/**
 * Reserves a sale's stock with Medusa's inventory module (a reservation per line and location, `line_item_id` = the
 * line), the way Medusa's cart completion does: under locks on the inventory item ids, against the levels read inside
 * those locks. The gallery and the artist stores reserve through here, so an original sold in both at the same moment
 * is reserved once: the other sale gets null (nothing reserved) and is refunded by its caller.
 *
 * Sales of the same items that arrive while the locks are held wait together and are reserved together, in arrival
 * order, in one createReservationItems call under one taking of the locks (docs/architecture.md, "Stock
 * reservations"): a flash sale of one print is then not served one lock round at a time.
 *
 * Idempotent: what an interrupted earlier run reserved for a line (`line_reserved`, read with the sale) is not
 * reserved again. Resolves to the ids of the reservations made now ([] when nothing was missing), or null on a shortage.
 */
export function reserveSaleStock(
  container: MedusaContainer,
  lines: readonly SaleLineStock[],
  tag: ReservationTag
): Promise<string[] | null> {
  const inventoryItemIds = inventoryItemIdsOf(lines)
  if (!inventoryItemIds.length) return Promise.resolve([])
  const key = inventoryItemIds.join(" ")
  return new Promise((resolve, reject) => {
    const sale = { lines, tag, resolve, reject }
    const waiting = waitingSales.get(key)
    if (waiting) {
      waiting.push(sale)
      return
    }
    waitingSales.set(key, [sale])
    void reserveWaitingSales(container, key, inventoryItemIds)
  })
}

/** Serves the sales waiting for these items, a batch per taking of their locks, until none is left. */
async function reserveWaitingSales(container: MedusaContainer, key: string, inventoryItemIds: string[]): Promise<void> {
  const waiting = waitingSales.get(key) as WaitingSale[]
  while (waiting.length) {
    const batch = waiting.splice(0, MAX_SALES_PER_RESERVATION)
    try {
      await withInventoryLocks(container, inventoryItemIds, () => reserveBatch(container, inventoryItemIds, batch))
    } catch (error) {
      // The locks could not be taken: none of the batch was served (settling an already settled promise is a no-op).
      for (const sale of batch) sale.reject(error)
    }
  }
  waitingSales.delete(key)
}

/**
 * Inside the items' locks: plans the batch's sales in order against the levels as they are now, reserves what they
 * need in one call and settles each sale's promise. Should the inventory module still refuse the batch (a writer that
 * does not take these locks), each sale is tried again alone, so that one sale's shortage or error is its own.
 */
async function reserveBatch(container: MedusaContainer, inventoryItemIds: string[], batch: WaitingSale[]): Promise<void> {
  const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
  let plans: (PlannedReservation[] | null)[]
  try {
    const levels = await currentStockLevels(container, inventoryItemIds)
    plans = planSalesReservations(
      batch.map((sale) => sale.lines),
      levels
    )
  } catch (error) {
    for (const sale of batch) sale.reject(error)
    return
  }
  const reservations = plans.flatMap((plan, index) => (plan ?? []).map((planned) => reservationInput(planned, batch[index].tag)))
  let created: { id: string; line_item_id?: string | null }[] = []
  if (reservations.length) {
    try {
      created = await inventory.createReservationItems(reservations)
    } catch (error) {
      if (batch.length > 1) {
        for (const sale of batch) await reserveBatch(container, inventoryItemIds, [sale])
        return
      }
      // The inventory module's check against the current level failed: sold meanwhile (a racing buyer).
      if ((error as { type?: string }).type === MedusaError.Types.NOT_ALLOWED) batch[0].resolve(null)
      else batch[0].reject(error)
      return
    }
  }
  // Line ids are unique to their sale: each created reservation goes back to the sale of its line.
  const saleOfLine = new Map(batch.flatMap((sale, index) => sale.lines.map((line) => [line.id, index] as const)))
  const idsBySale = batch.map((): string[] => [])
  for (const reservation of created) idsBySale[saleOfLine.get(reservation.line_item_id as string) as number].push(reservation.id)
  batch.forEach((sale, index) => sale.resolve(plans[index] ? idsBySale[index] : null))
}

function reservationInput(planned: PlannedReservation, tag: ReservationTag) {
  return {
    ...planned,
    allow_backorder: false,
    external_id: tag.externalId,
    description: tag.description,
    metadata: tag.metadata,
  }
}

/** Deletes reservations (compensation) under their items' locks. */
export async function deleteSaleReservations(container: MedusaContainer, reservationIds: string[], inventoryItemIds: string[]) {
  if (!reservationIds.length) return
  const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
  await withInventoryLocks(container, inventoryItemIds, () => inventory.deleteReservationItems(reservationIds))
}

/** Releases whatever is reserved for these lines (a refunded sale) under their items' locks. */
export async function releaseSaleLines(container: MedusaContainer, lines: readonly SaleLineStock[]) {
  const inventoryItemIds = inventoryItemIdsOf(lines)
  if (!inventoryItemIds.length) return
  const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
  await withInventoryLocks(container, inventoryItemIds, () =>
    inventory.deleteReservationItemsByLineItem(lines.map((line) => line.id))
  )
}

/** A line of a return going back in stock: its inventory item, the location it goes back to, and how many. */
export type RestockLine = { inventory_item_id: string; location_id: string; quantity: number }

/** Reads these lines' levels and writes the planned updates in one call (one transaction of the inventory module). */
async function updateLevelsUnderLocks(
  container: MedusaContainer,
  lines: readonly RestockLine[],
  plan: (levels: StockLevelState[]) => StockLevelUpdate[]
): Promise<void> {
  const inventoryItemIds = [...new Set(lines.map((line) => line.inventory_item_id))].sort()
  if (!inventoryItemIds.length) return
  const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
  await withInventoryLocks(container, inventoryItemIds, async () => {
    const levels = await inventory.listInventoryLevels({
      inventory_item_id: inventoryItemIds,
      location_id: [...new Set(lines.map((line) => line.location_id))],
    })
    const updates = plan(
      levels.map((level) => ({
        inventory_item_id: level.inventory_item_id,
        location_id: level.location_id,
        stocked_quantity: Number(level.stocked_quantity),
        metadata: level.metadata ?? null,
      }))
    )
    if (updates.length) await inventory.updateInventoryLevels(updates)
  })
}

/**
 * Puts a received return's items back in stock exactly once, even when a process dies before the order book records
 * the receipt: each level's new stock and the return's marker are one write (planRestock), under the items' locks.
 */
export async function restockReturnOnce(container: MedusaContainer, returnId: string, lines: readonly RestockLine[]) {
  await updateLevelsUnderLocks(container, lines, (levels) => planRestock(levels, returnId, lines))
}

/** Removes a return's restock markers once its receipt is recorded by the order module (they are no longer needed). */
export async function clearReturnRestockMarkers(container: MedusaContainer, returnId: string, lines: readonly RestockLine[]) {
  await updateLevelsUnderLocks(container, lines, (levels) => planRestockMarkerRemoval(levels, returnId))
}
