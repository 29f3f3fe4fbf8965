import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { FULFILMENT_MESSAGES, payoutReversalIdempotencyKey } from "../../../lib/gallery-fulfilment"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../../modules/payments"
import { listTransferredPayouts } from "../../../queries/artist-orders"
import { errorMessage } from "../../../lib/error-message"

export type ReversalOutcome = { reversed: { payoutId: string; reversalId: string }[] }

/**
 * Reverses every transferred payout of a cancelled order (the whole transfer, back from the artist's connected
 * account), one reversal per payout under the payout's idempotency key; the payout becomes `reversed` with the
 * reversal id (guarded by status `transferred`, so it is recorded once). Payouts already reversed are not listed,
 * so a repeated cancellation reverses nothing. A failed reversal is noted on the payout (failure_reason) and, after
 * the others were tried, fails the request with 500 `Failed to reverse one or more artist transfers`; calling cancel
 * again retries it.
 */
export const reverseGalleryPayoutsStep = createStep(
  "reverse-gallery-payouts",
  async (input: { orderId: string }, { container }) => {
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const payouts = await listTransferredPayouts(container, input.orderId)
    const reversed: ReversalOutcome["reversed"] = []
    let failed = 0
    for (const payout of payouts) {
      try {
        const reversal = await payments.reverseTransfer({
          transferId: payout.transfer_id,
          idempotencyKey: payoutReversalIdempotencyKey(payout.id),
        })
        await gallery.recordPayoutReversal({ payoutId: payout.id, reversalId: reversal.id })
        reversed.push({ payoutId: payout.id, reversalId: reversal.id })
      } catch (error) {
        failed++
        const message = errorMessage(error)
        logger.error(`Gallery payout ${payout.id}: transfer reversal failed: ${message}`)
        // Best effort: the request fails with reversalFailed below whether or not the note is stored.
        await gallery.recordPayoutReversalFailure({ payoutId: payout.id, reason: message }).catch(() => undefined)
      }
    }
    if (failed) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, FULFILMENT_MESSAGES.reversalFailed)
    return new StepResponse<ReversalOutcome>({ reversed })
  }
)
