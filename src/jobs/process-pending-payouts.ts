import type { IUserModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { fromCents } from "../lib/money"
import { isPayoutFailureAlertDue } from "../lib/payout-retries"
import { GALLERY_MODULE } from "../modules/gallery"
import type GalleryModuleService from "../modules/gallery/service"
import type { FailingPayout } from "../modules/gallery/service"
import { listTransferablePayouts } from "../queries/gallery-orders"
import { transferDuePayoutsOfOrder, type PayoutTransfersOutcome } from "../processes/settlement/order-payouts"
import { errorMessage } from "../lib/error-message"
import { runScheduledJob } from "../lib/scheduled-job"
import { sendNotificationsOnce } from "../workflows/common/notifications"

export type ProcessPendingPayoutsResult = PayoutTransfersOutcome

/** The administrators' email about a payout that has been failing for more than a day. */
export const PAYOUT_FAILING_TEMPLATE = "gallery-payout-failing"
export const PAYOUT_FAILING_TRIGGER = "gallery.payout.failing"

/** Failing payouts reported per run; the rest follow 15 minutes later. */
const ALERTS_PER_RUN = 100

/**
 * Emails every administrator (a Medusa admin user) once about each payout that has been failing for more than a
 * day. Sent before the payout is marked reported, with an idempotency key per payout and administrator, through
 * sendNotificationsOnce (docs/crash-safety.md, "Emails"), so a run that dies in between or mid-send sends nothing twice.
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
  for (const payout of failing) {
    await sendNotificationsOnce(
      container,
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
  let transferred = 0
  let failed = 0
  for (const orderId of orderIds) {
    try {
      const outcome = await transferDuePayoutsOfOrder(container, orderId, { now })
      transferred += outcome.transferred
      failed += outcome.failed
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
    logger.error(`process-pending-payouts: reporting failing payouts failed: ${errorMessage(error)}`)
  }
  return { transferred, failed }
}

/** Every 15 minutes. */
async function processPendingPayoutsJob(container: MedusaContainer) {
  await processPendingPayouts(container)
}

export const config = {
  name: "process-pending-payouts",
  schedule: "*/15 * * * *",
}

export default function (container: MedusaContainer) {
  return runScheduledJob(config.name, () => processPendingPayoutsJob(container))
}
