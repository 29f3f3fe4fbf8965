import type { CreateOrderChangeDTO, IOrderModuleService } from "@medusajs/framework/types"
import { ChangeActionType, Modules, OrderChangeType } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/**
 * Credits a cancelled order with the refund of its payment, as Medusa's cancellation does
 * (createOrderRefundCreditLinesWorkflow: an order change of type credit line, referencing the payment collection,
 * confirmed at once), so the order owes nothing. Used for an order Medusa cancelled before its payment was recorded,
 * which Medusa's own workflow refuses (it credits orders before cancelling them). A change left half-made by a failure
 * is cancelled, so the order takes changes again.
 */
export const addOrderRefundCreditLineStep = createStep(
  "add-order-refund-credit-line",
  async (input: { orderId: string; paymentCollectionId: string; amount: number }, { container }) => {
    const orders: IOrderModuleService = container.resolve(Modules.ORDER)
    const change = await orders.createOrderChange({ order_id: input.orderId, change_type: OrderChangeType.CREDIT_LINE } as CreateOrderChangeDTO)
    try {
      await orders.addOrderAction({
        order_change_id: change.id,
        order_id: input.orderId,
        version: change.version,
        action: ChangeActionType.CREDIT_LINE_ADD,
        reference: "payment_collection",
        reference_id: input.paymentCollectionId,
        amount: input.amount,
      })
      await orders.confirmOrderChange({ id: change.id })
    } catch (error) {
      await orders.cancelOrderChange(change.id).catch(() => undefined)
      throw error
    }
    return new StepResponse(change.id)
  }
)
