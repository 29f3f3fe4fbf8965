import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { MedusaError } from "@medusajs/framework/utils"
import type { OutboxMessageInput } from "../../lib/outbox"
import { disputeRefusal, providerRefundAllocationRefusal, REFUND_MESSAGES, type RefundPlan } from "../../lib/refunds"
import { paymentDisputeState } from "./dispute-state"
import { insertLedgerEntries, type NewLedgerEntry } from "./ledger"
import { lockGalleryOrder } from "./fulfilment"
import { insertOutboxMessages } from "./outbox"
import { cutPendingPayout } from "./payouts"

/**
 * The gallery service's refund writes (models/refund.ts, docs/refunds.md). A refund is recorded in one transaction
 * under its gallery order's row lock (the lock shipments and cancellations take): the refund, its items' and artist
 * order's refunded amounts, an unsent payout made smaller with its ledger entry, and the outbox message that moves
 * the money. Every amount is guarded in SQL as well as planned in lib/refunds.ts, so two refunds racing can never
 * together give back more than was paid, even without the application lock.
 */

export type RecordRefundInput = {
  refundId: string
  galleryOrderId: string
  artistOrderId: string
  organizationId: string
  source: "artist" | "admin" | "return" | "provider"
  /** The received return this refund pays back (source `return`): linked once, or the refund is refused. */
  returnId?: string | null
  /** The refund made in Stripe's dashboard this one records (source `provider`): no new refund is made for it. */
  providerRefund?: ProviderRefund | null
  reason: string
  requestedBy: string | null
  plan: RefundPlan
  /** What the customer paid for the artist order (lib/refunds.ts artistOrderChargeCents): refunds never pass it. */
  chargeCents: number
  /** `reduction`: the payout (`payoutId`) is still pending and is made smaller by the artist's share. */
  payoutAction: "reversal" | "reduction" | "none"
  payoutId: string | null
  /** The entries of a reduction (transfer_reduced), written in this transaction. */
  ledger: NewLedgerEntry[]
  outbox: OutboxMessageInput[]
}

/** A refund made at the provider, as it reports it. */
export type ProviderRefund = { id: string; amountCents: number; status: string }

/** Why a payout refunded in full before its transfer is never transferred. */
export const PAYOUT_REFUNDED_REASON = "refunded_before_transfer"

function refused(message: string): never {
  throw new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

/** Records a planned refund (see above); throws INVALID_DATA when a guard finds it would pass what was paid. */
export async function recordRefund(manager: SqlEntityManager, input: RecordRefundInput): Promise<void> {
  const locked = await lockGalleryOrder(manager, input.galleryOrderId)
  if (!locked) refused(REFUND_MESSAGES.refundFailed)
  if (locked.parent.status === "cancelled") refused(REFUND_MESSAGES.orderCancelled)
  // A dispute opened or lost since the refund was planned (dispute events lock this order's row too).
  const disputed = disputeRefusal(await paymentDisputeState(manager, { galleryOrderId: input.galleryOrderId }))
  if (disputed) refused(disputed)
  const { plan } = input

  if (plan.items.length) {
    const updated = (await manager.execute(
      `UPDATE gallery_artist_order_item i
         SET refunded_quantity = i.refunded_quantity + r.quantity, updated_at = now()
         FROM jsonb_to_recordset(?::jsonb) AS r(artist_order_item_id text, quantity integer)
         WHERE i.id = r.artist_order_item_id AND i.artist_order_id = ? AND i.deleted_at IS NULL
           AND r.quantity > 0 AND i.refunded_quantity + r.quantity <= i.quantity
         RETURNING i.id`,
      [JSON.stringify(plan.items), input.artistOrderId]
    )) as unknown as { id: string }[]
    if (updated.length !== plan.items.length) refused(REFUND_MESSAGES.refundFailed)
  }

  const artistOrders = (await manager.execute(
    `UPDATE gallery_artist_order
       SET refunded_cents = refunded_cents + ?, refunded_shipping_cents = refunded_shipping_cents + ?,
           refunded_share_cents = refunded_share_cents + ?, refunded_merchandise_cents = refunded_merchandise_cents + ?,
           updated_at = now()
       WHERE id = ? AND organization_id = ? AND status <> 'pending' AND deleted_at IS NULL
         AND refunded_cents + ? <= ? AND refunded_shipping_cents + ? <= shipping_cents
         AND refunded_share_cents + ? <= payout_cents
       RETURNING id`,
    [
      plan.amountCents,
      plan.shippingCents,
      plan.artistShareCents,
      plan.merchandiseCents,
      input.artistOrderId,
      input.organizationId,
      plan.amountCents,
      input.chargeCents,
      plan.shippingCents,
      plan.artistShareCents,
    ]
  )) as unknown as { id: string }[]
  if (artistOrders.length !== 1) refused(REFUND_MESSAGES.refundFailed)

  await manager.execute(
    `UPDATE gallery_order SET refunded_merchandise_cents = refunded_merchandise_cents + ?, updated_at = now() WHERE id = ?`,
    [plan.merchandiseCents, input.galleryOrderId]
  )
  const totals = (await manager.execute(
    `SELECT o.total_cents >= coalesce(sum(ao.refunded_cents), 0) AS within
       FROM gallery_order o JOIN gallery_artist_order ao ON ao.gallery_order_id = o.id AND ao.deleted_at IS NULL
       WHERE o.id = ? GROUP BY o.id, o.total_cents`,
    [input.galleryOrderId]
  )) as unknown as { within: boolean }[]
  if (!totals[0]?.within) refused(REFUND_MESSAGES.refundFailed)

  if (input.payoutAction === "reduction") {
    if (!input.payoutId) refused(REFUND_MESSAGES.refundFailed)
    const cut = await cutPendingPayout(manager, {
      payoutId: input.payoutId,
      cents: plan.artistShareCents,
      reason: PAYOUT_REFUNDED_REASON,
    })
    if (!cut) refused(REFUND_MESSAGES.refundFailed)
  }

  if (input.returnId) {
    const linked = (await manager.execute(
      `UPDATE gallery_return SET refund_id = ?, updated_at = now()
         WHERE id = ? AND artist_order_id = ? AND status = 'received' AND refund_id IS NULL RETURNING id`,
      [input.refundId, input.returnId, input.artistOrderId]
    )) as unknown as { id: string }[]
    if (linked.length !== 1) refused(REFUND_MESSAGES.refundFailed)
  }

  if (input.providerRefund) await guardProviderRefund(manager, input.galleryOrderId, input.providerRefund, plan.amountCents)

  await manager.execute(
    `INSERT INTO gallery_refund
       (id, gallery_order_id, artist_order_id, organization_id, source, reason, items, merchandise_cents, shipping_cents,
        gallery_fee_cents, processing_fee_cents, amount_cents, artist_share_cents, payout_action, status, requested_by,
        return_id, provider_refund_id)
     VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
    [
      input.refundId,
      input.galleryOrderId,
      input.artistOrderId,
      input.organizationId,
      input.source,
      input.reason,
      JSON.stringify(plan.items),
      plan.merchandiseCents,
      plan.shippingCents,
      plan.galleryFeeCents,
      plan.processingFeeCents,
      plan.amountCents,
      plan.artistShareCents,
      input.payoutAction,
      input.requestedBy,
      input.returnId ?? null,
      input.providerRefund?.id ?? null,
    ]
  )
  await insertLedgerEntries(manager, input.ledger)
  await insertOutboxMessages(manager, input.outbox)
}

/** Stores the provider's refund id (the first one stored wins: a replay under the same key returns the same id). */
export async function recordProviderRefund(
  manager: SqlEntityManager,
  input: { refundId: string; providerRefundId: string }
): Promise<void> {
  await manager.execute(
    `UPDATE gallery_refund SET provider_refund_id = ?, failure_reason = NULL, updated_at = now()
       WHERE id = ? AND provider_refund_id IS NULL`,
    [input.providerRefundId, input.refundId]
  )
}

/**
 * pending -> succeeded, with the reversal of the artist's share (if one was made) and its ledger entry, and the
 * outbox messages that tell people about it, in one transaction; false when the refund was no longer pending.
 */
export async function completeRefund(
  manager: SqlEntityManager,
  input: { refundId: string; reversalId: string | null; ledger: NewLedgerEntry[]; outbox: OutboxMessageInput[] }
): Promise<boolean> {
  const rows = (await manager.execute(
    `UPDATE gallery_refund SET status = 'succeeded', reversal_id = coalesce(reversal_id, ?), refunded_at = now(),
         failure_reason = NULL, updated_at = now()
       WHERE id = ? AND status = 'pending' AND provider_refund_id IS NOT NULL
       RETURNING id`,
    [input.reversalId, input.refundId]
  )) as unknown as { id: string }[]
  if (rows.length !== 1) return false
  await insertLedgerEntries(manager, input.ledger)
  await insertOutboxMessages(manager, input.outbox)
  return true
}

/** Why the last attempt to move a refund's money failed (the refund stays pending; the outbox tries again). */
export async function recordRefundFailure(
  manager: SqlEntityManager,
  input: { refundId: string; reason: string }
): Promise<void> {
  await manager.execute(
    `UPDATE gallery_refund SET failure_reason = ?, updated_at = now() WHERE id = ? AND status = 'pending'`,
    [input.reason.slice(0, 1000), input.refundId]
  )
}

/**
 * Under the gallery order's row lock: a refund made in the provider's dashboard is recorded only if Atelier did not
 * make it (no refund record of another source, not the order's cancellation refund) and its records together stay
 * within what it refunded (lib/refunds.ts providerRefundAllocationRefusal).
 */
async function guardProviderRefund(
  manager: SqlEntityManager,
  galleryOrderId: string,
  providerRefund: ProviderRefund,
  amountCents: number
): Promise<void> {
  const [recorded] = (await manager.execute(
    `SELECT coalesce(sum(r.amount_cents) FILTER (WHERE r.source = 'provider'), 0)::int AS recorded_cents,
            (count(*) FILTER (WHERE r.source <> 'provider') > 0
              OR EXISTS (SELECT 1 FROM gallery_order o WHERE o.id = ? AND o.refund_id = ?)) AS made_by_atelier
       FROM gallery_refund r WHERE r.provider_refund_id = ? AND r.deleted_at IS NULL`,
    [galleryOrderId, providerRefund.id, providerRefund.id]
  )) as unknown as { recorded_cents: number; made_by_atelier: boolean }[]
  const refusal = providerRefundAllocationRefusal({
    providerRefundId: providerRefund.id,
    providerAmountCents: providerRefund.amountCents,
    providerStatus: providerRefund.status,
    recordedCents: recorded?.recorded_cents ?? 0,
    madeByAtelier: recorded?.made_by_atelier ?? false,
    amountCents,
  })
  if (refusal) refused(refusal)
}
