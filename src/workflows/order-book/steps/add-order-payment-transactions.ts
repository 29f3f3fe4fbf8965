import type { IOrderModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { fromCents } from "../../../lib/money"
import type { OrderPaymentPlan } from "../../../lib/order-payments"

/**
 * The order transactions that make the captures count on the orders (Medusa's order summary: paid total, nothing
 * outstanding), as Medusa's capture workflow writes them (`reference: "capture"`, the capture's id), in one call for
 * every order; only for the part of a capture the order's transactions do not show yet. Compensation deletes them.
 */
export const addOrderPaymentTransactionsStep = createStep(
  "add-order-payment-transactions",
  async (plans: OrderPaymentPlan[], { container }) => {
    const transactions = plans
      .filter((plan) => plan.transactionCents > 0)
      .map((plan) => ({
        order_id: plan.orderId,
        amount: fromCents(plan.transactionCents),
        currency_code: plan.currencyCode,
        reference: "capture",
        reference_id: plan.captureId,
      }))
    if (!transactions.length) return new StepResponse<string[], string[]>([], [])
    const orders: IOrderModuleService = container.resolve(Modules.ORDER)
    const created = await orders.addOrderTransactions(transactions)
    const ids = created.map((transaction) => transaction.id)
    return new StepResponse(ids, ids)
  },
  async (ids, { container }) => {
    if (!ids?.length) return
    await container.resolve<IOrderModuleService>(Modules.ORDER).deleteOrderTransactions(ids)
  }
)
