import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { MedusaError } from "@medusajs/framework/utils"
import { entityId } from "../../lib/entity-id"
import type { ShippingAddress } from "../../lib/gallery-checkout"
import { preparedStatement, runPrepared } from "../common/prepared-statement"
import { sqlKnex } from "../common/sql-manager"
import type { StorePaymentItem, StorePaymentStatus } from "./models/store-payment"
import { insertLedgerEntriesIf, ledgerEntryRows, type NewLedgerEntry } from "./ledger"
import { outboxRecordset, queueOutboxIfPaid, type NewOutboxMessage } from "./outbox"
import { PENDING_BY_ID } from "./pending-guard"

/**
 * The artist-store checkout's payments (models/store-payment.ts), run by GalleryModuleService: recorded pending for
 * their payment intent, then paid with their Medusa order (and the outbox messages of the sale), cancelled out of
 * stock, or left pending with the reason of a failed attempt.
 */

export type NewStorePayment = {
  organization_id: string
  payment_intent_id: string
  origin: "payment_intent" | "checkout_session"
  checkout_session_id: string | null
  customer_email: string
  items: StorePaymentItem[]
  subtotal_cents: number
  commission_basis_points: number
  platform_fee_cents: number
  /** Shipping charged on top of the merchandise (0: none) and what it was for (docs/store-checkout.md "Shipping"). */
  shipping_cents: number
  shipping_option_id: string | null
  shipping_option_name: string | null
  shipping_address: ShippingAddress | null
  referral_session_id: string | null
}

export type StorePaymentRow = NewStorePayment & {
  id: string
  currency: string
  status: StorePaymentStatus
  order_id: string | null
  payment_failure: string | null
  refund_id: string | null
  /** The destination charge's automatic transfer (`tr_...`), stored at settlement; null when not known. */
  transfer_id: string | null
  paid_at: Date | null
  cancelled_at: Date | null
  created_at: Date
}

/** The columns of a store payment as the settlement reads them. */
const STORE_PAYMENT_COLUMNS = `id, organization_id, payment_intent_id, origin, checkout_session_id, customer_email, items,
  subtotal_cents, commission_basis_points, platform_fee_cents, shipping_cents, shipping_option_id, shipping_option_name,
  shipping_address, currency, referral_session_id, status, order_id, payment_failure, refund_id, transfer_id, paid_at,
  cancelled_at, created_at`

// The artist-store checkout's writes and read, as named prepared statements (planned once per pooled connection).
const RECORD_STORE_PAYMENT = preparedStatement(
  "store_payment_record",
  `INSERT INTO store_payment
     (id, organization_id, payment_intent_id, origin, checkout_session_id, customer_email, items, subtotal_cents,
      commission_basis_points, platform_fee_cents, shipping_cents, shipping_option_id, shipping_option_name,
      shipping_address, currency, referral_session_id, status, created_at, updated_at)
   VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?::jsonb, 'usd', ?, 'pending', now(), now())
   ON CONFLICT (payment_intent_id) WHERE deleted_at IS NULL DO NOTHING
   RETURNING ${STORE_PAYMENT_COLUMNS}`
)

const STORE_PAYMENT_BY_INTENT = preparedStatement(
  "store_payment_by_intent",
  `SELECT ${STORE_PAYMENT_COLUMNS} FROM store_payment WHERE payment_intent_id = ? AND deleted_at IS NULL`
)

const MARK_STORE_PAYMENT_PAID = preparedStatement(
  "store_payment_mark_paid",
  `WITH paid AS (
     UPDATE store_payment SET status = 'paid', order_id = ?, paid_at = ?, transfer_id = coalesce(?::text, transfer_id),
       payment_failure = NULL, updated_at = now()
     WHERE ${PENDING_BY_ID}
     RETURNING id
   ),
   ${queueOutboxIfPaid("paid")},
   ${insertLedgerEntriesIf("paid")}
   SELECT count(*)::int AS paid FROM paid`
)

/**
 * Records a store payment (pending) for its intent; an intent already recorded keeps its row (a Checkout session's
 * webhook and its replay, racing, record one). Returns the row as stored and whether this call created it.
 */
export async function recordStorePayment(
  manager: SqlEntityManager,
  input: NewStorePayment
): Promise<{ payment: StorePaymentRow; created: boolean }> {
  const result = await runPrepared(sqlKnex(manager), RECORD_STORE_PAYMENT, [
    entityId("spay"),
    input.organization_id,
    input.payment_intent_id,
    input.origin,
    input.checkout_session_id,
    input.customer_email,
    JSON.stringify(input.items),
    input.subtotal_cents,
    input.commission_basis_points,
    input.platform_fee_cents,
    input.shipping_cents,
    input.shipping_option_id,
    input.shipping_option_name,
    input.shipping_address ? JSON.stringify(input.shipping_address) : null,
    input.referral_session_id,
  ])
  const inserted = result.rows as StorePaymentRow[]
  if (inserted[0]) return { payment: inserted[0], created: true }
  const existing = await getStorePaymentByIntent(manager, input.payment_intent_id)
  if (!existing) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `Store payment of ${input.payment_intent_id} vanished`)
  return { payment: existing, created: false }
}

/** The store payment of an intent, or null. */
export async function getStorePaymentByIntent(
  manager: SqlEntityManager,
  paymentIntentId: string
): Promise<StorePaymentRow | null> {
  const result = await runPrepared(sqlKnex(manager), STORE_PAYMENT_BY_INTENT, [paymentIntentId])
  return (result.rows[0] as StorePaymentRow | undefined) ?? null
}

/**
 * pending -> paid with its Medusa order, the destination charge's transfer id when the provider reported it, the outbox
 * messages the sale causes (emails, referral credit) and its ledger entries (lib/ledger.ts storePaymentLedgerEntries:
 * earned, shipping, plan fee, the destination charge's transfer), in one statement. False when the payment was no
 * longer pending (nothing is written).
 */
export type MarkStorePaymentPaidInput = {
  id: string
  orderId: string
  paidAt: Date
  /** The destination charge's automatic transfer, as the provider reported it (null or absent: not known). */
  transferId?: string | null
  outbox: NewOutboxMessage[]
  ledger?: NewLedgerEntry[]
}

export async function markStorePaymentPaid(manager: SqlEntityManager, input: MarkStorePaymentPaidInput): Promise<boolean> {
  const result = await runPrepared(sqlKnex(manager), MARK_STORE_PAYMENT_PAID, [
    input.orderId,
    input.paidAt,
    input.transferId ?? null,
    input.id,
    outboxRecordset(input.outbox),
    JSON.stringify(ledgerEntryRows(input.ledger ?? [])),
  ])
  return (result.rows[0] as { paid: number } | undefined)?.paid === 1
}

/** pending -> cancelled: the payment succeeded but the stock was gone; it was refunded (`refundId`). */
export async function cancelStorePaymentOutOfStock(
  manager: SqlEntityManager,
  input: { id: string; refundId: string | null }
): Promise<boolean> {
  const rows = (await manager.execute(
    `UPDATE store_payment
       SET status = 'cancelled', cancelled_at = now(), payment_failure = 'out_of_stock', refund_id = ?, updated_at = now()
       WHERE ${PENDING_BY_ID} RETURNING id`,
    [input.refundId, input.id]
  )) as unknown as { id: string }[]
  return rows.length === 1
}

/**
 * Records why a pending store payment was not settled (a declined card, a refused amount): the payment stays pending
 * and its stock untouched. False when no pending store payment has that intent.
 */
export async function recordStorePaymentFailure(
  manager: SqlEntityManager,
  input: { paymentIntentId: string; message: string }
): Promise<boolean> {
  const rows = (await manager.execute(
    `UPDATE store_payment SET payment_failure = ?, updated_at = now()
       WHERE payment_intent_id = ? AND status = 'pending' AND deleted_at IS NULL RETURNING id`,
    [input.message.slice(0, 1000), input.paymentIntentId]
  )) as unknown as { id: string }[]
  return rows.length === 1
}

/** Intents of pending store payments created between `maxAgeSeconds` and `minAgeSeconds` ago, oldest first. */
export async function listPendingStorePaymentIntents(
  manager: SqlEntityManager,
  input: { minAgeSeconds: number; maxAgeSeconds: number; limit: number }
): Promise<string[]> {
  const rows = (await manager.execute(
    `SELECT payment_intent_id FROM store_payment
       WHERE status = 'pending' AND deleted_at IS NULL
         AND created_at <= now() - make_interval(secs => ?) AND created_at >= now() - make_interval(secs => ?)
       ORDER BY created_at LIMIT ?`,
    [input.minAgeSeconds, input.maxAgeSeconds, input.limit]
  )) as unknown as { payment_intent_id: string }[]
  return rows.map((r) => r.payment_intent_id)
}

/**
 * Stores a paid store payment's destination transfer id when it was not known at settlement (looked up from the
 * provider by a lost dispute's reversal); a stored id is never replaced. False when nothing was written.
 */
export async function recordStorePaymentTransfer(
  manager: SqlEntityManager,
  input: { id: string; transferId: string }
): Promise<boolean> {
  const rows = (await manager.execute(
    `UPDATE store_payment SET transfer_id = ?, updated_at = now()
       WHERE id = ? AND transfer_id IS NULL AND deleted_at IS NULL RETURNING id`,
    [input.transferId, input.id]
  )) as unknown as { id: string }[]
  return rows.length === 1
}
