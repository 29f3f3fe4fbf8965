import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorMessage } from "../lib/error-message"
import { settlementReconcileSeconds } from "../lib/outbox"
import { recordStoreOrderPayments } from "../processes/order-book/payments"
import { syncArtistOrderMirror } from "../processes/order-book/sync"
import { listArtistOrdersWithoutMirror } from "../queries/medusa/order-book"
import { listOrdersWithoutPayment } from "../queries/medusa/order-payments"
import { runScheduledJob } from "../lib/scheduled-job"

/** Artist orders one run mirrors at most (the next run continues). */
const BATCH = 50

/** Artist orders mirrored; orders whose payment was recorded (mirrors and store orders); failures of either. */
export type OrderBookBackfillResult = { mirrored: number; paid: number; failed: number }

/**
 * Gives every paid gallery artist order without a Medusa order its mirror (docs/order-book.md), and every mirror and
 * store checkout order without a captured payment collection its payment record ("Payments"): those paid before the
 * order book (or its payments) existed, and any whose outbox delivery keeps failing. Orders paid within the last two
 * SETTLEMENT_RECONCILE_SECONDS are left to their outbox handler. Each sync is idempotent and locked, so this job
 * racing a handler makes one order and one payment.
 */
export async function backfillOrderBook(
  container: MedusaContainer,
  options: { graceSeconds?: number } = {}
): Promise<OrderBookBackfillResult> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const graceSeconds = options.graceSeconds ?? 2 * settlementReconcileSeconds(process.env.SETTLEMENT_RECONCILE_SECONDS)
  const result: OrderBookBackfillResult = { mirrored: 0, paid: 0, failed: 0 }
  const attempt = async (what: string, work: () => Promise<unknown>): Promise<boolean> => {
    try {
      await work()
      return true
    } catch (error) {
      result.failed += 1
      logger.warn(`backfill-order-book: ${what}: ${errorMessage(error)}`)
      return false
    }
  }
  for (const id of await listArtistOrdersWithoutMirror(container, { limit: BATCH, graceSeconds })) {
    if (await attempt(`artist order ${id}`, () => syncArtistOrderMirror(container, id))) result.mirrored += 1
  }
  const unpaid = await listOrdersWithoutPayment(container, { limit: BATCH, graceSeconds })
  // A mirror's payment is recorded by its artist order's sync, under that order's lock.
  for (const id of unpaid.artistOrderIds) {
    if (await attempt(`artist order ${id} (payment)`, () => syncArtistOrderMirror(container, id))) result.paid += 1
  }
  for (const id of unpaid.storeOrderIds) {
    if (await attempt(`store order ${id} (payment)`, () => recordStoreOrderPayments(container, [id]))) result.paid += 1
  }
  return result
}

async function backfillOrderBookJob(container: MedusaContainer) {
  const { mirrored, paid, failed } = await backfillOrderBook(container)
  if (mirrored || paid || failed) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`backfill-order-book: ${mirrored} artist orders mirrored, ${paid} payments recorded, ${failed} failed (retried next run)`)
  }
}

export const config = { name: "backfill-order-book", schedule: "*/5 * * * *" }

export default function (container: MedusaContainer) {
  return runScheduledJob(config.name, () => backfillOrderBookJob(container))
}
