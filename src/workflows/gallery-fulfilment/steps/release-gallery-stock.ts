import type { IInventoryService, ILockingModule } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { listGalleryOrderItemIds } from "../../../queries/artist-orders"

/** How long the release waits for a racing reservation on the same inventory items (seconds). */
const INVENTORY_LOCK_TIMEOUT_SECONDS = 15

/**
 * Gives a cancelled order's stock back: the checkout reserved it with Medusa's inventory module when the order was
 * paid (one reservation per order item and location, line_item_id = the artist order item id); this deletes those
 * reservations, which lowers the levels' reserved quantity again, under the same inventory-item locks the
 * reservation took. Nothing is listed the second time, so a repeated cancellation releases nothing.
 */
export const releaseGalleryStockStep = createStep(
  "release-gallery-stock",
  async (input: { orderId: string }, { container }) => {
    const itemIds = await listGalleryOrderItemIds(container, input.orderId)
    if (!itemIds.length) return new StepResponse({ released: 0 })
    const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
    const reservations = await inventory.listReservationItems(
      { line_item_id: itemIds },
      { select: ["id", "inventory_item_id"] }
    )
    if (!reservations.length) return new StepResponse({ released: 0 })
    const locking: ILockingModule = container.resolve(Modules.LOCKING)
    const inventoryItemIds = [...new Set(reservations.map((r) => r.inventory_item_id))].sort()
    await locking.execute(
      inventoryItemIds,
      async () => {
        await inventory.deleteReservationItems(reservations.map((r) => r.id))
      },
      { timeout: INVENTORY_LOCK_TIMEOUT_SECONDS }
    )
    return new StepResponse({ released: reservations.length })
  }
)
