import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../modules/payments"
import { listTransferablePayouts } from "../queries/gallery-orders"
import { transferPayouts } from "../workflows/gallery-checkout/payout-transfers"
import { galleryOrderLockKey } from "../workflows/gallery-checkout/workflows/mark-gallery-order-paid"

export type ProcessPendingPayoutsResult = { transferred: number; failed: number }

/** Seconds the job waits for an order that is being settled or cancelled. */
const ORDER_LOCK_TIMEOUT_SECONDS = 30

/**
 * Transfers the payouts that were left pending because the organization had no connected account yet (or the
 * transfer failed), now that it has one; only for orders that are paid (or later), never cancelled ones. Each order
 * is handled under the order lock shared with payment settlement and cancellation, its payouts re-read there; each
 * transfer uses the payout's idempotency key and is recorded only while the payout is still pending — so a payout is
 * transferred exactly once however often (or concurrently) this runs.
 */
export async function processPendingPayouts(
  container: MedusaContainer,
  options: { limit?: number } = {}
): Promise<ProcessPendingPayoutsResult> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const candidates = await listTransferablePayouts(container, { limit: options.limit ?? 500 })
  const orderIds = [...new Set(candidates.map((p) => p.gallery_order_id))]
  const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
  const locking: ILockingModule = container.resolve(Modules.LOCKING)
  let transferred = 0
  let failed = 0
  for (const orderId of orderIds) {
    try {
      await locking.execute(
        [galleryOrderLockKey(orderId)],
        async () => {
          const payouts = await listTransferablePayouts(container, { orderId })
          if (!payouts.length) return
          // The funding charge of the order's payment (source_transaction).
          const chargeId = (await payments.retrievePaymentIntent(payouts[0].payment_intent_id)).chargeId
          const results = await transferPayouts(container, payouts, () => chargeId)
          const done = results.filter((r) => r.transferId).length
          transferred += done
          failed += results.length - done
        },
        { timeout: ORDER_LOCK_TIMEOUT_SECONDS }
      )
    } catch (error) {
      failed += 1
      logger.warn(`process-pending-payouts: order ${orderId} skipped: ${String(error)}`)
    }
  }
  if (transferred || failed) {
    logger.info(`process-pending-payouts: ${transferred} transferred, ${failed} failed (left pending)`)
  }
  return { transferred, failed }
}

/** Every 15 minutes. */
export default async function processPendingPayoutsJob(container: MedusaContainer) {
  await processPendingPayouts(container)
}

export const config = {
  name: "process-pending-payouts",
  schedule: "*/15 * * * *",
}
