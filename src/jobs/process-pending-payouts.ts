import type {
  ILockingModule,
  INotificationModuleService,
  IUserModuleService,
  Logger,
  MedusaContainer,
} from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { fromCents } from "../lib/money"
import { isPayoutFailureAlertDue, mayHaveForgottenTransferKey, nextPayoutAttemptAt } from "../lib/payout-retries"
import { GALLERY_MODULE } from "../modules/gallery"
import type GalleryModuleService from "../modules/gallery/service"
import type { FailingPayout } from "../modules/gallery/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../modules/payments"
import { listTransferablePayouts, type TransferablePayout } from "../queries/gallery-orders"
import { transferPayouts } from "../workflows/gallery-checkout/payout-transfers"
import { galleryOrderLockKey } from "../workflows/gallery-checkout/workflows/mark-gallery-order-paid"

export type ProcessPendingPayoutsResult = { transferred: number; failed: number }

/** The administrators' email about a payout that has been failing for more than a day. */
export const PAYOUT_FAILING_TEMPLATE = "gallery-payout-failing"
export const PAYOUT_FAILING_TRIGGER = "gallery.payout.failing"

/** Seconds the job waits for an order that is being settled or cancelled. */
const ORDER_LOCK_TIMEOUT_SECONDS = 30
/** Failing payouts reported per run; the rest follow 15 minutes later. */
const ALERTS_PER_RUN = 100

function messageOf(error: unknown): string {
  return (error as { message?: string } | null)?.message ?? String(error)
}

/**
 * One order's due payouts, under its lock. Each attempt is claimed (counted, back-off set) before the provider is
 * called. A payout whose transfer key the provider may have forgotten (first sent more than 24 h ago) is first
 * looked up among its transfer group's transfers by `metadata.artist_order_id`: a transfer found is recorded, never
 * created a second time. The others are transferred with their idempotency keys.
 */
async function payOrderPayouts(
  container: MedusaContainer,
  due: TransferablePayout[],
  now: Date
): Promise<ProcessPendingPayoutsResult> {
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

  let chargeId: string | null
  try {
    // The funding charge of the order's payment (source_transaction).
    chargeId = (await payments.retrievePaymentIntent(payouts[0].payment_intent_id)).chargeId
  } catch (error) {
    await fail(payouts, `The payment could not be read: ${messageOf(error)}`)
    return { transferred: 0, failed: payouts.length }
  }

  let failed = 0
  let found = 0
  const checking = payouts.filter((p) =>
    mayHaveForgottenTransferKey({ createdAt: new Date(p.created_at), firstAttemptedAt: p.first_attempted_at }, now)
  )
  if (checking.length) {
    const checked = new Set(checking.map((p) => p.id))
    try {
      const existing = await payments.listTransfers({ transferGroup: checking[0].transfer_group })
      const recorded: { payoutId: string; transferId: string; destination: string }[] = []
      for (const payout of checking) {
        const transfer = existing.find((t) => t.metadata.artist_order_id === payout.artist_order_id)
        if (!transfer) continue
        logger.info(
          `process-pending-payouts: payout ${payout.id} already has transfer ${transfer.id}; recorded, not sent again`
        )
        recorded.push({ payoutId: payout.id, transferId: transfer.id, destination: transfer.destination })
      }
      found = (await gallery.recordPayoutTransfers(recorded)).length
      const foundIds = new Set(recorded.map((r) => r.payoutId))
      payouts = payouts.filter((p) => !foundIds.has(p.id))
    } catch (error) {
      // Without knowing whether the transfer exists, creating it could pay the artist twice: wait for the next try.
      const unchecked = payouts.filter((p) => checked.has(p.id))
      await fail(unchecked, `Could not check for an existing transfer: ${messageOf(error)}`)
      failed += unchecked.length
      payouts = payouts.filter((p) => !checked.has(p.id))
    }
  }

  const results = await transferPayouts(container, payouts, () => chargeId)
  const transferred = results.filter((r) => r.transferId).length
  return { transferred: found + transferred, failed: failed + results.length - transferred }
}

/**
 * Emails every administrator (a Medusa admin user) once about each payout that has been failing for more than a
 * day. Sent before the payout is marked reported, with an idempotency key per payout and administrator, so a run
 * that dies in between sends nothing twice.
 */
async function reportFailingPayouts(container: MedusaContainer, now: Date): Promise<number> {
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  const failing = (await gallery.listUnreportedFailingPayouts({ limit: ALERTS_PER_RUN })).filter((p) =>
    isPayoutFailureAlertDue({ firstAttemptedAt: p.first_attempted_at, failureAlertedAt: p.failure_alerted_at }, now)
  )
  if (!failing.length) return 0
  const users: IUserModuleService = container.resolve(Modules.USER)
  const admins = (await users.listUsers({}, { select: ["id", "email"] })).filter((u) => u.email)
  if (!admins.length) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .error(`process-pending-payouts: ${failing.length} payouts failing for over a day, and no administrator to tell`)
    return 0
  }
  const notifications: INotificationModuleService = container.resolve(Modules.NOTIFICATION)
  for (const payout of failing) {
    await notifications.createNotifications(
      admins.map((admin) => ({
        to: admin.email,
        channel: "email",
        template: PAYOUT_FAILING_TEMPLATE,
        trigger_type: PAYOUT_FAILING_TRIGGER,
        resource_type: "gallery_payout",
        resource_id: payout.id,
        idempotency_key: `${PAYOUT_FAILING_TEMPLATE}:${payout.id}:${admin.id}`,
        data: failingPayoutEmailData(payout),
      }))
    )
    await gallery.markPayoutFailuresReported({ payoutIds: [payout.id], reportedAt: now })
  }
  return failing.length
}

function failingPayoutEmailData(payout: FailingPayout) {
  return {
    payoutId: payout.id,
    publicId: payout.public_id,
    galleryOrderId: payout.gallery_order_id,
    artistOrderId: payout.artist_order_id,
    orgId: payout.organization_id,
    artistName: payout.artist_name,
    amount: fromCents(payout.amount_cents),
    attempts: payout.attempt_count,
    firstAttemptedAt: payout.first_attempted_at.toISOString(),
    nextAttemptAt: payout.next_attempt_at?.toISOString() ?? null,
    lastError: payout.failure_reason,
  }
}

/**
 * Transfers the payouts that were left pending because the organization had no connected account yet (or the
 * transfer failed), now that it has one; only for orders that are paid (or later), never cancelled ones. Each order
 * is handled under the order lock shared with payment settlement and cancellation, its due payouts re-read there;
 * each transfer uses the payout's idempotency key and is recorded only while the payout is still pending — so a
 * payout is transferred exactly once however often (or concurrently) this runs. A failed attempt backs off (15 min
 * doubling to a day); a payout failing for a day is reported to the administrators once. `now` is the job's clock.
 */
export async function processPendingPayouts(
  container: MedusaContainer,
  options: { limit?: number; now?: Date } = {}
): Promise<ProcessPendingPayoutsResult> {
  const now = options.now ?? new Date()
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const candidates = await listTransferablePayouts(container, { dueAt: now, limit: options.limit ?? 500 })
  const orderIds = [...new Set(candidates.map((p) => p.gallery_order_id))]
  const locking: ILockingModule = container.resolve(Modules.LOCKING)
  let transferred = 0
  let failed = 0
  for (const orderId of orderIds) {
    try {
      await locking.execute(
        [galleryOrderLockKey(orderId)],
        async () => {
          const due = await listTransferablePayouts(container, { dueAt: now, orderId })
          if (!due.length) return
          const outcome = await payOrderPayouts(container, due, now)
          transferred += outcome.transferred
          failed += outcome.failed
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
  try {
    const reported = await reportFailingPayouts(container, now)
    if (reported) logger.warn(`process-pending-payouts: ${reported} payouts failing for over a day reported`)
  } catch (error) {
    logger.error(`process-pending-payouts: reporting failing payouts failed: ${messageOf(error)}`)
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
