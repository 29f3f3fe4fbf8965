import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { entityId } from "../../../lib/entity-id"
import { galleryRefundRequestedMessages } from "../../../lib/outbox"
import { artistOrderChargeCents, planRefund, type RefundPlan, type RefundRequest } from "../../../lib/refunds"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import type { RecordRefundInput } from "../../../modules/gallery/service"
import type { RefundTarget } from "../../../queries/refunds"

export type RecordRefundStepInput = {
  target: RefundTarget
  request: RefundRequest
  source: RecordRefundInput["source"]
  reason: string
  requestedBy: string | null
  returnId?: string | null
  providerRefund?: RecordRefundInput["providerRefund"]
}

export type RecordedRefund = { id: string; plan: RefundPlan; payoutAction: RecordRefundInput["payoutAction"] }

/**
 * Plans the refund on the state read under the lock (lib/refunds.ts; a refusal is a 400 with its message) and
 * records it with its outbox message in one transaction. The artist's share comes back from a sent transfer
 * (`reversal`, when the money moves) or is cut from the payout not yet sent (`reduction`, now, with its ledger entry).
 */
export const recordRefundStep = createStep("record-refund", async (input: RecordRefundStepInput, { container }) => {
  const { target } = input
  const planned = planRefund(target.refundable, input.request)
  if ("refused" in planned) throw new MedusaError(MedusaError.Types.INVALID_DATA, planned.refused)
  const payout = target.payout
  const payoutAction: RecordRefundInput["payoutAction"] =
    planned.artistShareCents === 0 || !payout
      ? "none"
      : payout.status === "transferred"
        ? "reversal"
        : payout.status === "pending"
          ? "reduction"
          : "none"
  const id = entityId("gref")
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  await gallery.recordRefund({
    refundId: id,
    galleryOrderId: target.galleryOrderId,
    artistOrderId: target.artistOrderId,
    organizationId: target.organizationId,
    source: input.source,
    reason: input.reason,
    requestedBy: input.requestedBy,
    returnId: input.returnId ?? null,
    providerRefund: input.providerRefund ?? null,
    plan: planned,
    // The refund that completes the gallery order's refund may pass the artist order's charge by what belongs to no
    // artist order (lib/refunds.ts); the gallery order's own total still bounds it.
    chargeCents: Math.max(artistOrderChargeCents(target.refundable), target.refundable.refundedCents + planned.amountCents),
    payoutAction,
    payoutId: payout?.id ?? null,
    ledger:
      payoutAction === "reduction" && payout
        ? [
            {
              key: `transfer_reduced:${id}`,
              organizationId: target.organizationId,
              kind: "transfer_reduced",
              amountCents: planned.artistShareCents,
              description: `Refund on gallery order ${target.publicId}, before its transfer`,
              occurredAt: new Date(),
              galleryOrderId: target.galleryOrderId,
              artistOrderId: target.artistOrderId,
              payoutId: payout.id,
              refundId: id,
            },
          ]
        : [],
    outbox: galleryRefundRequestedMessages(id),
  })
  return new StepResponse<RecordedRefund>({ id, plan: planned, payoutAction })
})
