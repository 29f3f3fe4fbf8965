import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { settledOrder, type LoadedGalleryPayment } from "./load-gallery-order-for-payment"
import { deleteSaleReservations, inventoryItemIdsOf, reserveSaleStock } from "../../common/stock"

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
    const inventoryItemIds = inventoryItemIdsOf(order.items)
    if (!inventoryItemIds.length) {
      return respond({ attempted: true, available: true, reservationIds: [] })
    }
    const reservationIds = await reserveSaleStock(container, order.items, {
      externalId: order.id,
      description: `Gallery order ${order.public_id}`,
      metadata: { gallery_order_id: order.id, public_id: order.public_id },
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
    await deleteSaleReservations(container, compensation.reservationIds, compensation.inventoryItemIds)
  }
)
