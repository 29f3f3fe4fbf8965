import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { GALLERY_MODULE } from "../../modules/gallery"
import type GalleryModuleService from "../../modules/gallery/service"
import { PAYMENTS_MODULE, type CreateTransferInput, type PaymentsModuleService } from "../../modules/payments"
import type { PendingPayout } from "../../queries/gallery-orders"
import { errorMessage } from "../../lib/error-message"

/**
 * A payout's transfer idempotency key: the gateway answers a replay with the first transfer, never a second one. A
 * payout a refund cut before its transfer (docs/refunds.md) is sent with other parameters, so under a key of its
 * amount: an earlier attempt's key, kept by the provider with the old amount, would refuse it. (Before cutting a
 * payout that was attempted, the refund asks the provider whether that attempt made a transfer.)
 */
export function payoutTransferIdempotencyKey(artistOrderId: string, amountCents?: number): string {
  return amountCents === undefined ? `gallery-payout-${artistOrderId}` : `gallery-payout-${artistOrderId}-${amountCents}`
}

/**
 * The transfer request of a payout. Built only from stored facts, so that the payment flow and the payouts job
 * send identical parameters under the same idempotency key (a replay, not a conflict).
 */
export function payoutTransferInput(payout: PendingPayout, chargeId: string): CreateTransferInput {
  return {
    amountCents: payout.amount_cents,
    currency: "usd",
    destination: payout.destination,
    transferGroup: payout.transfer_group,
    sourceTransaction: chargeId,
    idempotencyKey: payoutTransferIdempotencyKey(
      payout.artist_order_id,
      payout.amount_cents === payout.original_amount_cents ? undefined : payout.amount_cents
    ),
    metadata: {
      gallery_order_id: payout.gallery_order_id,
      artist_order_id: payout.artist_order_id,
      public_id: payout.public_id,
    },
  }
}

export type PayoutTransferResult = { payoutId: string; transferId: string | null; destination?: string; error?: string }

/**
 * Transfers each payout and records the transfer ids (status transferred, guarded by status
 * pending). A failure is recorded as the payout's failure_reason and the payout stays pending.
 */
export async function transferPayouts(
  container: Pick<MedusaContainer, "resolve">,
  payouts: PendingPayout[],
  chargeIdOf: (payout: PendingPayout) => string | null
): Promise<PayoutTransferResult[]> {
  const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  // Independent transfers run side by side (the gateway serialises what must be serialised); their ids are then
  // recorded in one statement.
  const results = await Promise.all(
    payouts.map(async (payout): Promise<PayoutTransferResult> => {
      const chargeId = chargeIdOf(payout)
      if (!chargeId) {
        return { payoutId: payout.id, transferId: null, error: "The payment has no charge to fund the transfer" }
      }
      try {
        const transfer = await payments.createTransfer(payoutTransferInput(payout, chargeId))
        return { payoutId: payout.id, transferId: transfer.id, destination: payout.destination }
      } catch (error) {
        const message = errorMessage(error)
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`Gallery payout ${payout.id}: transfer failed, it stays pending: ${message}`)
        await gallery.recordPayoutFailure({ payoutId: payout.id, reason: message }).catch(() => undefined)
        return { payoutId: payout.id, transferId: null, error: message }
      }
    })
  )
  const transferred = results.filter((r): r is PayoutTransferResult & { transferId: string; destination: string } =>
    Boolean(r.transferId && r.destination)
  )
  await gallery.recordPayoutTransfers(
    transferred.map((r) => ({ payoutId: r.payoutId, transferId: r.transferId, destination: r.destination }))
  )
  return results
}
