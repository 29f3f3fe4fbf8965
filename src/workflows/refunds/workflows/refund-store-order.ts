import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { GALLERY_OUTBOX_READY_EVENT } from "../../../lib/outbox"
import { recordStoreRefundStep, type RecordStoreRefundStepInput } from "../steps/record-store-refund"

export type RefundStoreOrderInput = RecordStoreRefundStepInput

/**
 * Records a refund of an artist-store order (docs/refunds.md, "Store orders"): the plan on the store payment read
 * under the lock and its record with the outbox message that moves the money, then a nudge to the dispatcher.
 * Nothing is written unless the refund is recorded whole. Run it through refundStoreOrder (the lock).
 */
export const refundStoreOrderWorkflow = createWorkflow("refund-store-order", (input: RefundStoreOrderInput) => {
  const refund = recordStoreRefundStep(input)
  emitEventStep({ eventName: GALLERY_OUTBOX_READY_EVENT, data: {} }).config({ name: "nudge-gallery-outbox-store-refund" })
  return new WorkflowResponse(refund)
})
