import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { LEDGER_DESCRIPTIONS, ledgerEntryKey } from "../../lib/ledger"
import { sqlKnex } from "../common/sql-manager"
import { insertLedgerEntriesPerRow, sqlLiteral } from "./ledger"
import { PENDING_BY_ID } from "./pending-guard"

/**
 * The gallery payouts' writes and reads, run by GalleryModuleService. A payout is created pending, one per artist
 * order, by the payment's statement (checkout.ts, markOrderPaid); the payouts job claims transfer attempts, records
 * their transfers or failures and reports lasting failures; a cancellation fails the pending ones (fulfilment.ts)
 * and reverses the transferred ones. A transfer and a reversal write their ledger entry in their own statement
 * (docs/payouts-ledger.md), keyed by the payout, only when the payout actually moved.
 */

export type NewPayoutInput = {
  artist_order_id: string
  organization_id: string
  amount_cents: number
}

export type CreatedPayout = NewPayoutInput & { id: string }

/** One transfer attempt the payouts job is about to make for a payout whose attempt count it read. */
export type PayoutAttemptClaim = { payoutId: string; attemptCount: number; nextAttemptAt: Date }

/** A pending payout whose transfer attempts have failed so far, with what an alert to the administrators says. */
export type FailingPayout = {
  id: string
  artist_order_id: string
  gallery_order_id: string
  organization_id: string
  amount_cents: number
  attempt_count: number
  first_attempted_at: Date
  next_attempt_at: Date | null
  failure_alerted_at: Date | null
  failure_reason: string | null
  public_id: string
  artist_name: string
}

/** The ledger entry of each payout a statement moved to transferred (`moved`: its RETURNING row). */
const TRANSFER_SENT_LEDGER = insertLedgerEntriesPerRow("moved", "transfer_sent", {
  key: `'${ledgerEntryKey("transfer_sent", "")}' || moved.id`,
  organizationId: "moved.organization_id",
  amountCents: "moved.amount_cents",
  description: sqlLiteral(LEDGER_DESCRIPTIONS.transferSent),
  occurredAt: "moved.transferred_at",
  galleryOrderId: "moved.gallery_order_id",
  artistOrderId: "moved.artist_order_id",
  payoutId: "moved.id",
  reference: "moved.transfer_id",
})

/**
 * pending -> transferred with each transfer's id, for several payouts in one statement that also writes each one's
 * `transfer_sent` ledger entry (its stored amount, the transfer id as reference); returns the ids of the payouts that
 * were still pending (and are now transferred).
 */
export async function recordPayoutTransfers(
  manager: SqlEntityManager,
  transfers: { payoutId: string; transferId: string; destination: string }[]
): Promise<string[]> {
  if (!transfers.length) return []
  const rows = (await manager.execute(
    `WITH moved AS (
       UPDATE gallery_payout p
       SET status = 'transferred', transfer_id = t.transfer_id, destination = t.destination, transferred_at = now(),
           failure_reason = NULL, updated_at = now()
       FROM jsonb_to_recordset(?::jsonb) AS t(payout_id text, transfer_id text, destination text)
       WHERE p.id = t.payout_id AND p.status = 'pending' AND p.deleted_at IS NULL
       RETURNING p.id, p.organization_id, p.amount_cents, p.gallery_order_id, p.artist_order_id, p.transfer_id,
                 p.transferred_at
     ),
     ${TRANSFER_SENT_LEDGER}
     SELECT id FROM moved`,
    [
      JSON.stringify(
        transfers.map((t) => ({ payout_id: t.payoutId, transfer_id: t.transferId, destination: t.destination }))
      ),
    ]
  )) as unknown as { id: string }[]
  return rows.map((r) => r.id)
}

/** Why the last transfer attempt failed; the payout stays pending, so the payouts job tries again. */
export async function recordPayoutFailure(
  manager: SqlEntityManager,
  input: { payoutId: string; reason: string }
): Promise<void> {
  await manager.execute(
    `UPDATE gallery_payout SET failure_reason = ?, updated_at = now()
       WHERE ${PENDING_BY_ID}`,
    [input.reason.slice(0, 1000), input.payoutId]
  )
}

/**
 * The ledger entry of a cancellation's reversal (`moved`: the payout now reversed): what the reversal took back is
 * what was still sent of its artist order, the transfer less the artist's share already taken back by refunds and
 * disputes (their entries), read from the ledger before this statement.
 */
const CANCELLATION_REVERSAL_LEDGER = insertLedgerEntriesPerRow(
  "moved",
  "refund_reversal",
  {
    key: `'${ledgerEntryKey("refund_reversal", "")}' || moved.id`,
    organizationId: "moved.organization_id",
    amountCents: "coalesce(still.sent_cents, moved.amount_cents)",
    description: sqlLiteral(LEDGER_DESCRIPTIONS.cancellationReversal),
    occurredAt: "moved.reversed_at",
    galleryOrderId: "moved.gallery_order_id",
    artistOrderId: "moved.artist_order_id",
    payoutId: "moved.id",
    reference: "moved.reversal_id",
  },
  `LEFT JOIN LATERAL (
       SELECT sum(l.sent_cents) AS sent_cents FROM gallery_ledger_entry l
       WHERE l.artist_order_id = moved.artist_order_id AND l.organization_id = moved.organization_id
         AND l.deleted_at IS NULL
       HAVING count(*) FILTER (WHERE l.kind = 'transfer_sent') > 0
     ) still ON true`
)

/**
 * transferred -> reversed with the reversal's id (guarded by the status, so it is recorded once), with the
 * `refund_reversal` ledger entry keyed by the payout in the same statement.
 */
export async function recordPayoutReversal(
  manager: SqlEntityManager,
  input: { payoutId: string; reversalId: string }
): Promise<void> {
  await manager.execute(
    `WITH moved AS (
       UPDATE gallery_payout
       SET status = 'reversed', reversal_id = ?, reversed_at = now(), failure_reason = NULL, updated_at = now()
       WHERE id = ? AND status = 'transferred'
       RETURNING id, organization_id, amount_cents, gallery_order_id, artist_order_id, reversal_id, reversed_at
     ),
     ${CANCELLATION_REVERSAL_LEDGER}
     SELECT count(*)::int AS reversed FROM moved`,
    [input.reversalId, input.payoutId]
  )
}

/** Why a payout's reversal failed (the payout stays transferred, so a repeated cancellation tries again). */
export async function recordPayoutReversalFailure(
  manager: SqlEntityManager,
  input: { payoutId: string; reason: string }
): Promise<void> {
  await manager.execute(
    `UPDATE gallery_payout SET failure_reason = ?, updated_at = now() WHERE id = ?`,
    [`reversal failed: ${input.reason}`.slice(0, 1000), input.payoutId]
  )
}

// ----------------------------------------------------------------------------------------------------------
// Payout retries (the payouts job)

/**
 * Records the start of a transfer attempt for each payout, before the provider is called, so that a process that
 * dies during the call still leaves the attempt (and its back-off) behind: attempt_count + 1, first_attempted_at
 * (kept once set), next_attempt_at (when a retry is due should this attempt fail). A claim applies only while the
 * payout is pending with the attempt count the caller read, so two runs never claim one attempt; returns the ids
 * of the payouts claimed.
 */
export async function claimPayoutAttempts(
  manager: SqlEntityManager,
  input: { attemptedAt: Date; claims: PayoutAttemptClaim[] }
): Promise<string[]> {
  if (!input.claims.length) return []
  const rows = (await manager.execute(
    `UPDATE gallery_payout p
       SET attempt_count = p.attempt_count + 1, first_attempted_at = coalesce(p.first_attempted_at, ?),
           next_attempt_at = c.next_attempt_at, updated_at = now()
       FROM jsonb_to_recordset(?::jsonb) AS c(payout_id text, attempt_count integer, next_attempt_at timestamptz)
       WHERE p.id = c.payout_id AND p.attempt_count = c.attempt_count AND p.status = 'pending'
         AND p.deleted_at IS NULL
       RETURNING p.id`,
    [
      input.attemptedAt,
      JSON.stringify(
        input.claims.map((c) => ({
          payout_id: c.payoutId,
          attempt_count: c.attemptCount,
          next_attempt_at: c.nextAttemptAt.toISOString(),
        }))
      ),
    ]
  )) as unknown as { id: string }[]
  return rows.map((r) => r.id)
}

/**
 * Pending payouts that have been attempted and whose failure has not been reported to the administrators yet,
 * first attempted first, with what an alert says about them.
 */
export async function listUnreportedFailingPayouts(
  manager: SqlEntityManager,
  input: { limit: number }
): Promise<FailingPayout[]> {
  const rows = (await manager.execute(
    `SELECT p.id, p.artist_order_id, p.gallery_order_id, p.organization_id, p.amount_cents, p.attempt_count,
              p.first_attempted_at, p.next_attempt_at, p.failure_alerted_at, p.failure_reason, o.public_id,
              ao.artist_name
       FROM gallery_payout p
       JOIN gallery_order o ON o.id = p.gallery_order_id
       JOIN gallery_artist_order ao ON ao.id = p.artist_order_id
       WHERE p.status = 'pending' AND p.deleted_at IS NULL AND p.first_attempted_at IS NOT NULL
         AND p.failure_alerted_at IS NULL
       ORDER BY p.first_attempted_at ASC, p.id ASC
       LIMIT ?`,
    [Math.max(1, Math.floor(input.limit))]
  )) as unknown as FailingPayout[]
  return rows.map((r) => ({
    ...r,
    first_attempted_at: new Date(r.first_attempted_at),
    next_attempt_at: r.next_attempt_at === null ? null : new Date(r.next_attempt_at),
    failure_alerted_at: r.failure_alerted_at === null ? null : new Date(r.failure_alerted_at),
  }))
}

/** Records that the administrators were told about these payouts' failures (the first time only). */
export async function markPayoutFailuresReported(
  manager: SqlEntityManager,
  input: { payoutIds: string[]; reportedAt: Date }
): Promise<void> {
  if (!input.payoutIds.length) return
  await sqlKnex(manager).raw(
    `UPDATE gallery_payout SET failure_alerted_at = ?, updated_at = now()
       WHERE id = ANY(?::text[]) AND failure_alerted_at IS NULL AND deleted_at IS NULL`,
    [input.reportedAt, input.payoutIds]
  )
}

/**
 * Makes a payout not sent yet smaller by `cents` (a refund's or a lost dispute's share); one cut to nothing becomes
 * `failed` with `reason` and is never sent. False when the payout is no longer pending or holds less than that.
 */
export async function cutPendingPayout(
  manager: SqlEntityManager,
  input: { payoutId: string; cents: number; reason: string }
): Promise<boolean> {
  const reduced = (await manager.execute(
    `UPDATE gallery_payout
       SET amount_cents = amount_cents - ?,
           status = CASE WHEN amount_cents - ? = 0 THEN 'failed' ELSE status END,
           failure_reason = CASE WHEN amount_cents - ? = 0 THEN ? ELSE failure_reason END,
           updated_at = now()
     WHERE id = ? AND status = 'pending' AND amount_cents >= ? AND deleted_at IS NULL
     RETURNING id`,
    [input.cents, input.cents, input.cents, input.reason, input.payoutId, input.cents]
  )) as unknown as { id: string }[]
  return reduced.length === 1
}
