import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { MedusaError } from "@medusajs/framework/utils"
import { entityId } from "../../lib/entity-id"
import { preparedStatement, runPrepared } from "../common/prepared-statement"
import { sqlKnex } from "../common/sql-manager"
import { insertLedgerEntriesIf, ledgerEntryRows, type NewLedgerEntry } from "./ledger"
import { outboxRecordset, queueOutboxIfPaid, type NewOutboxMessage } from "./outbox"
import { PENDING_BY_ID } from "./pending-guard"
import type { CreatedPayout, NewPayoutInput } from "./payouts"

/**
 * The gallery checkout's writes, run by GalleryModuleService: the order as checkout records it (and its
 * compensation), then what the payment makes of it (paid, cancelled out of stock, a declined attempt). Each is ONE
 * SQL statement (data-modifying CTEs), atomic without a transaction of its own.
 */

export type CheckoutOrderItemInput = {
  id: string
  product_id: string
  variant_id: string | null
  product_name: string
  quantity: number
  price_cents: number
  image: string | null
}

export type CheckoutArtistOrderInput = {
  id: string
  organization_id: string
  artist_name: string
  subtotal_cents: number
  payout_cents: number
  shipping_cents: number
  shipping_option_id: string | null
  shipping_option_name: string | null
  shipping_country: string | null
  shipping_address: Record<string, unknown> | null
  items: CheckoutOrderItemInput[]
}

/** A whole gallery order as checkout records it: the parent, one artist order per organization, their items. */
export type CheckoutOrderInput = {
  id: string
  public_id: string
  email: string
  shipping_option: "single_address" | "per_artist"
  shipping_address: Record<string, unknown> | null
  subtotal_cents: number
  shipping_cents: number
  gallery_fee_cents: number
  stripe_fee_cents: number
  total_cents: number
  payment_intent_id: string
  transfer_group: string
  cart_session_id: string
  referral_session_id: string | null
  artist_orders: CheckoutArtistOrderInput[]
}

export type CreatedCheckoutOrder = { id: string; public_id: string; created_at: Date }

export type MarkOrderPaidResult = { paid: boolean; payouts: CreatedPayout[] }

/** Thrown when the random public id of a new order is already taken (a retry with a new id will do). */
export const PUBLIC_ID_TAKEN = "gallery_public_id_taken"

/**
 * The checkout's write: parent order, artist orders, items and transitions in one statement. A named prepared
 * statement, parsed and planned once per pooled connection, like the other hot-path statements (docs/architecture.md,
 * "Queries and hot paths"). Rows of one statement share now(); a microsecond per position keeps the checkout's order.
 */
const CREATE_CHECKOUT_ORDER = preparedStatement("gallery_create_checkout_order", `
WITH parent AS (
  INSERT INTO gallery_order
    (id, public_id, status, email, shipping_option, shipping_address, subtotal_cents, shipping_cents,
     gallery_fee_cents, stripe_fee_cents, total_cents, currency_code, payment_intent_id, transfer_group,
     cart_session_id, referral_session_id, created_at, updated_at)
  VALUES (?, ?, 'pending', ?, ?, ?::jsonb, ?, ?, ?, ?, ?, 'usd', ?, ?, ?, ?, now(), now())
  RETURNING id, public_id, created_at
),
artists AS (
  INSERT INTO gallery_artist_order
    (id, gallery_order_id, organization_id, artist_name, status, subtotal_cents, payout_cents, shipping_cents,
     shipping_option_id, shipping_option_name, shipping_country, shipping_address, created_at, updated_at)
  SELECT a.id, p.id, a.organization_id, a.artist_name, 'pending', a.subtotal_cents, a.payout_cents,
         a.shipping_cents, a.shipping_option_id, a.shipping_option_name, a.shipping_country, a.shipping_address,
         p.created_at + a.position * interval '1 microsecond', now()
  FROM parent p,
       jsonb_to_recordset(?::jsonb) AS a(id text, organization_id text, artist_name text, subtotal_cents integer,
                                          payout_cents integer, shipping_cents integer, shipping_option_id text,
                                          shipping_option_name text, shipping_country text, shipping_address jsonb,
                                          position integer)
  RETURNING id
),
items AS (
  INSERT INTO gallery_artist_order_item
    (id, artist_order_id, product_id, variant_id, product_name, quantity, price_cents, image, created_at, updated_at)
  SELECT i.id, i.artist_order_id, i.product_id, i.variant_id, i.product_name, i.quantity, i.price_cents, i.image,
         p.created_at + i.position * interval '1 microsecond', now()
  FROM parent p,
       jsonb_to_recordset(?::jsonb) AS i(id text, artist_order_id text, product_id text, variant_id text,
                                          product_name text, quantity integer, price_cents integer, image text,
                                          position integer)
  RETURNING id
),
transitions AS (
  INSERT INTO gallery_order_transition
    (id, gallery_order_id, artist_order_id, from_status, to_status, occurred_at, created_at, updated_at)
  SELECT t.id, p.id, t.artist_order_id, NULL, 'pending', p.created_at, now(), now()
  FROM parent p, jsonb_to_recordset(?::jsonb) AS t(id text, artist_order_id text)
  RETURNING id
)
SELECT p.id, p.public_id, p.created_at,
       (SELECT count(*) FROM artists)::int AS artist_count,
       (SELECT count(*) FROM items)::int AS item_count
FROM parent p`)

/**
 * The payment's write (markOrderPaid): paid state, transitions, payouts, the emptied cart, the outbox and the ledger's
 * earnings of each artist order that became paid (docs/payouts-ledger.md). The cart's
 * indexes are partial (`deleted_at IS NULL`), so its delete names that condition: without it the only plan was a scan
 * of every open cart, on every payment (docs/architecture.md, "Queries and hot paths"). Exported for that plan's test.
 */
export const MARK_ORDER_PAID = preparedStatement("gallery_mark_order_paid", `
WITH paid AS (
  UPDATE gallery_order SET status = 'paid', paid_at = ?, payment_failure = NULL, updated_at = now()
  WHERE ${PENDING_BY_ID}
  RETURNING id, cart_session_id
),
artists AS (
  UPDATE gallery_artist_order ao SET status = 'paid', paid_at = ?, updated_at = now()
  FROM paid
  WHERE ao.gallery_order_id = paid.id AND ao.status = 'pending' AND ao.deleted_at IS NULL
  RETURNING ao.id
),
transitions AS (
  INSERT INTO gallery_order_transition
    (id, gallery_order_id, artist_order_id, from_status, to_status, occurred_at, created_at, updated_at)
  SELECT t.id, paid.id, t.artist_order_id, 'pending', 'paid', ?, now(), now()
  FROM paid, jsonb_to_recordset(?::jsonb) AS t(id text, artist_order_id text)
  WHERE t.artist_order_id IS NULL OR t.artist_order_id IN (SELECT id FROM artists)
),
payouts AS (
  INSERT INTO gallery_payout
    (id, artist_order_id, gallery_order_id, organization_id, amount_cents, status, created_at, updated_at)
  SELECT p.id, p.artist_order_id, paid.id, p.organization_id, p.amount_cents, 'pending', now(), now()
  FROM paid, jsonb_to_recordset(?::jsonb) AS p(id text, artist_order_id text, organization_id text, amount_cents integer)
  ON CONFLICT (artist_order_id) WHERE deleted_at IS NULL DO NOTHING
  RETURNING id, artist_order_id, organization_id, amount_cents
),
cart AS (
  DELETE FROM gallery_cart_item c USING paid WHERE c.session_id = paid.cart_session_id AND c.deleted_at IS NULL
),
${queueOutboxIfPaid("paid")},
${insertLedgerEntriesIf("paid", "l.artist_order_id IN (SELECT id FROM artists)")}
SELECT (SELECT count(*) FROM paid)::int AS paid,
       coalesce((SELECT json_agg(json_build_object('id', p.id, 'artist_order_id', p.artist_order_id,
                  'organization_id', p.organization_id, 'amount_cents', p.amount_cents)) FROM payouts p), '[]'::json)
         AS payouts`)

function isUniqueViolationOn(error: unknown, what: string): boolean {
  const e = error as { code?: unknown; message?: unknown; constraint?: unknown } | null
  if (!e) return false
  const text = `${String(e.message ?? "")} ${String(e.constraint ?? "")}`
  return (e.code === "23505" || /duplicate key|unique constraint/i.test(text)) && text.includes(what)
}

/**
 * Records a checkout: parent order (pending), its artist orders (pending), their items, and a transition
 * (null -> pending) per order, atomically. Throws a MedusaError with code PUBLIC_ID_TAKEN when the public id
 * collides with an existing order's.
 */
export async function createCheckoutOrder(
  manager: SqlEntityManager,
  input: CheckoutOrderInput
): Promise<CreatedCheckoutOrder> {
  if (!input.artist_orders.length || input.artist_orders.some((a) => !a.items.length)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "A gallery order needs at least one artist order with items")
  }
  const artists = input.artist_orders.map((a, position) => ({
    id: a.id,
    organization_id: a.organization_id,
    artist_name: a.artist_name,
    subtotal_cents: a.subtotal_cents,
    payout_cents: a.payout_cents,
    shipping_cents: a.shipping_cents,
    shipping_option_id: a.shipping_option_id,
    shipping_option_name: a.shipping_option_name,
    shipping_country: a.shipping_country,
    shipping_address: a.shipping_address,
    position,
  }))
  let position = 0
  const items = input.artist_orders.flatMap((a) =>
    a.items.map((item) => ({ ...item, artist_order_id: a.id, position: position++ }))
  )
  const transitions = [
    { id: entityId("otr"), artist_order_id: null },
    ...input.artist_orders.map((a) => ({ id: entityId("otr"), artist_order_id: a.id })),
  ]

  let rows: { id: string; public_id: string; created_at: Date; artist_count: number; item_count: number }[]
  try {
    const result = await runPrepared(sqlKnex(manager), CREATE_CHECKOUT_ORDER, [
      input.id,
      input.public_id,
      input.email,
      input.shipping_option,
      input.shipping_address === null ? null : JSON.stringify(input.shipping_address),
      input.subtotal_cents,
      input.shipping_cents,
      input.gallery_fee_cents,
      input.stripe_fee_cents,
      input.total_cents,
      input.payment_intent_id,
      input.transfer_group,
      input.cart_session_id,
      input.referral_session_id,
      JSON.stringify(artists),
      JSON.stringify(items),
      JSON.stringify(transitions),
    ])
    rows = result.rows
  } catch (error) {
    if (isUniqueViolationOn(error, "public_id")) {
      throw new MedusaError(MedusaError.Types.CONFLICT, "Gallery order public id already taken", PUBLIC_ID_TAKEN)
    }
    throw error
  }
  const [row] = rows
  if (!row || row.artist_count !== artists.length || row.item_count !== items.length) {
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The gallery order was not recorded completely")
  }
  return { id: row.id, public_id: row.public_id, created_at: new Date(row.created_at) }
}

/** Compensation of createCheckoutOrder: removes the order with its artist orders, items and transitions. */
export async function deleteCheckoutOrder(manager: SqlEntityManager, orderId: string): Promise<void> {
  // Artist orders and their items go with the parent (ON DELETE CASCADE).
  await manager.execute(
    `WITH transitions AS (DELETE FROM gallery_order_transition WHERE gallery_order_id = ?)
       DELETE FROM gallery_order WHERE id = ? AND status = 'pending'`,
    [orderId, orderId]
  )
}

/**
 * pending -> paid, in one statement: the parent and its artist orders become paid at `paidAt`, a transition is
 * recorded for each, one payout per artist order is created (unique per artist order), the cart session's
 * items are deleted and the ledger's entries of the artist orders that moved are written. Nothing happens (paid =
 * false) unless the order is still pending.
 */
export async function markOrderPaid(
  manager: SqlEntityManager,
  input: {
    orderId: string
    paidAt: Date
    artistOrderIds: string[]
    payouts: NewPayoutInput[]
    /** The outbox messages the payment causes: written by the same statement, so they exist iff it committed. */
    outbox: NewOutboxMessage[]
    /**
     * The ledger entries of the payment (lib/ledger.ts galleryPaymentLedgerEntries): written by the same statement
     * for the artist orders that moved from pending, so they exist iff the payment does.
     */
    ledger?: NewLedgerEntry[]
  }
): Promise<MarkOrderPaidResult> {
  const payouts = input.payouts.map((p) => ({ ...p, id: entityId("pay") }))
  // The parent's transition, and one per artist order that actually moved from pending.
  const transitions = [null, ...input.artistOrderIds].map((artistOrderId) => ({
    id: entityId("otr"),
    artist_order_id: artistOrderId,
  }))

  const result = await runPrepared(sqlKnex(manager), MARK_ORDER_PAID, [
    input.paidAt,
    input.orderId,
    input.paidAt,
    input.paidAt,
    JSON.stringify(transitions),
    JSON.stringify(payouts),
    outboxRecordset(input.outbox),
    JSON.stringify(ledgerEntryRows(input.ledger ?? [])),
  ])
  const row = result.rows[0] as { paid: number; payouts: CreatedPayout[] } | undefined
  return { paid: row?.paid === 1, payouts: row?.payouts ?? [] }
}

/**
 * pending -> cancelled because stock ran out before the payment was settled (the payment is refunded):
 * payment_failure `out_of_stock`, the refund id, a transition. False when the order was no longer pending.
 */
export async function cancelOrderOutOfStock(
  manager: SqlEntityManager,
  input: { orderId: string; refundId: string | null }
): Promise<boolean> {
  const rows = (await manager.execute(
    `WITH cancelled AS (
         UPDATE gallery_order
         SET status = 'cancelled', cancelled_at = now(), payment_failure = 'out_of_stock', refund_id = ?, updated_at = now()
         WHERE ${PENDING_BY_ID}
         RETURNING id, cancelled_at
       ),
       transition AS (
         INSERT INTO gallery_order_transition
           (id, gallery_order_id, artist_order_id, from_status, to_status, occurred_at, created_at, updated_at)
         SELECT ?, c.id, NULL, 'pending', 'cancelled', c.cancelled_at, now(), now() FROM cancelled c
       )
       SELECT count(*)::int AS cancelled FROM cancelled`,
    [input.refundId, input.orderId, entityId("otr")]
  )) as unknown as { cancelled: number }[]
  return rows[0]?.cancelled === 1
}

/** A declined payment attempt: recorded on the order while it is pending (the order and cart stay as they are). */
export async function recordPaymentFailure(
  manager: SqlEntityManager,
  input: { paymentIntentId: string; message: string }
): Promise<boolean> {
  const rows = (await manager.execute(
    `UPDATE gallery_order SET payment_failure = ?, updated_at = now()
       WHERE payment_intent_id = ? AND status = 'pending' AND deleted_at IS NULL
       RETURNING id`,
    [input.message, input.paymentIntentId]
  )) as unknown as { id: string }[]
  return rows.length === 1
}
