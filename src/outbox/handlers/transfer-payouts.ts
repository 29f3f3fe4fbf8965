import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { GalleryOrderPaidPayload } from "../../lib/outbox"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../modules/payments"
import { listTransferablePayouts } from "../../queries/gallery-orders"
import { transferPayouts, type PayoutTransferResult } from "../../workflows/gallery-checkout/payout-transfers"
import { galleryOrderLockKey } from "../../workflows/gallery-checkout/workflows/mark-gallery-order-paid"

/** Seconds the transfers wait for a settlement or cancellation of the same order. */
const ORDER_LOCK_TIMEOUT_SECONDS = 30

/**
 * Transfers the pending payouts of one paid order whose organizations have a connected account, under the order lock
 * shared with settlement and cancellation; the payouts are re-read there, each transfer carries its payout's
 * idempotency key and is recorded only while the payout is pending, so running this twice transfers nothing twice.
 * Shared by the outbox handler (right after payment) and the pending-payouts job (accounts connected later, retries).
 */
export async function transferPendingPayoutsOfOrder(
  container: Pick<MedusaContainer, "resolve">,
  orderId: string,
  /** The funding charge when the caller knows it; otherwise it is read from the order's intent. */
  knownChargeId: string | null = null
): Promise<PayoutTransferResult[]> {
  const locking: ILockingModule = container.resolve(Modules.LOCKING)
  return locking.execute(
    [galleryOrderLockKey(orderId)],
    async () => {
      const payouts = await listTransferablePayouts(container, { orderId })
      if (!payouts.length) return []
      const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
      // The funding charge of the order's payment (source_transaction).
      const chargeId = knownChargeId ?? (await payments.retrievePaymentIntent(payouts[0].payment_intent_id)).chargeId
      return transferPayouts(container, payouts, () => chargeId)
    },
    { timeout: ORDER_LOCK_TIMEOUT_SECONDS }
  )
}

/** Outbox handler of `gallery.order.paid`: the artists' transfers, without waiting for the pending-payouts job. */
export async function transferGalleryOrderPayouts(container: MedusaContainer, payload: GalleryOrderPaidPayload) {
  await transferPendingPayoutsOfOrder(container, payload.id, payload.charge_id)
}
