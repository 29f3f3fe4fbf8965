import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../../modules/payments"
import type { RefundTarget } from "../../../queries/refunds"

/**
 * Before a refund cuts an unsent payout: a payout that is still pending but was attempted may have been transferred
 * by a process that died before recording it. Its transfer group is asked for a transfer of this artist order
 * (`metadata.artist_order_id`, as the payouts job does); one found is recorded, and the refund reverses it instead
 * of cutting a payout that was in fact sent. A provider that cannot answer fails the refund (nothing recorded):
 * guessing could pay the artist twice.
 */
export const recordUnrecordedPayoutTransferStep = createStep(
  "record-unrecorded-payout-transfer",
  async (target: RefundTarget, { container }) => {
    const payout = target.payout
    if (!payout || payout.status !== "pending" || payout.attempt_count === 0) return new StepResponse(target)
    const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
    const transfers = await payments.listTransfers({ transferGroup: target.transferGroup })
    const transfer = transfers.find((t) => t.metadata.artist_order_id === target.artistOrderId)
    if (!transfer) return new StepResponse(target)
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    await gallery.recordPayoutTransfers([
      { payoutId: payout.id, transferId: transfer.id, destination: transfer.destination },
    ])
    return new StepResponse<RefundTarget>({
      ...target,
      payout: { ...payout, status: "transferred", transfer_id: transfer.id },
    })
  }
)
