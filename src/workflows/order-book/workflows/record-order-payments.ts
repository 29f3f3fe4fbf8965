import { Modules } from "@medusajs/framework/utils"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createRemoteLinkStep } from "@medusajs/medusa/core-flows"
import type { OrderPaymentPlan } from "../../../lib/order-payments"
import { addOrderPaymentTransactionsStep } from "../steps/add-order-payment-transactions"
import { createOrderPaymentCollectionsStep } from "../steps/create-order-payment-collections"
import { recordSystemPaymentsStep } from "../steps/record-system-payments"

/**
 * Records the payments of order book orders in Medusa (docs/order-book.md, "Payments"), for a batch of orders at once,
 * doing what each plan (orderPaymentPlan, src/lib/order-payments.ts) says is missing: the payment collection for the
 * order's total, its link to the order, a payment of the system provider captured in full (the rows of Medusa's
 * "Mark as paid"), and the order transaction of the capture. The order then reads as paid (captured) in Medusa's
 * admin with nothing outstanding. Run it through src/processes/order-book/payments.ts, which reads the plans under
 * the orders' locks.
 */
export const recordOrderPaymentsWorkflow = createWorkflow("record-order-payments", (input: { plans: OrderPaymentPlan[] }) => {
  createOrderPaymentCollectionsStep(input.plans)
  const links = transform({ input }, ({ input }) =>
    input.plans
      .filter((plan) => plan.link)
      .map((plan) => ({
        [Modules.ORDER]: { order_id: plan.orderId },
        [Modules.PAYMENT]: { payment_collection_id: plan.collectionId },
      }))
  )
  createRemoteLinkStep(links)
  const captures = recordSystemPaymentsStep(input.plans)
  addOrderPaymentTransactionsStep(input.plans)
  return new WorkflowResponse(captures)
})
