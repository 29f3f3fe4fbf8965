import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { deleteSaleReservations, inventoryItemIdsOf, reserveSaleStock } from "../../common/stock"
import { settledPayment, type LoadedStorePayment } from "./load-store-payment-for-settlement"

type Compensation = { reservationIds: string[]; inventoryItemIds: string[] } | null

/**
 * Reserves the sale's stock under the same inventory locks and checks as a gallery settlement (workflows/common/stock.ts):
 * an original sold in the gallery and in the store at the same moment is reserved by one of them only.
 * `available` false on a shortage (nothing reserved). Compensation deletes what this run reserved.
 */
export const reserveStoreStockStep = createStep(
  "reserve-store-stock",
  async (input: LoadedStorePayment, { container }) => {
    if (!input.settle) return new StepResponse<{ available: boolean }, Compensation>({ available: false }, null)
    const payment = settledPayment(input)
    const reservationIds = await reserveSaleStock(container, input.lines, {
      externalId: payment.id,
      description: `Store payment ${payment.id}`,
      metadata: { store_payment_id: payment.id },
    })
    if (!reservationIds) return new StepResponse<{ available: boolean }, Compensation>({ available: false }, null)
    return new StepResponse<{ available: boolean }, Compensation>(
      { available: true },
      { reservationIds, inventoryItemIds: inventoryItemIdsOf(input.lines) }
    )
  },
  async (compensation, { container }) => {
    if (!compensation?.reservationIds.length) return
    await deleteSaleReservations(container, compensation.reservationIds, compensation.inventoryItemIds)
  }
)
