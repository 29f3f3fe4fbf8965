import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import {
  disputeHoldReason,
  disputeOutcome,
  isOpenDisputeStatus,
  type DisputeFacts,
  type DisputeOutcome,
  type DisputeStatus,
} from "../../lib/disputes"
import { entityId } from "../../lib/entity-id"
import {
  disputeChangedMessages,
  disputeReversalMessages,
  disputeTransfersMessages,
  providerRefundReportedMessages,
  type OutboxMessageInput,
} from "../../lib/outbox"
import { cutUnsentPayouts, planLoss, planStoreLoss } from "./dispute-losses"
import { lockGalleryOrder } from "./fulfilment"
import { insertOutboxMessages } from "./outbox"

/**
 * The gallery service's dispute writes (models/dispute.ts, docs/disputes.md). Every event of a dispute is recorded in
 * ONE transaction with what it does, under its gallery order's row lock (the lock refunds, shipments and cancellations
 * take): opening holds the order's unsent payouts and queues the emails; closing won releases them and queues their
 * transfers; closing lost plans what comes back from each artist, cuts the unsent payouts (ledger `transfer_reduced`)
 * and queues the reversals of the sent ones; closing a store payment's dispute lost plans the reversal of its
 * destination transfer and queues it. A redelivered event finds the row as it left it and changes nothing.
 */

/** What recording a dispute event did. */
export type DisputeChange =
  | { outcome: "unknown" }
  | {
      outcome: "recorded"
      disputeId: string
      galleryOrderId: string | null
      storePaymentId: string | null
      status: DisputeStatus
      /** Whether this event changed the dispute (false: a replay, or an event older than what is recorded). */
      changed: boolean
      /** Outbox messages were queued by this transaction (dispatch them now). */
      queued: boolean
    }

type DisputeRow = {
  id: string
  gallery_order_id: string | null
  store_payment_id: string | null
  status: DisputeStatus
  amount_cents: number
}

type Rows<T> = T[]

async function rows<T>(manager: SqlEntityManager, sql: string, bindings: unknown[]): Promise<Rows<T>> {
  return (await manager.execute(sql, bindings)) as unknown as Rows<T>
}

/** The order or store payment a dispute's payment names (by its intent); null when Atelier has no such payment. */
async function findTarget(
  manager: SqlEntityManager,
  paymentIntentId: string | null
): Promise<{ galleryOrderId: string | null; storePaymentId: string | null } | null> {
  if (!paymentIntentId) return null
  const [order] = await rows<{ id: string }>(
    manager,
    `SELECT id FROM gallery_order WHERE payment_intent_id = ? AND deleted_at IS NULL`,
    [paymentIntentId]
  )
  if (order) return { galleryOrderId: order.id, storePaymentId: null }
  const [payment] = await rows<{ id: string }>(
    manager,
    `SELECT id FROM store_payment WHERE payment_intent_id = ? AND deleted_at IS NULL`,
    [paymentIntentId]
  )
  if (payment) return { galleryOrderId: null, storePaymentId: payment.id }
  return null
}

/**
 * Records one `charge.dispute.*` event (see above). A dispute already closed never changes again, so an `updated`
 * delivered after the `closed` one is ignored; a `closed` that arrives first records the dispute closed.
 */
export async function recordDisputeEvent(manager: SqlEntityManager, facts: DisputeFacts): Promise<DisputeChange> {
  const [known] = await rows<DisputeRow>(
    manager,
    `SELECT id, gallery_order_id, store_payment_id, status, amount_cents FROM gallery_dispute
     WHERE provider_dispute_id = ? AND deleted_at IS NULL`,
    [facts.providerDisputeId]
  )
  const target = known
    ? { galleryOrderId: known.gallery_order_id, storePaymentId: known.store_payment_id }
    : await findTarget(manager, facts.paymentIntentId)
  if (!target) return { outcome: "unknown" }

  // The order's row lock first (as every write of the order's money takes it), then the dispute's.
  const locked = target.galleryOrderId ? await lockGalleryOrder(manager, target.galleryOrderId) : null
  const [existing] = await rows<DisputeRow>(
    manager,
    `SELECT id, gallery_order_id, store_payment_id, status, amount_cents FROM gallery_dispute
     WHERE provider_dispute_id = ? AND deleted_at IS NULL FOR UPDATE`,
    [facts.providerDisputeId]
  )
  const open = isOpenDisputeStatus(facts.status)
  const outcome = disputeOutcome(facts.status)
  const unchanged = (disputeId: string, status: DisputeStatus): DisputeChange => ({
    outcome: "recorded",
    disputeId,
    galleryOrderId: target.galleryOrderId,
    storePaymentId: target.storePaymentId,
    status,
    changed: false,
    queued: false,
  })

  let disputeId: string
  let statusChanged: boolean
  if (!existing) {
    disputeId = entityId("gdsp")
    const inserted = await rows<{ id: string }>(
      manager,
      `INSERT INTO gallery_dispute
         (id, provider_dispute_id, gallery_order_id, store_payment_id, charge_id, payment_intent_id, amount_cents,
          currency_code, reason, status, evidence_due_by, opened_at, closed_at, outcome)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (provider_dispute_id) WHERE deleted_at IS NULL DO NOTHING
       RETURNING id`,
      [
        disputeId,
        facts.providerDisputeId,
        target.galleryOrderId,
        target.storePaymentId,
        facts.chargeId,
        facts.paymentIntentId,
        facts.amountCents,
        facts.currency,
        facts.reason,
        facts.status,
        facts.evidenceDueBy?.toISOString() ?? null,
        (facts.openedAt ?? new Date()).toISOString(),
        open ? null : new Date().toISOString(),
        outcome,
      ]
    )
    // Another delivery of the event inserted it meanwhile (store payments take no order lock): the provider retries.
    if (inserted.length !== 1) throw new Error(`Dispute ${facts.providerDisputeId} was recorded concurrently`)
    statusChanged = true
  } else {
    disputeId = existing.id
    if (!isOpenDisputeStatus(existing.status)) return unchanged(disputeId, existing.status)
    statusChanged = existing.status !== facts.status
    await manager.execute(
      `UPDATE gallery_dispute
         SET status = ?, amount_cents = ?, reason = ?, evidence_due_by = coalesce(?, evidence_due_by),
             charge_id = coalesce(charge_id, ?), closed_at = ?, outcome = ?, updated_at = now()
       WHERE id = ?`,
      [
        facts.status,
        facts.amountCents,
        facts.reason,
        facts.evidenceDueBy?.toISOString() ?? null,
        facts.chargeId,
        open ? null : new Date().toISOString(),
        outcome,
        disputeId,
      ]
    )
  }

  const outbox: OutboxMessageInput[] = []
  if (statusChanged) outbox.push(...disputeChangedMessages(disputeId, facts.status))
  const orderId = locked ? target.galleryOrderId : null
  if (orderId) {
    const hold = disputeHoldReason(disputeId)
    if (open) {
      // Unsent payouts wait for the dispute's end (lists of transferable payouts skip held ones).
      await manager.execute(
        `UPDATE gallery_payout SET held_at = now(), held_reason = ?, updated_at = now()
         WHERE gallery_order_id = ? AND status = 'pending' AND held_at IS NULL AND deleted_at IS NULL`,
        [hold, orderId]
      )
    } else if (outcome === "lost") {
      const plan = await planLoss(manager, orderId, facts.amountCents)
      await cutUnsentPayouts(manager, { disputeId, orderId, plan })
      await manager.execute(`UPDATE gallery_dispute SET loss_plan = ?::jsonb WHERE id = ?`, [JSON.stringify(plan), disputeId])
      if (plan.some((item) => item.action === "reversal")) outbox.push(...disputeReversalMessages(disputeId))
    }
    if (!open) {
      // Whatever is left unsent (all of it when won) goes out again.
      await manager.execute(
        `UPDATE gallery_payout SET held_at = NULL, held_reason = NULL, updated_at = now()
         WHERE gallery_order_id = ? AND held_reason = ? AND deleted_at IS NULL`,
        [orderId, hold]
      )
      outbox.push(...disputeTransfersMessages(disputeId))
    }
  }
  if (!orderId && target.storePaymentId && outcome === "lost") {
    // A store payment's destination transfer: its reversal planned once, now, and made through the outbox.
    const item = await planStoreLoss(manager, target.storePaymentId, facts.amountCents)
    await manager.execute(`UPDATE gallery_dispute SET loss_plan = ?::jsonb WHERE id = ?`, [
      JSON.stringify(item ? [item] : []),
      disputeId,
    ])
    if (item) outbox.push(...disputeReversalMessages(disputeId))
  }
  await insertOutboxMessages(manager, outbox)
  return {
    outcome: "recorded",
    disputeId,
    galleryOrderId: target.galleryOrderId,
    storePaymentId: target.storePaymentId,
    status: facts.status,
    changed: true,
    queued: outbox.length > 0,
  }
}

/**
 * What the provider reports refunded on a gallery order's charge (`charge.refunded`): the order keeps the largest total
 * reported (events may arrive out of order), and each refund Atelier did not make (`unknownRefundIds`) queues the
 * administrators' email, in one transaction. Null when no gallery order has that intent.
 */
export async function recordProviderRefundReport(
  manager: SqlEntityManager,
  input: { paymentIntentId: string; amountRefundedCents: number; unknownRefundIds: string[] }
): Promise<{ galleryOrderId: string; queued: boolean } | null> {
  const [order] = await rows<{ id: string }>(
    manager,
    `UPDATE gallery_order SET provider_refunded_cents = greatest(provider_refunded_cents, ?), updated_at = now()
     WHERE payment_intent_id = ? AND deleted_at IS NULL RETURNING id`,
    [input.amountRefundedCents, input.paymentIntentId]
  )
  if (!order) return null
  const outbox = input.unknownRefundIds.flatMap((refundId) => providerRefundReportedMessages(order.id, refundId))
  await insertOutboxMessages(manager, outbox)
  return { galleryOrderId: order.id, queued: outbox.length > 0 }
}

export { recordDisputeReversal, recordStoreDisputeReversal, type StoreDisputeReversalRecord } from "./dispute-losses"
export type { DisputeOutcome }
