import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { refundPaymentsWorkflow } from "@medusajs/medusa/core-flows"
import { addOrderRefundCreditLineStep } from "../steps/add-order-refund-credit-line"

export type CancelledOrderRefundInput = { orderId: string; collectionId: string; paymentId: string; refund: number; credit: number }

/**
 * Records in Medusa the refund of an order that Medusa cancelled before the order book recorded its payment (a mirror
 * of a gallery order cancelled before payments were recorded): what Medusa's cancellation would have done, i.e. the
 * refund of the captured payment on the system provider (Medusa's refund workflow: the refund and the order's negative
 * transaction; no money moves, the gallery refunded the charge at Stripe) and the credit line of the refund. Each part
 * only when missing (cancelledOrderRefundPlan, src/lib/order-payments.ts), so a run that died between them is finished
 * by the next.
 */
export const recordCancelledOrderRefundWorkflow = createWorkflow("record-cancelled-order-refund", (input: CancelledOrderRefundInput) => {
  when("cancelled-order-needs-refund", { input }, ({ input }) => input.refund > 0).then(() => {
    refundPaymentsWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => [{ payment_id: input.paymentId, amount: input.refund }]),
    })
  })
  when("cancelled-order-needs-credit", { input }, ({ input }) => input.credit > 0).then(() => {
    addOrderRefundCreditLineStep(
      transform({ input }, ({ input }) => ({ orderId: input.orderId, paymentCollectionId: input.collectionId, amount: input.credit }))
    )
  })
  return new WorkflowResponse(undefined)
})
