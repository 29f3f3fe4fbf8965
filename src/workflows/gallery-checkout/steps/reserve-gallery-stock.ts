import type { IInventoryService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { allocateStock, type StockLevel } from "../../../lib/gallery-checkout"
import { settledOrder, type LoadedGalleryPayment } from "./load-gallery-order-for-payment"
import { withInventoryLocks } from "../../../settlement/locks"

export type ReserveGalleryStockResult = {
  /** False when there was nothing to settle (the order is not pending or its payment did not succeed). */
  attempted: boolean
  /** Every item could be reserved. */
  available: boolean
  /** The reservations this run created (earlier runs' reservations of the same order are reused, not listed). */
  reservationIds: string[]
}

type ReservationCompensation = { reservationIds: string[]; inventoryItemIds: string[] } | null

function respond(result: ReserveGalleryStockResult, compensation: ReservationCompensation = null) {
  return new StepResponse<ReserveGalleryStockResult, ReservationCompensation>(result, compensation)
}


/**
 * Reserves the sold variants' stock with Medusa's inventory module (a reservation per order item and location,
 * `line_item_id` = the artist order item, `external_id` = the gallery order), the way Medusa's cart completion does:
 * under locks on the inventory item ids, where createReservationItems checks each quantity against the level's
 * stocked - reserved before it reserves anything. Nothing is reserved when any item falls short (an original sold to
 * a racing buyer): `available` false.
 *
 * Idempotent: a settlement that died after reserving (before the order became paid) left its reservations; a retry
 * finds them by line item (read with the order) and reserves only what is still missing, so stock is never reserved twice for one order
 * (and an order never falls short because of its own earlier reservation). Compensation deletes only what this run
 * created.
 */
export const reserveGalleryStockStep = createStep(
  "reserve-gallery-stock",
  async (input: LoadedGalleryPayment, { container }) => {
    if (!input.settle) {
      return respond({ attempted: false, available: false, reservationIds: [] })
    }
    const order = settledOrder(input)
    const inventoryItemIds = [...new Set(order.items.flatMap((item) => item.inventory.map((l) => l.inventory_item_id)))].sort()
    if (!inventoryItemIds.length) {
      return respond({ attempted: true, available: true, reservationIds: [] })
    }
    const inventory: IInventoryService = container.resolve(Modules.INVENTORY)

    const reservationIds = await withInventoryLocks(container, inventoryItemIds, async () => {
        // Locations are chosen from the levels read with the order; the inventory module re-checks every
        // reservation against the current level (stocked - reserved) inside this lock, and refuses a shortage.
        const byItem = new Map<string, StockLevel[]>()
        for (const item of order.items) {
          for (const link of item.inventory) {
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
        for (const item of order.items) {
          for (const link of item.inventory) {
            const itemLevels = byItem.get(link.inventory_item_id) ?? []
            // What an earlier, interrupted run of this settlement already reserved for the line is not reserved again.
            const missing = item.quantity * link.required_quantity - link.line_reserved
            if (missing <= 0) continue
            const allocations = allocateStock(missing, itemLevels)
            if (!allocations) return null
            for (const allocation of allocations) {
              const level = itemLevels.find((l) => l.location_id === allocation.location_id) as StockLevel
              level.reserved_quantity += allocation.quantity
              reservations.push({
                line_item_id: item.id,
                inventory_item_id: link.inventory_item_id,
                location_id: allocation.location_id,
                quantity: allocation.quantity,
                allow_backorder: false,
                external_id: order.id,
                description: `Gallery order ${order.public_id}`,
                metadata: { gallery_order_id: order.id, public_id: order.public_id },
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
    if (!reservationIds) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .info(`Gallery order ${order.public_id}: stock no longer available, the payment will be refunded`)
      return respond({ attempted: true, available: false, reservationIds: [] })
    }
    return respond({ attempted: true, available: true, reservationIds }, { reservationIds, inventoryItemIds })
  },
  async (compensation: ReservationCompensation | undefined, { container }) => {
    if (!compensation?.reservationIds?.length) return
    const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
    await withInventoryLocks(container, compensation.inventoryItemIds, () =>
      inventory.deleteReservationItems(compensation.reservationIds)
    )
  }
)
