import type { IInventoryService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { listGalleryOrderItemIds } from "../../../queries/artist-orders"
import { withInventoryLocks } from "../../common/locks"


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
    await withInventoryLocks(
      container,
      reservations.map((r) => r.inventory_item_id),
      () => inventory.deleteReservationItems(reservations.map((r) => r.id))
    )
    return new StepResponse({ released: reservations.length })
  }
)
