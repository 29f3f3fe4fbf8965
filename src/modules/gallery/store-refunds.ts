import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { MedusaError } from "@medusajs/framework/utils"
import type { OutboxMessageInput } from "../../lib/outbox"
import { disputeRefusal, REFUND_MESSAGES } from "../../lib/refunds"
import type { StoreRefundPlan } from "../../lib/store-refunds"
import { paymentDisputeState } from "./dispute-state"
import { insertLedgerEntries, type NewLedgerEntry } from "./ledger"
import type { REFUND_SOURCES } from "./models/refund"
import { insertOutboxMessages } from "./outbox"

/**
 * The gallery service's writes of artist-store refunds (models/store-refund.ts, docs/refunds.md "Store orders"). A
 * refund is recorded in one transaction under its store payment's row lock: the store payment's refunded amount,
 * shipping, returned application fee and per-line quantities, the refund (`pending`) and the outbox message that moves
 * the money. Every limit is a guard of the statement as well as a rule of lib/store-refunds.ts, so two refunds racing
 * can never together give back more than was paid, even without the application's lock.
 */

export type RecordStoreRefundInput = {
  refundId: string
  storePaymentId: string
  organizationId: string
  source: (typeof REFUND_SOURCES)[number]
  reason: string
  requestedBy: string | null
  plan: StoreRefundPlan
  outbox: OutboxMessageInput[]
}

function refused(message: string): never {
  throw new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

/** Records a planned store refund (see above); throws INVALID_DATA when a guard finds it would pass what was paid. */
export async function recordStoreRefund(manager: SqlEntityManager, input: RecordStoreRefundInput): Promise<void> {
  const locked = (await manager.execute(
    `SELECT id, status, order_id FROM store_payment WHERE id = ? AND organization_id = ? AND deleted_at IS NULL FOR UPDATE`,
    [input.storePaymentId, input.organizationId]
  )) as unknown as { id: string; status: string; order_id: string | null }[]
  const payment = locked[0]
  if (!payment?.order_id) refused(REFUND_MESSAGES.refundFailed)
  if (payment.status === "cancelled") refused(REFUND_MESSAGES.orderCancelled)
  // A dispute opened or lost since the refund was planned (the lost dispute's reversal locks this row too).
  const disputed = disputeRefusal(await paymentDisputeState(manager, { storePaymentId: input.storePaymentId }))
  if (disputed) refused(disputed)
  const { plan } = input
  const items = plan.items.map((item) => ({ id: item.line_id, quantity: item.quantity }))

  // Paid; within the charge, its shipping and its fee; each line within what was sold (unknown lines refused).
  const updated = (await manager.execute(
    `UPDATE store_payment s
       SET refunded_cents = s.refunded_cents + ?,
           refunded_shipping_cents = s.refunded_shipping_cents + ?,
           refunded_fee_cents = s.refunded_fee_cents + ?,
           refunded_quantities = s.refunded_quantities || coalesce((
             SELECT jsonb_object_agg(r.id, coalesce((s.refunded_quantities->>r.id)::int, 0) + r.quantity)
             FROM jsonb_to_recordset(?::jsonb) AS r(id text, quantity integer)), '{}'::jsonb),
           updated_at = now()
       WHERE s.id = ? AND s.status = 'paid' AND s.deleted_at IS NULL
         AND ? > 0 AND ? >= 0 AND ? >= 0
         AND s.refunded_cents + ? <= s.subtotal_cents + s.shipping_cents
         AND s.refunded_shipping_cents + ? <= s.shipping_cents
         AND s.refunded_fee_cents + ? <= s.platform_fee_cents
         AND NOT EXISTS (
           SELECT 1 FROM jsonb_to_recordset(?::jsonb) AS r(id text, quantity integer)
           LEFT JOIN jsonb_to_recordset(s.items) AS i(id text, quantity integer) ON i.id = r.id
           WHERE i.id IS NULL OR r.quantity IS NULL OR r.quantity <= 0
              OR coalesce((s.refunded_quantities->>r.id)::int, 0) + r.quantity > i.quantity)
       RETURNING s.id`,
    [
      plan.amountCents,
      plan.shippingCents,
      plan.applicationFeeCents,
      JSON.stringify(items),
      input.storePaymentId,
      plan.amountCents,
      plan.shippingCents,
      plan.applicationFeeCents,
      plan.amountCents,
      plan.shippingCents,
      plan.applicationFeeCents,
      JSON.stringify(items),
    ]
  )) as unknown as { id: string }[]
  if (updated.length !== 1) refused(REFUND_MESSAGES.refundFailed)

  await manager.execute(
    `INSERT INTO store_refund
       (id, store_payment_id, order_id, organization_id, source, reason, items, merchandise_cents, shipping_cents,
        amount_cents, application_fee_cents, artist_share_cents, status, requested_by)
     VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, 'pending', ?)`,
    [
      input.refundId,
      input.storePaymentId,
      payment.order_id,
      input.organizationId,
      input.source,
      input.reason,
      JSON.stringify(plan.items),
      plan.merchandiseCents,
      plan.shippingCents,
      plan.amountCents,
      plan.applicationFeeCents,
      plan.artistShareCents,
      input.requestedBy,
    ]
  )
  await insertOutboxMessages(manager, input.outbox)
}

/**
 * Stores the provider's refund id and the transfer reversal it made (the first stored wins: a replay under the same
 * key returns the same refund).
 */
export async function recordStoreProviderRefund(
  manager: SqlEntityManager,
  input: { refundId: string; providerRefundId: string; reversalId: string | null }
): Promise<void> {
  await manager.execute(
    `UPDATE store_refund SET provider_refund_id = ?, reversal_id = coalesce(reversal_id, ?), failure_reason = NULL,
         updated_at = now()
       WHERE id = ? AND provider_refund_id IS NULL`,
    [input.providerRefundId, input.reversalId, input.refundId]
  )
}

/**
 * pending -> succeeded with the artist's reversal in the ledger and the outbox messages that tell people, in one
 * transaction; false when the refund was no longer pending (nothing is written).
 */
export async function completeStoreRefund(
  manager: SqlEntityManager,
  input: { refundId: string; ledger: NewLedgerEntry[]; outbox: OutboxMessageInput[] }
): Promise<boolean> {
  const rows = (await manager.execute(
    `UPDATE store_refund SET status = 'succeeded', refunded_at = now(), failure_reason = NULL, updated_at = now()
       WHERE id = ? AND status = 'pending' AND provider_refund_id IS NOT NULL AND deleted_at IS NULL
       RETURNING id`,
    [input.refundId]
  )) as unknown as { id: string }[]
  if (rows.length !== 1) return false
  await insertLedgerEntries(manager, input.ledger)
  await insertOutboxMessages(manager, input.outbox)
  return true
}

/** Why the last attempt to move a store refund's money failed (it stays pending; the outbox tries again). */
export async function recordStoreRefundFailure(
  manager: SqlEntityManager,
  input: { refundId: string; reason: string }
): Promise<void> {
  await manager.execute(
    `UPDATE store_refund SET failure_reason = ?, updated_at = now() WHERE id = ? AND status = 'pending'`,
    [input.reason.slice(0, 1000), input.refundId]
  )
}
