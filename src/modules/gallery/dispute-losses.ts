import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import {
  DISPUTE_LEDGER_DESCRIPTIONS,
  disputeReductionLedgerKey,
  PAYOUT_DISPUTE_LOST_REASON,
  planDisputeLoss,
  planStoreDisputeReversal,
  type DisputeLossItem,
  type StoreDisputeReversalItem,
} from "../../lib/disputes"
import { insertLedgerEntries, type NewLedgerEntry } from "./ledger"
import { cutPendingPayout } from "./payouts"

/**
 * What a lost dispute takes back (docs/disputes.md, "Lost"): its plan, computed once when the dispute closes lost, the
 * cut of the unsent payouts, and the records of the reversals the outbox makes. Each runs in the transaction of the
 * dispute writer that calls it (disputes.ts, the gallery service), under the order's or the store payment's row lock.
 */

async function rows<T>(manager: SqlEntityManager, sql: string, bindings: unknown[]): Promise<T[]> {
  return (await manager.execute(sql, bindings)) as unknown as T[]
}

/**
 * A lost dispute's plan from the order as it is now (lib/disputes.ts planDisputeLoss): each sent payout's base is what
 * its ledger says is still with the artist (transfers less refunds' and earlier reversals), each unsent one's its
 * amount; the charge is the order's total less what was refunded on it (by Atelier or, as the provider reports, in
 * its dashboard).
 */
export async function planLoss(manager: SqlEntityManager, orderId: string, disputedCents: number): Promise<DisputeLossItem[]> {
  const payouts = await rows<{
    id: string
    organization_id: string
    artist_order_id: string
    status: "pending" | "transferred"
    amount_cents: number
    transfer_id: string | null
    sent_cents: string | number | null
  }>(
    manager,
    `SELECT p.id, p.organization_id, p.artist_order_id, p.status, p.amount_cents, p.transfer_id,
            (SELECT sum(l.sent_cents) FROM gallery_ledger_entry l
             WHERE l.artist_order_id = p.artist_order_id AND l.organization_id = p.organization_id AND l.deleted_at IS NULL
             HAVING count(*) FILTER (WHERE l.kind = 'transfer_sent') > 0) AS sent_cents
     FROM gallery_payout p
     WHERE p.gallery_order_id = ? AND p.status IN ('pending', 'transferred') AND p.deleted_at IS NULL
     ORDER BY p.created_at, p.id`,
    [orderId]
  )
  const [charge] = await rows<{ charge_cents: string | number }>(
    manager,
    `SELECT o.total_cents - greatest(o.provider_refunded_cents,
              (SELECT coalesce(sum(ao.refunded_cents), 0) FROM gallery_artist_order ao
               WHERE ao.gallery_order_id = o.id AND ao.deleted_at IS NULL)) AS charge_cents
     FROM gallery_order o WHERE o.id = ?`,
    [orderId]
  )
  return planDisputeLoss({
    disputedCents,
    chargeCents: Number(charge?.charge_cents ?? 0),
    payouts: payouts.map((p) => ({
      payoutId: p.id,
      organizationId: p.organization_id,
      artistOrderId: p.artist_order_id,
      status: p.status,
      baseCents:
        p.status === "transferred" && p.sent_cents !== null ? Math.max(0, Number(p.sent_cents)) : p.amount_cents,
      transferId: p.transfer_id,
    })),
  })
}

/**
 * A store payment's lost dispute's plan (lib/disputes.ts planStoreDisputeReversal) from the payment as it is now, under
 * its row lock: the destination charge (merchandise and shipping) and the application fee it kept; the transfer and
 * what refunds and earlier reversals took back of it, as its ledger says (ledger = provider). Null: nothing to reverse.
 */
export async function planStoreLoss(
  manager: SqlEntityManager,
  storePaymentId: string,
  disputedCents: number
): Promise<StoreDisputeReversalItem | null> {
  const [payment] = await rows<{
    id: string
    organization_id: string
    charge_cents: number | string
    platform_fee_cents: number
    transfer_id: string | null
    transfer_cents: number | string
    reversed_cents: number | string
  }>(
    manager,
    `SELECT s.id, s.organization_id, s.subtotal_cents + s.shipping_cents AS charge_cents, s.platform_fee_cents, s.transfer_id,
            (SELECT coalesce(sum(l.amount_cents), 0) FROM gallery_ledger_entry l
             WHERE l.store_payment_id = s.id AND l.kind = 'transfer_sent' AND l.deleted_at IS NULL) AS transfer_cents,
            (SELECT coalesce(sum(l.amount_cents), 0) FROM gallery_ledger_entry l
             WHERE l.store_payment_id = s.id AND l.kind IN ('refund_reversal', 'dispute_reversal') AND l.deleted_at IS NULL)
              AS reversed_cents
     FROM store_payment s WHERE s.id = ? AND s.deleted_at IS NULL FOR UPDATE`,
    [storePaymentId]
  )
  if (!payment) return null
  return planStoreDisputeReversal({
    storePaymentId: payment.id,
    organizationId: payment.organization_id,
    disputedCents,
    chargeCents: Number(payment.charge_cents),
    applicationFeeCents: payment.platform_fee_cents,
    transferCents: Number(payment.transfer_cents),
    alreadyReversedCents: Number(payment.reversed_cents),
    transferId: payment.transfer_id,
  })
}

/** Cuts each unsent payout by its share (failed at nothing left), each with its `transfer_reduced` entry. */
export async function cutUnsentPayouts(
  manager: SqlEntityManager,
  input: { disputeId: string; orderId: string; plan: DisputeLossItem[] }
): Promise<void> {
  const cuts = input.plan.filter((item) => item.action === "reduction")
  if (!cuts.length) return
  const [order] = await rows<{ public_id: string }>(manager, `SELECT public_id FROM gallery_order WHERE id = ?`, [input.orderId])
  const ledger: NewLedgerEntry[] = []
  for (const cut of cuts) {
    const reduced = await cutPendingPayout(manager, {
      payoutId: cut.payout_id,
      cents: cut.amount_cents,
      reason: PAYOUT_DISPUTE_LOST_REASON,
    })
    if (!reduced) throw new Error(`Payout ${cut.payout_id} could not be cut for dispute ${input.disputeId}`)
    ledger.push({
      key: disputeReductionLedgerKey(input.disputeId, cut.payout_id),
      organizationId: cut.organization_id,
      kind: "transfer_reduced",
      amountCents: cut.amount_cents,
      description: DISPUTE_LEDGER_DESCRIPTIONS.reduction(order?.public_id ?? ""),
      occurredAt: new Date(),
      galleryOrderId: input.orderId,
      artistOrderId: cut.artist_order_id,
      payoutId: cut.payout_id,
      disputeId: input.disputeId,
    })
  }
  await insertLedgerEntries(manager, ledger)
}

/**
 * Records the reversal a lost dispute took from one sent payout, once: its provider id in the dispute's plan (only
 * while the plan's item has none), its `dispute_reversal` ledger entry, and the payout `reversed` when nothing of it is
 * left with the artist; one transaction. False when it was recorded before (a replay).
 */
export async function recordDisputeReversal(
  manager: SqlEntityManager,
  input: { disputeId: string; payoutId: string; reversalId: string; ledger: NewLedgerEntry }
): Promise<boolean> {
  const updated = await rows<{ id: string }>(
    manager,
    `UPDATE gallery_dispute d
       SET loss_plan = (
             SELECT jsonb_agg(CASE WHEN x.e->>'payout_id' = ? THEN jsonb_set(x.e, '{reversal_id}', to_jsonb(?::text)) ELSE x.e END
                              ORDER BY x.ord)
             FROM jsonb_array_elements(d.loss_plan) WITH ORDINALITY AS x(e, ord)),
           updated_at = now()
     WHERE d.id = ? AND EXISTS (
       SELECT 1 FROM jsonb_array_elements(d.loss_plan) AS i(e)
       WHERE i.e->>'payout_id' = ? AND i.e->>'action' = 'reversal' AND i.e->>'reversal_id' IS NULL)
     RETURNING d.id`,
    [input.payoutId, input.reversalId, input.disputeId, input.payoutId]
  )
  if (updated.length !== 1) return false
  await insertLedgerEntries(manager, [input.ledger])
  await manager.execute(
    `UPDATE gallery_payout p
       SET status = 'reversed', reversal_id = ?, reversed_at = now(), updated_at = now()
     WHERE p.id = ? AND p.status = 'transferred' AND p.deleted_at IS NULL
       AND (SELECT coalesce(sum(l.sent_cents), 0) FROM gallery_ledger_entry l
            WHERE l.artist_order_id = p.artist_order_id AND l.organization_id = p.organization_id
              AND l.deleted_at IS NULL) <= 0`,
    [input.reversalId, input.payoutId]
  )
  return true
}

/** A store payment's dispute reversal as the provider made it, with its ledger entry (recordStoreDisputeReversal). */
export type StoreDisputeReversalRecord = {
  disputeId: string
  storePaymentId: string
  transferId: string
  reversalId: string
  ledger: NewLedgerEntry
}

/**
 * Records the reversal a lost dispute took from a store payment's destination transfer, once: the transfer and the
 * reversal's provider ids in the dispute's plan (only while its item has no reversal), and its `dispute_reversal`
 * ledger entry; one transaction. False when it was recorded before (a replay).
 */
export async function recordStoreDisputeReversal(manager: SqlEntityManager, input: StoreDisputeReversalRecord): Promise<boolean> {
  const updated = await rows<{ id: string }>(
    manager,
    `UPDATE gallery_dispute d
       SET loss_plan = (
             SELECT jsonb_agg(CASE WHEN x.e->>'action' = 'store_reversal' AND x.e->>'store_payment_id' = ?
                                   THEN x.e || jsonb_build_object('transfer_id', ?::text, 'reversal_id', ?::text)
                                   ELSE x.e END
                              ORDER BY x.ord)
             FROM jsonb_array_elements(d.loss_plan) WITH ORDINALITY AS x(e, ord)),
           updated_at = now()
     WHERE d.id = ? AND EXISTS (
       SELECT 1 FROM jsonb_array_elements(d.loss_plan) AS i(e)
       WHERE i.e->>'action' = 'store_reversal' AND i.e->>'store_payment_id' = ? AND i.e->>'reversal_id' IS NULL)
     RETURNING d.id`,
    [input.storePaymentId, input.transferId, input.reversalId, input.disputeId, input.storePaymentId]
  )
  if (updated.length !== 1) return false
  await insertLedgerEntries(manager, [input.ledger])
  return true
}
