import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { mayHaveForgottenTransferKey, nextPayoutAttemptAt } from "../../lib/payout-retries"
import { GALLERY_MODULE } from "../../modules/gallery"
import type GalleryModuleService from "../../modules/gallery/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../modules/payments"
import { listTransferablePayouts, type TransferablePayout } from "../../queries/gallery-orders"
import { errorMessage } from "../../lib/error-message"
import { transferPayouts } from "./payout-transfers"
import { galleryOrderLockKey, withSortedLocks } from "../../workflows/common/locks"

export type PayoutTransfersOutcome = { transferred: number; failed: number }

/** Seconds the transfers wait for a settlement or cancellation of the same order. */
const ORDER_LOCK_TIMEOUT_SECONDS = 30


/**
 * Due payouts of one or more orders, under their locks. Each attempt is claimed (counted, back-off set) before the
 * provider is called. A payout whose transfer key the provider may have forgotten (first sent more than 24 h ago) is
 * first looked up among its transfer group's transfers by `metadata.artist_order_id`: a transfer found is recorded,
 * never created a second time. The others are transferred with their idempotency keys, funded by their order's charge
 * (`knownCharges`, else read from the order's payment).
 */
async function payOrdersPayouts(
  container: Pick<MedusaContainer, "resolve">,
  due: TransferablePayout[],
  now: Date,
  knownCharges: ReadonlyMap<string, string>
): Promise<PayoutTransfersOutcome> {
  const logger: Logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)

  const claimed = new Set(
    await gallery.claimPayoutAttempts({
      attemptedAt: now,
      claims: due.map((p) => ({
        payoutId: p.id,
        attemptCount: p.attempt_count,
        nextAttemptAt: nextPayoutAttemptAt(p.attempt_count + 1, now),
      })),
    })
  )
  let payouts = due.filter((p) => claimed.has(p.id))
  if (!payouts.length) return { transferred: 0, failed: 0 }

  const fail = async (failing: TransferablePayout[], reason: string) => {
    logger.warn(`process-pending-payouts: ${failing.map((p) => p.id).join(", ")} stay pending: ${reason}`)
    for (const payout of failing) await gallery.recordPayoutFailure({ payoutId: payout.id, reason })
  }

  let failed = 0
  // The funding charge of each order's payment (source_transaction), read from the payment unless the caller knows it.
  const charges = new Map(knownCharges)
  for (const [orderId, orderPayouts] of groupBy(payouts, (p) => p.gallery_order_id)) {
    if (charges.has(orderId)) continue
    try {
      const { chargeId } = await payments.retrievePaymentIntent(orderPayouts[0].payment_intent_id)
      if (chargeId) charges.set(orderId, chargeId)
    } catch (error) {
      await fail(orderPayouts, `The payment could not be read: ${errorMessage(error)}`)
      failed += orderPayouts.length
      payouts = payouts.filter((p) => p.gallery_order_id !== orderId)
    }
  }

  let found = 0
  const checking = payouts.filter((p) =>
    mayHaveForgottenTransferKey({ createdAt: new Date(p.created_at), firstAttemptedAt: p.first_attempted_at }, now)
  )
  for (const [transferGroup, groupPayouts] of groupBy(checking, (p) => p.transfer_group)) {
    const checked = new Set(groupPayouts.map((p) => p.id))
    try {
      const existing = await payments.listTransfers({ transferGroup })
      const recorded: { payoutId: string; transferId: string; destination: string }[] = []
      for (const payout of groupPayouts) {
        const transfer = existing.find((t) => t.metadata.artist_order_id === payout.artist_order_id)
        if (!transfer) continue
        logger.info(
          `process-pending-payouts: payout ${payout.id} already has transfer ${transfer.id}; recorded, not sent again`
        )
        recorded.push({ payoutId: payout.id, transferId: transfer.id, destination: transfer.destination })
      }
      found += (await gallery.recordPayoutTransfers(recorded)).length
      const foundIds = new Set(recorded.map((r) => r.payoutId))
      payouts = payouts.filter((p) => !foundIds.has(p.id))
    } catch (error) {
      // Without knowing whether the transfer exists, creating it could pay the artist twice: wait for the next try.
      await fail(groupPayouts, `Could not check for an existing transfer: ${errorMessage(error)}`)
      failed += groupPayouts.length
      payouts = payouts.filter((p) => !checked.has(p.id))
    }
  }

  const results = await transferPayouts(container, payouts, (payout) => charges.get(payout.gallery_order_id) ?? null)
  const transferred = results.filter((r) => r.transferId).length
  return { transferred: found + transferred, failed: failed + results.length - transferred }
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const key = keyOf(item)
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return groups
}

/**
 * Transfers paid orders' due payouts (pending, organization connected, back-off elapsed) under the order locks shared
 * with settlement and cancellation, re-reading them there: right after the payments (the outbox's `transfer-payouts`
 * handler, one call for the orders its dispatch claimed, which knows their funding charges) and from the payouts job
 * (accounts connected later, retries). Each transfer uses its payout's idempotency key and is recorded only while the
 * payout is pending, so however often or concurrently this runs, a payout is transferred once.
 *
 * `firstAttempt`: the attempt that follows the payment ignores the back-off. It runs again only when the process
 * running it died (the outbox redelivers it), and an attempt claimed by a dead process must not make the artist wait
 * for the payouts job's back-off; a transfer that failed is retried by the job.
 */
export async function transferDuePayoutsOfOrders(
  container: Pick<MedusaContainer, "resolve">,
  orders: readonly { id: string; chargeId?: string | null }[],
  options: { now: Date; firstAttempt?: boolean; organizationId?: string }
): Promise<PayoutTransfersOutcome> {
  const orderIds = [...new Set(orders.map((order) => order.id))]
  if (!orderIds.length) return { transferred: 0, failed: 0 }
  const knownCharges = new Map(orders.flatMap((order) => (order.chargeId ? [[order.id, order.chargeId] as const] : [])))
  return withSortedLocks(container, orderIds.map(galleryOrderLockKey), ORDER_LOCK_TIMEOUT_SECONDS, async () => {
    const due = await listTransferablePayouts(container, {
      dueAt: options.firstAttempt ? null : options.now,
      orderIds,
      organizationId: options.organizationId,
    })
    if (!due.length) return { transferred: 0, failed: 0 }
    return payOrdersPayouts(container, due, options.now, knownCharges)
  })
}

/** One order's due payouts (transferDuePayoutsOfOrders). */
export function transferDuePayoutsOfOrder(
  container: Pick<MedusaContainer, "resolve">,
  orderId: string,
  options: { now: Date; chargeId?: string | null; firstAttempt?: boolean; organizationId?: string }
): Promise<PayoutTransfersOutcome> {
  const { chargeId, ...rest } = options
  return transferDuePayoutsOfOrders(container, [{ id: orderId, chargeId }], rest)
}

/** Orders whose payouts one call of transferPayoutsOfOrganization works through; the payouts job takes the rest. */
const ORGANIZATION_PAYOUTS_LIMIT = 1000

/**
 * Every pending payout of one organization, right after its connected account became able to receive them (payout
 * onboarding completed, `account.updated`): order by order, under each order's lock, as the first attempt (an account
 * that just became payable must not wait for back-offs earned while it could not be paid). Idempotent like every
 * transfer path; a failure stays pending for the payouts job.
 */
export async function transferPayoutsOfOrganization(
  container: Pick<MedusaContainer, "resolve">,
  organizationId: string,
  options: { now: Date }
): Promise<PayoutTransfersOutcome> {
  const pending = await listTransferablePayouts(container, {
    dueAt: null,
    organizationId,
    limit: ORGANIZATION_PAYOUTS_LIMIT,
  })
  const outcome: PayoutTransfersOutcome = { transferred: 0, failed: 0 }
  for (const orderId of new Set(pending.map((p) => p.gallery_order_id))) {
    const result = await transferDuePayoutsOfOrder(container, orderId, {
      now: options.now,
      firstAttempt: true,
      organizationId,
    })
    outcome.transferred += result.transferred
    outcome.failed += result.failed
  }
  return outcome
}
