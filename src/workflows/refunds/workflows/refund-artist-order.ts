import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { GALLERY_OUTBOX_READY_EVENT } from "../../../lib/outbox"
import type { RefundRequest } from "../../../lib/refunds"
import type { ProviderRefund, RecordRefundInput } from "../../../modules/gallery/service"
import { loadRefundTargetStep } from "../steps/load-refund-target"
import { recordRefundStep } from "../steps/record-refund"
import { recordUnrecordedPayoutTransferStep } from "../steps/record-unrecorded-payout-transfer"

export type RefundArtistOrderInput = {
  artistOrderId: string
  request: RefundRequest
  source: RecordRefundInput["source"]
  reason: string
  requestedBy: string | null
  /** The received return this refund pays back (source `return`). */
  returnId?: string | null
  /** A refund made in Stripe's dashboard that this one records instead of refunding again (source `provider`). */
  providerRefund?: ProviderRefund | null
}

/**
 * Records a refund of one artist order (docs/refunds.md): the state under the lock, a transfer a dead process left
 * unrecorded, then the plan and its record with the outbox message that moves the money, and a nudge to the
 * dispatcher. Nothing is written unless the refund is recorded whole. Run it through refundArtistOrder (the lock).
 */
export const refundArtistOrderWorkflow = createWorkflow("refund-artist-order", (input: RefundArtistOrderInput) => {
  const loaded = loadRefundTargetStep({ artistOrderId: input.artistOrderId })
  const target = recordUnrecordedPayoutTransferStep(loaded)
  const recordInput = transform({ input, target }, ({ input, target }) => ({
    target,
    request: input.request,
    source: input.source,
    reason: input.reason,
    requestedBy: input.requestedBy,
    returnId: input.returnId ?? null,
    providerRefund: input.providerRefund ?? null,
  }))
  const refund = recordRefundStep(recordInput)
  emitEventStep({ eventName: GALLERY_OUTBOX_READY_EVENT, data: {} }).config({ name: "nudge-gallery-outbox" })
  return new WorkflowResponse(refund)
})
