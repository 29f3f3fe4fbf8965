import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { REFUND_MESSAGES } from "../../../lib/refunds"
import { getRefundTarget, type RefundTarget } from "../../../queries/refunds"

/** The artist order a refund is planned on, read under the order's lock; 404 `Order not found` when it is gone. */
export const loadRefundTargetStep = createStep(
  "load-refund-target",
  async (input: { artistOrderId: string }, { container }) => {
    const target = await getRefundTarget(container, input.artistOrderId)
    if (!target) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
    if (!target.paymentIntentId) throw new MedusaError(MedusaError.Types.INVALID_DATA, REFUND_MESSAGES.orderNotPaid)
    return new StepResponse<RefundTarget>(target)
  }
)
