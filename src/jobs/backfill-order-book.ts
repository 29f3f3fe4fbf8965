import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorMessage } from "../lib/error-message"
import { settlementReconcileSeconds } from "../lib/outbox"
import { syncArtistOrderMirror } from "../processes/order-book/sync"
import { listArtistOrdersWithoutMirror } from "../queries/medusa/order-book"
import { runScheduledJob } from "../lib/scheduled-job"

/** Artist orders one run mirrors at most (the next run continues). */
const BATCH = 50

export type OrderBookBackfillResult = { mirrored: number; failed: number }

/**
 * Gives every paid gallery artist order without a Medusa order its mirror (docs/order-book.md): those paid before
 * the order book existed, and any whose outbox delivery keeps failing. Orders paid within the last two
 * SETTLEMENT_RECONCILE_SECONDS are left to their outbox handler. Each mirror is idempotent and locked, so this job
 * racing a handler makes one order.
 */
export async function backfillOrderBook(
  container: MedusaContainer,
  options: { graceSeconds?: number } = {}
): Promise<OrderBookBackfillResult> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const graceSeconds = options.graceSeconds ?? 2 * settlementReconcileSeconds(process.env.SETTLEMENT_RECONCILE_SECONDS)
  const ids = await listArtistOrdersWithoutMirror(container, { limit: BATCH, graceSeconds })
  const result: OrderBookBackfillResult = { mirrored: 0, failed: 0 }
  for (const id of ids) {
    try {
      await syncArtistOrderMirror(container, id)
      result.mirrored += 1
    } catch (error) {
      result.failed += 1
      logger.warn(`backfill-order-book: artist order ${id}: ${errorMessage(error)}`)
    }
  }
  return result
}

async function backfillOrderBookJob(container: MedusaContainer) {
  const { mirrored, failed } = await backfillOrderBook(container)
  if (mirrored || failed) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`backfill-order-book: ${mirrored} artist orders mirrored, ${failed} failed (retried next run)`)
  }
}

export const config = { name: "backfill-order-book", schedule: "*/5 * * * *" }

export default function (container: MedusaContainer) {
  return runScheduledJob(config.name, () => backfillOrderBookJob(container))
}
