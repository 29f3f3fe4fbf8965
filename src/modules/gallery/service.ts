import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import { entityId } from "../../lib/entity-id"
import { artistOrderAddressChangedMessages, type OutboxMessageInput } from "../../lib/outbox"
import {
  cancelDecision,
  cannotMoveMessage,
  FULFILMENT_MESSAGES,
  shipRefusal,
  statusChangeRefusal,
  type ArtistSettableStatus,
} from "../../lib/gallery-fulfilment"
import { derivedParentStatus, parentStatusOnShip } from "../../lib/gallery-order-status"
import { preparedStatement, runPrepared } from "../common/prepared-statement"
import { sqlKnex, sqlManager } from "../common/sql-manager"
import {
  CART_ADD,
  CART_REMOVE,
  CART_SET,
  DELETE_EXPIRED_CART_ITEMS_SQL,
  type AddCartItemResult,
  type CartAddRow,
  type CartItemRow,
  writeCartItem,
} from "./cart"
import { ArtistOrder } from "./models/artist-order"
import { ArtistOrderAddressChange } from "./models/artist-order-address-change"
import { ArtistOrderItem } from "./models/artist-order-item"
import { CartItem } from "./models/cart-item"
import { GalleryOrder } from "./models/gallery-order"
import { OrderTransition } from "./models/order-transition"
import { OutboxMessage } from "./models/outbox-message"
import { StorePayment, type StorePaymentItem, type StorePaymentStatus } from "./models/store-payment"
import { Payout } from "./models/payout"
import {
  insertOutboxMessages,
  insertTransitions,
  lockArtistOrderParent,
  lockGalleryOrder,
  PAYOUT_CANCELLED_REASON,
  storeParentStatus,
  type ArtistOrderStatusChangeRecord,
  type CancelledOrderRow,
  type MarkOrderCancelledResult,
  type ShipArtistOrderInput,
  type ShippedArtistOrderRecord,
} from "./fulfilment"

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

export type NewPayoutInput = {
  artist_order_id: string
  organization_id: string
  amount_cents: number
}

export type CreatedPayout = NewPayoutInput & { id: string }

export type MarkOrderPaidResult = { paid: boolean; payouts: CreatedPayout[] }

/** Work a committed state change hands to the outbox dispatcher (see models/outbox-message.ts). */
export type NewOutboxMessage = OutboxMessageInput

export type ClaimedOutboxMessage = NewOutboxMessage & { id: string; attempts: number; created_at: Date }

/** `unchanged`: the artist order has that address already (nothing written, recorded or emailed). */
export type ArtistAddressOutcome = "updated" | "unchanged" | "not_found" | "single_address" | "cancelled" | "shipped"

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
    (id, public_id, status, email, shipping_option, shipping_address, subtotal_cents, gallery_fee_cents,
     stripe_fee_cents, total_cents, currency_code, payment_intent_id, transfer_group, cart_session_id,
     referral_session_id, created_at, updated_at)
  VALUES (?, ?, 'pending', ?, ?, ?::jsonb, ?, ?, ?, ?, 'usd', ?, ?, ?, ?, now(), now())
  RETURNING id, public_id, created_at
),
artists AS (
  INSERT INTO gallery_artist_order
    (id, gallery_order_id, organization_id, artist_name, status, subtotal_cents, payout_cents, shipping_address,
     created_at, updated_at)
  SELECT a.id, p.id, a.organization_id, a.artist_name, 'pending', a.subtotal_cents, a.payout_cents,
         a.shipping_address, p.created_at + a.position * interval '1 microsecond', now()
  FROM parent p,
       jsonb_to_recordset(?::jsonb) AS a(id text, organization_id text, artist_name text, subtotal_cents integer,
                                          payout_cents integer, shipping_address jsonb, position integer)
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
 * The guard of a pending row looked up by its primary key. Written `(status = 'pending') IS TRUE` so that PostgreSQL
 * cannot answer it from a (status, ...) index: each paid order leaves a dead 'pending' entry there until vacuum, and a
 * plan that walked that range read more of them with every order (docs/architecture.md, "Queries and hot paths").
 */
const PENDING_BY_ID = "id = ? AND (status = 'pending') IS TRUE AND deleted_at IS NULL"

/**
 * The CTE that queues a payment's outbox messages (a JSON array bound here) in the statement that records the payment,
 * only when its `paid` CTE returned the row: the messages exist exactly when the payment does (docs/crash-safety.md).
 */
const QUEUE_OUTBOX_IF_PAID = `outbox AS (
  INSERT INTO gallery_outbox_message
    (id, key, topic, handler, payload, attempts, available_at, created_at, updated_at)
  SELECT m.id, m.key, m.topic, m.handler, m.payload, 0, now(), now(), now()
  FROM paid, jsonb_to_recordset(?::jsonb) AS m(id text, key text, topic text, handler text, payload jsonb)
  ON CONFLICT (key) WHERE deleted_at IS NULL DO NOTHING
)`

/**
 * The payment's write (markOrderPaid): paid state, transitions, payouts, the emptied cart and the outbox. The cart's
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
${QUEUE_OUTBOX_IF_PAID}
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
 * Gallery module: cart items, parent and artist orders, items, payouts, transitions.
 *
 * The generated CRUD methods (MedusaService) serve tooling and tests. The order lifecycle writes below are custom,
 * each ONE SQL statement (data-modifying CTEs): PostgreSQL runs a statement atomically (its own transaction, or
 * the caller's when a transactionManager is passed in the context), so an order is never half-written, without
 * the two extra round trips of BEGIN/COMMIT on these hot paths. A status guard (`WHERE status = 'pending'`) makes
 * every transition idempotent, even across processes.
 */
class GalleryModuleService extends MedusaService({
  CartItem,
  GalleryOrder,
  ArtistOrder,
  ArtistOrderItem,
  ArtistOrderAddressChange,
  Payout,
  OrderTransition,
  OutboxMessage,
  StorePayment,
}) {
  /**
   * Records a checkout: parent order (pending), its artist orders (pending), their items, and a transition
   * (null -> pending) per order, atomically. Throws a MedusaError with code PUBLIC_ID_TAKEN when the public id
   * collides with an existing order's.
   */
  @InjectManager()
  async createCheckoutOrder(
    input: CheckoutOrderInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
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
      const result = await runPrepared(sqlKnex(this.manager_(sharedContext)), CREATE_CHECKOUT_ORDER, [
        input.id,
        input.public_id,
        input.email,
        input.shipping_option,
        input.shipping_address === null ? null : JSON.stringify(input.shipping_address),
        input.subtotal_cents,
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
  @InjectManager()
  async deleteCheckoutOrder(
    orderId: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    // Artist orders and their items go with the parent (ON DELETE CASCADE).
    await this.manager_(sharedContext).execute(
      `WITH transitions AS (DELETE FROM gallery_order_transition WHERE gallery_order_id = ?)
       DELETE FROM gallery_order WHERE id = ? AND status = 'pending'`,
      [orderId, orderId]
    )
  }

  /**
   * pending -> paid, in one statement: the parent and its artist orders become paid at `paidAt`, a transition is
   * recorded for each, one payout per artist order is created (unique per artist order) and the cart session's
   * items are deleted. Nothing happens (paid = false) unless the order is still pending.
   */
  @InjectManager()
  async markOrderPaid(
    input: {
      orderId: string
      paidAt: Date
      artistOrderIds: string[]
      payouts: NewPayoutInput[]
      /** The outbox messages the payment causes: written by the same statement, so they exist iff it committed. */
      outbox: NewOutboxMessage[]
    },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<MarkOrderPaidResult> {
    const payouts = input.payouts.map((p) => ({ ...p, id: entityId("pay") }))
    const outbox = input.outbox.map((m) => ({ ...m, id: entityId("gobx") }))
    // The parent's transition, and one per artist order that actually moved from pending.
    const transitions = [null, ...input.artistOrderIds].map((artistOrderId) => ({
      id: entityId("otr"),
      artist_order_id: artistOrderId,
    }))

    const result = await runPrepared(sqlKnex(this.manager_(sharedContext)), MARK_ORDER_PAID, [
      input.paidAt,
      input.orderId,
      input.paidAt,
      input.paidAt,
      JSON.stringify(transitions),
      JSON.stringify(payouts),
      JSON.stringify(outbox),
    ])
    const row = result.rows[0] as { paid: number; payouts: CreatedPayout[] } | undefined
    return { paid: row?.paid === 1, payouts: row?.payouts ?? [] }
  }

  /**
   * pending -> cancelled because stock ran out before the payment was settled (the payment is refunded):
   * payment_failure `out_of_stock`, the refund id, a transition. False when the order was no longer pending.
   */
  @InjectManager()
  async cancelOrderOutOfStock(
    input: { orderId: string; refundId: string | null },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const rows = (await this.manager_(sharedContext).execute(
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
  @InjectManager()
  async recordPaymentFailure(
    input: { paymentIntentId: string; message: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const rows = (await this.manager_(sharedContext).execute(
      `UPDATE gallery_order SET payment_failure = ?, updated_at = now()
       WHERE payment_intent_id = ? AND status = 'pending' AND deleted_at IS NULL
       RETURNING id`,
      [input.message, input.paymentIntentId]
    )) as unknown as { id: string }[]
    return rows.length === 1
  }

  /**
   * pending -> transferred with each transfer's id, for several payouts in one statement; returns the ids of the
   * payouts that were still pending (and are now transferred).
   */
  @InjectManager()
  async recordPayoutTransfers(
    transfers: { payoutId: string; transferId: string; destination: string }[],
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string[]> {
    if (!transfers.length) return []
    const rows = (await this.manager_(sharedContext).execute(
      `UPDATE gallery_payout p
       SET status = 'transferred', transfer_id = t.transfer_id, destination = t.destination, transferred_at = now(),
           failure_reason = NULL, updated_at = now()
       FROM jsonb_to_recordset(?::jsonb) AS t(payout_id text, transfer_id text, destination text)
       WHERE p.id = t.payout_id AND p.status = 'pending' AND p.deleted_at IS NULL
       RETURNING p.id`,
      [
        JSON.stringify(
          transfers.map((t) => ({ payout_id: t.payoutId, transfer_id: t.transferId, destination: t.destination }))
        ),
      ]
    )) as unknown as { id: string }[]
    return rows.map((r) => r.id)
  }

  /** Why the last transfer attempt failed; the payout stays pending, so the payouts job tries again. */
  @InjectManager()
  async recordPayoutFailure(
    input: { payoutId: string; reason: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await this.manager_(sharedContext).execute(
      `UPDATE gallery_payout SET failure_reason = ?, updated_at = now()
       WHERE ${PENDING_BY_ID}`,
      [input.reason.slice(0, 1000), input.payoutId]
    )
  }

  // ---- Cart (spec 4.3): each write ONE named prepared statement and no transaction of its own (cart.ts).

  /**
   * Adds `quantity` (already 1..99, see clampCartQuantity) of a product to a session's cart: not_found when the
   * product does not exist, ineligible (with the product's state) when it fails one of the three eligibility rules,
   * else the session's row for the product, created or merged (quantity capped at 99), in one round trip.
   */
  @InjectManager()
  async addCartItem(
    input: { sessionId: string; productId: string; quantity: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<AddCartItemResult> {
    const result = await runPrepared(sqlKnex(this.manager_(sharedContext)), CART_ADD, [
      input.productId,
      entityId("gci"),
      input.sessionId,
      input.quantity,
      input.sessionId,
      input.productId,
    ])
    const row = result.rows[0] as CartAddRow | undefined
    if (!row || row.found_id === null) return { outcome: "not_found" }
    if (row.id === null) {
      return {
        outcome: "ineligible",
        product: {
          is_active: row.is_active,
          gallery_eligible: row.gallery_eligible,
          org_gallery_approved: row.org_gallery_approved,
        },
      }
    }
    return {
      outcome: "added",
      item: { id: row.id, product_id: row.product_id, quantity: Number(row.quantity), session_id: row.session_id },
    }
  }

  /** Sets the quantity (1..99) of one of the session's items; null when the session has no such item. */
  @InjectManager()
  async setCartItemQuantity(
    input: { sessionId: string; itemId: string; quantity: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<CartItemRow | null> {
    return await writeCartItem(this.manager_(sharedContext), CART_SET, [
      input.quantity,
      input.itemId,
      input.sessionId,
      input.sessionId,
      input.itemId,
    ])
  }

  /** Deletes one of the session's items (hard delete); null when the session has no such item. */
  @InjectManager()
  async removeCartItem(
    input: { sessionId: string; itemId: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<CartItemRow | null> {
    return await writeCartItem(this.manager_(sharedContext), CART_REMOVE, [
      input.itemId,
      input.sessionId,
      input.sessionId,
      input.itemId,
    ])
  }

  /**
   * Deletes every row of the sessions inactive since the cutoff (default: 30 days before the database's clock, the
   * clock that stamped their activity). One statement; returns the number of rows deleted.
   */
  @InjectManager()
  async deleteExpiredCartItems(
    input: { cutoff?: Date } = {},
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<number> {
    const result = await sqlKnex(this.manager_(sharedContext)).raw(DELETE_EXPIRED_CART_ITEMS_SQL, [input.cutoff ?? null])
    return Number(result.rowCount ?? 0)
  }

  /**
   * Sets the shipping address of one organization's artist order in a per_artist order, unless it has shipped
   * (checked in the UPDATE itself, so a concurrent shipment wins). The outcome names what refused it.
   *
   * Every change — the first address included — is recorded (`gallery_artist_order_address_change`: the address
   * it replaced, the new one, when, the client's address) and queues the outbox message that emails the buyer about
   * it (`gallery.artist_order.address_changed`), in the same statement as the UPDATE: a change exists exactly when
   * its record and its email do (docs/crash-safety.md). The artist order's row is locked first, so the recorded
   * previous address is the one this change replaced, also under concurrent changes. The address it already has is
   * `unchanged`: nothing is written, recorded or emailed (a re-sent request changes nothing twice).
   */
  @InjectManager()
  async setArtistOrderShippingAddress(
    input: {
      publicId: string
      organizationId: string
      shippingAddress: Record<string, unknown>
      /** The requesting client's address (IP), recorded with the change; null when unknown. */
      clientAddress?: string | null
    },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ArtistAddressOutcome> {
    const changeId = entityId("aoac")
    const outbox = artistOrderAddressChangedMessages(changeId).map((m) => ({ id: entityId("gobx"), ...m }))
    const address = JSON.stringify(input.shippingAddress)
    const rows = (await this.manager_(sharedContext).execute(
      `WITH target AS (
         SELECT o.shipping_option, o.status AS order_status, ao.id AS artist_order_id, ao.status AS artist_status,
                ao.shipping_address AS previous_address
         FROM gallery_order o
         JOIN gallery_artist_order ao
           ON ao.gallery_order_id = o.id AND ao.organization_id = ? AND ao.deleted_at IS NULL
         WHERE o.public_id = ? AND o.deleted_at IS NULL
         FOR UPDATE OF ao
       ),
       updated AS (
         UPDATE gallery_artist_order ao SET shipping_address = ?::jsonb, updated_at = now()
         FROM target t
         WHERE ao.id = t.artist_order_id AND t.shipping_option = 'per_artist' AND t.order_status <> 'cancelled'
           AND ao.status NOT IN ('shipped', 'delivered')
           AND ao.shipping_address IS DISTINCT FROM ?::jsonb
         RETURNING ao.id, t.previous_address
       ),
       recorded AS (
         INSERT INTO gallery_artist_order_address_change
           (id, artist_order_id, previous_address, new_address, changed_at, client_address, created_at, updated_at)
         SELECT ?, u.id, u.previous_address, ?::jsonb, clock_timestamp(), ?, now(), now()
         FROM updated u
         RETURNING id
       ),
       outbox AS (
         INSERT INTO gallery_outbox_message
           (id, key, topic, handler, payload, attempts, available_at, created_at, updated_at)
         SELECT m.id, m.key, m.topic, m.handler, m.payload, 0, now(), now(), now()
         FROM recorded, jsonb_to_recordset(?::jsonb) AS m(id text, key text, topic text, handler text, payload jsonb)
         ON CONFLICT (key) WHERE deleted_at IS NULL DO NOTHING
       )
       SELECT t.shipping_option, t.order_status, t.artist_status, (SELECT count(*) FROM updated)::int AS updated
       FROM target t`,
      [
        input.organizationId,
        input.publicId,
        address,
        address,
        changeId,
        address,
        input.clientAddress || null,
        JSON.stringify(outbox),
      ]
    )) as unknown as { shipping_option: string; order_status: string; artist_status: string; updated: number }[]
    const row = rows[0]
    if (!row) return "not_found"
    if (row.updated === 1) return "updated"
    if (row.shipping_option !== "per_artist") return "single_address"
    if (row.order_status === "cancelled") return "cancelled"
    if (row.artist_status === "shipped" || row.artist_status === "delivered") return "shipped"
    return "unchanged"
  }

  // ---- Fulfilment: ship, artist status changes, cancellation (each under the parent order's row lock, see
  // fulfilment.ts), and what the cancellation's money steps record afterwards.

  /**
   * Ships one artist order, in one transaction under the parent order's row lock: 404 Order not found / 403
   * (another organization's order) / 400 Order already shipped / 400 Order has been cancelled / 400 Order is not
   * paid; then status shipped with tracking number, URL, carrier and shipped_at, the transition, and the parent's
   * status by rule A over ALL its artist orders (stored, with its transition). The UPDATE is also guarded by the
   * status it moves from, so a second ship can never overwrite the first one's tracking.
   */
  @InjectTransactionManager()
  async shipArtistOrder(
    input: ShipArtistOrderInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ShippedArtistOrderRecord> {
    const manager = this.manager_(sharedContext)
    const { parent, artistOrders, artistOrder } = await lockArtistOrderParent(
      manager,
      input.artistOrderId,
      input.organizationId
    )
    const refusal = shipRefusal(artistOrder.status, parent.status)
    if (refusal) throw new MedusaError(MedusaError.Types.INVALID_DATA, refusal)
    // Taken under the lock, so the transitions of concurrent shipments are in the order they happened.
    const shippedAt = new Date()
    const rows = (await manager.execute(
      `UPDATE gallery_artist_order
       SET status = 'shipped', tracking_number = ?, tracking_url = ?, carrier = ?, shipped_at = ?, updated_at = now()
       WHERE id = ? AND status IN ('paid', 'processing') AND deleted_at IS NULL
       RETURNING id`,
      [input.trackingNumber, input.trackingUrl, input.carrier, shippedAt, artistOrder.id]
    )) as unknown as { id: string }[]
    if (!rows.length) throw new MedusaError(MedusaError.Types.INVALID_DATA, FULFILMENT_MESSAGES.orderAlreadyShipped)
    await insertTransitions(manager, [
      { galleryOrderId: parent.id, artistOrderId: artistOrder.id, from: artistOrder.status, to: "shipped", at: shippedAt },
    ])
    const statuses = artistOrders.map((a) => (a.id === artistOrder.id ? "shipped" : a.status))
    const parentOrderStatus = await storeParentStatus(manager, parent, parentStatusOnShip(statuses), shippedAt)
    await insertOutboxMessages(manager, input.outbox)
    return { galleryOrderId: parent.id, parentOrderStatus, shippedAt }
  }

  /**
   * The transitions the artist makes (paid -> processing, shipped -> delivered with delivered_at), in one
   * transaction under the parent's row lock; anything else is 400 `Cannot move order from X to Y` (400 Order has
   * been cancelled for a cancelled order). Records the transition and stores the parent's status by rule B (with
   * its transition when it changed). The UPDATE is guarded by the status it moves from.
   */
  @InjectTransactionManager()
  async setArtistOrderStatus(
    input: {
      artistOrderId: string
      organizationId: string
      status: string
      /** The outbox messages a delivery causes (the Medusa order book), written in its transaction. */
      deliveredOutbox?: OutboxMessageInput[]
    },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ArtistOrderStatusChangeRecord> {
    const manager = this.manager_(sharedContext)
    const { parent, artistOrders, artistOrder } = await lockArtistOrderParent(
      manager,
      input.artistOrderId,
      input.organizationId
    )
    const refusal = statusChangeRefusal(artistOrder.status, parent.status, input.status)
    if (refusal) throw new MedusaError(MedusaError.Types.INVALID_DATA, refusal)
    const target = input.status as ArtistSettableStatus
    // Taken under the lock, so transitions are in the order they happened.
    const at = new Date()
    const rows = (await manager.execute(
      `UPDATE gallery_artist_order
       SET status = ?, delivered_at = CASE WHEN ? = 'delivered' THEN ?::timestamptz ELSE delivered_at END,
           updated_at = now()
       WHERE id = ? AND status = ? AND deleted_at IS NULL
       RETURNING id`,
      [target, target, at, artistOrder.id, artistOrder.status]
    )) as unknown as { id: string }[]
    if (!rows.length) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, cannotMoveMessage(artistOrder.status, target))
    }
    await insertTransitions(manager, [
      { galleryOrderId: parent.id, artistOrderId: artistOrder.id, from: artistOrder.status, to: target, at },
    ])
    const statuses = artistOrders.map((a) => (a.id === artistOrder.id ? target : a.status))
    const parentOrderStatus = await storeParentStatus(manager, parent, derivedParentStatus(statuses), at)
    if (target === "delivered") await insertOutboxMessages(manager, input.deliveredOutbox ?? [])
    return { galleryOrderId: parent.id, from: artistOrder.status, status: target, parentOrderStatus }
  }

  /**
   * The state change of a cancellation, in one transaction under the order's row lock (so no artist can ship while
   * it runs, and a ship that committed first makes it refuse): 404 Order not found; 400 Order cannot be cancelled
   * after shipment (any artist order shipped or delivered); an already cancelled order is returned as it is
   * (cancelledNow false). Otherwise: status cancelled + cancelled_at, its transition, and the order's pending
   * payouts become failed (PAYOUT_CANCELLED_REASON) so that they are never transferred later.
   */
  @InjectTransactionManager()
  async markOrderCancelled(
    orderId: string,
    /** The outbox messages the cancellation causes (the Medusa order book), written in its transaction. */
    outbox: OutboxMessageInput[] = [],
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<MarkOrderCancelledResult> {
    const manager = this.manager_(sharedContext)
    const locked = await lockGalleryOrder(manager, orderId)
    if (!locked) throw new MedusaError(MedusaError.Types.NOT_FOUND, FULFILMENT_MESSAGES.orderNotFound)
    const { parent, artistOrders } = locked
    const decision = cancelDecision(
      parent.status,
      artistOrders.map((a) => a.status)
    )
    if (decision === "after_shipment") {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, FULFILMENT_MESSAGES.cancelAfterShipment)
    }
    // Taken under the lock, so transitions are in the order they happened.
    const cancelledAt = new Date()
    const columns = `id, public_id, payment_intent_id, paid_at, cancelled_at, refund_id`
    if (decision === "already_cancelled") {
      const rows = (await manager.execute(`SELECT ${columns} FROM gallery_order WHERE id = ?`, [
        parent.id,
      ])) as unknown as CancelledOrderRow[]
      return { order: rows[0], cancelledNow: false, previousStatus: parent.status, cancelledAt }
    }
    const rows = (await manager.execute(
      `UPDATE gallery_order SET status = 'cancelled', cancelled_at = ?, updated_at = now()
       WHERE id = ? RETURNING ${columns}`,
      [cancelledAt, parent.id]
    )) as unknown as CancelledOrderRow[]
    await insertTransitions(manager, [
      { galleryOrderId: parent.id, artistOrderId: null, from: parent.status, to: "cancelled", at: cancelledAt },
    ])
    await manager.execute(
      `UPDATE gallery_payout SET status = 'failed', failure_reason = ?, updated_at = now()
       WHERE gallery_order_id = ? AND status = 'pending' AND deleted_at IS NULL`,
      [PAYOUT_CANCELLED_REASON, parent.id]
    )
    await insertOutboxMessages(manager, outbox)
    return { order: rows[0], cancelledNow: true, previousStatus: parent.status, cancelledAt }
  }

  /** Stores the refund of a cancelled order; the first refund stored wins. */
  @InjectManager()
  async recordCancellationRefund(
    input: { orderId: string; refundId: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await this.manager_(sharedContext).execute(
      `UPDATE gallery_order SET refund_id = ?, updated_at = now() WHERE id = ? AND refund_id IS NULL`,
      [input.refundId, input.orderId]
    )
  }

  /** transferred -> reversed with the reversal's id (guarded by the status, so it is recorded once). */
  @InjectManager()
  async recordPayoutReversal(
    input: { payoutId: string; reversalId: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await this.manager_(sharedContext).execute(
      `UPDATE gallery_payout
       SET status = 'reversed', reversal_id = ?, reversed_at = now(), failure_reason = NULL, updated_at = now()
       WHERE id = ? AND status = 'transferred'`,
      [input.reversalId, input.payoutId]
    )
  }

  /** Why a payout's reversal failed (the payout stays transferred, so a repeated cancellation tries again). */
  @InjectManager()
  async recordPayoutReversalFailure(
    input: { payoutId: string; reason: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await this.manager_(sharedContext).execute(
      `UPDATE gallery_payout SET failure_reason = ?, updated_at = now() WHERE id = ?`,
      [`reversal failed: ${input.reason}`.slice(0, 1000), input.payoutId]
    )
  }

  /**
   * Claims up to `limit` due outbox messages for `leaseSeconds`: each
   * claimed row's `available_at` moves to the lease's end and its attempts count up, in one statement that skips rows
   * another dispatcher holds (FOR UPDATE SKIP LOCKED). A claimer that dies leaves the row due again when the lease ends.
   */
  @InjectManager()
  async claimOutboxMessages(
    input: { limit: number; leaseSeconds: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ClaimedOutboxMessage[]> {
    const rows = (await this.manager_(sharedContext).execute(
      `UPDATE gallery_outbox_message m
       SET available_at = now() + make_interval(secs => ?), attempts = m.attempts + 1, updated_at = now()
       FROM (
         SELECT id FROM gallery_outbox_message
         WHERE delivered_at IS NULL AND deleted_at IS NULL AND available_at <= now()
         ORDER BY available_at
         LIMIT ?
         FOR UPDATE SKIP LOCKED
       ) due
       WHERE m.id = due.id
       RETURNING m.id, m.key, m.topic, m.handler, m.payload, m.attempts, m.created_at`,
      [input.leaseSeconds, input.limit]
    )) as unknown as ClaimedOutboxMessage[]
    return rows
  }

  /**
   * Queues outbox messages for a state change committed elsewhere (another module's): a message whose key exists
   * already is not queued again. Callers queue before they acknowledge the change (a webhook is recorded as processed
   * only after this), so a crash in between is healed by the change's redelivery.
   */
  @InjectManager()
  async queueOutboxMessages(
    messages: NewOutboxMessage[],
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await insertOutboxMessages(this.manager_(sharedContext), messages)
  }

  /**
   * Claimed messages whose handler succeeded: they are never claimed again. Found by primary key (`= ANY`): written as
   * `IN (SELECT jsonb_array_elements_text(...))` it was planned as a hash join over the whole table, which keeps every
   * delivered message (docs/architecture.md, "Queries and hot paths").
   */
  @InjectManager()
  async markOutboxMessagesDelivered(
    ids: string[],
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    if (!ids.length) return
    // Through knex with a bound array (manager.execute inlines bindings and has no array literal).
    await sqlKnex(this.manager_(sharedContext)).raw(
      `UPDATE gallery_outbox_message SET delivered_at = now(), last_error = NULL, updated_at = now()
       WHERE id = ANY(?::text[]) AND delivered_at IS NULL`,
      [ids]
    )
  }

  /** A claimed message's handler failed: it is due again after `retryInSeconds`, with the reason kept. */
  @InjectManager()
  async releaseOutboxMessage(
    input: { id: string; error: string; retryInSeconds: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await this.manager_(sharedContext).execute(
      `UPDATE gallery_outbox_message
       SET available_at = now() + make_interval(secs => ?), last_error = ?, updated_at = now()
       WHERE id = ? AND delivered_at IS NULL`,
      [input.retryInSeconds, input.error.slice(0, 1000), input.id]
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
  @InjectManager()
  async claimPayoutAttempts(
    input: { attemptedAt: Date; claims: PayoutAttemptClaim[] },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string[]> {
    if (!input.claims.length) return []
    const rows = (await this.manager_(sharedContext).execute(
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
  @InjectManager()
  async listUnreportedFailingPayouts(
    input: { limit: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<FailingPayout[]> {
    const rows = (await this.manager_(sharedContext).execute(
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
  @InjectManager()
  async markPayoutFailuresReported(
    input: { payoutIds: string[]; reportedAt: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    if (!input.payoutIds.length) return
    await sqlKnex(this.manager_(sharedContext)).raw(
      `UPDATE gallery_payout SET failure_alerted_at = ?, updated_at = now()
       WHERE id = ANY(?::text[]) AND failure_alerted_at IS NULL AND deleted_at IS NULL`,
      [input.reportedAt, input.payoutIds]
    )
  }

  /**
   * Records a store payment (pending) for its intent; an intent already recorded keeps its row (a Checkout session's
   * webhook and its replay, racing, record one). Returns the row as stored and whether this call created it.
   */
  @InjectManager()
  async recordStorePayment(
    input: NewStorePayment,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ payment: StorePaymentRow; created: boolean }> {
    const result = await runPrepared(sqlKnex(this.manager_(sharedContext)), RECORD_STORE_PAYMENT, [
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
      input.referral_session_id,
    ])
    const inserted = result.rows as StorePaymentRow[]
    if (inserted[0]) return { payment: inserted[0], created: true }
    const existing = await this.getStorePaymentByIntent(input.payment_intent_id, sharedContext)
    if (!existing) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `Store payment of ${input.payment_intent_id} vanished`)
    return { payment: existing, created: false }
  }

  /** The store payment of an intent, or null. */
  @InjectManager()
  async getStorePaymentByIntent(
    paymentIntentId: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<StorePaymentRow | null> {
    const result = await runPrepared(sqlKnex(this.manager_(sharedContext)), STORE_PAYMENT_BY_INTENT, [paymentIntentId])
    return (result.rows[0] as StorePaymentRow | undefined) ?? null
  }

  /**
   * pending -> paid with its Medusa order, and the outbox messages the sale causes (emails, referral credit), in one
   * statement. False when the payment was no longer pending (nothing is written).
   */
  @InjectManager()
  async markStorePaymentPaid(
    input: { id: string; orderId: string; paidAt: Date; outbox: NewOutboxMessage[] },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const outbox = input.outbox.map((m) => ({ ...m, id: entityId("gobx") }))
    const result = await runPrepared(sqlKnex(this.manager_(sharedContext)), MARK_STORE_PAYMENT_PAID, [
      input.orderId,
      input.paidAt,
      input.id,
      JSON.stringify(outbox),
    ])
    return (result.rows[0] as { paid: number } | undefined)?.paid === 1
  }

  /** pending -> cancelled: the payment succeeded but the stock was gone; it was refunded (`refundId`). */
  @InjectManager()
  async cancelStorePaymentOutOfStock(
    input: { id: string; refundId: string | null },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const rows = (await this.manager_(sharedContext).execute(
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
  @InjectManager()
  async recordStorePaymentFailure(
    input: { paymentIntentId: string; message: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const rows = (await this.manager_(sharedContext).execute(
      `UPDATE store_payment SET payment_failure = ?, updated_at = now()
       WHERE payment_intent_id = ? AND status = 'pending' AND deleted_at IS NULL RETURNING id`,
      [input.message.slice(0, 1000), input.paymentIntentId]
    )) as unknown as { id: string }[]
    return rows.length === 1
  }

  /** Intents of pending store payments created between `maxAgeSeconds` and `minAgeSeconds` ago, oldest first. */
  @InjectManager()
  async listPendingStorePaymentIntents(
    input: { minAgeSeconds: number; maxAgeSeconds: number; limit: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string[]> {
    const rows = (await this.manager_(sharedContext).execute(
      `SELECT payment_intent_id FROM store_payment
       WHERE status = 'pending' AND deleted_at IS NULL
         AND created_at <= now() - make_interval(secs => ?) AND created_at >= now() - make_interval(secs => ?)
       ORDER BY created_at LIMIT ?`,
      [input.minAgeSeconds, input.maxAgeSeconds, input.limit]
    )) as unknown as { payment_intent_id: string }[]
    return rows.map((r) => r.payment_intent_id)
  }

  protected manager_(sharedContext: Context<SqlEntityManager>): SqlEntityManager {
    return sqlManager(sharedContext)
  }
}

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

/** The columns of a store payment as the settlement reads them. */
const STORE_PAYMENT_COLUMNS = `id, organization_id, payment_intent_id, origin, checkout_session_id, customer_email, items,
  subtotal_cents, commission_basis_points, platform_fee_cents, currency, referral_session_id, status, order_id,
  payment_failure, refund_id, paid_at, cancelled_at, created_at`

// The artist-store checkout's writes and read, as named prepared statements (planned once per pooled connection).
const RECORD_STORE_PAYMENT = preparedStatement(
  "store_payment_record",
  `INSERT INTO store_payment
     (id, organization_id, payment_intent_id, origin, checkout_session_id, customer_email, items, subtotal_cents,
      commission_basis_points, platform_fee_cents, currency, referral_session_id, status, created_at, updated_at)
   VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, 'usd', ?, 'pending', now(), now())
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
     UPDATE store_payment SET status = 'paid', order_id = ?, paid_at = ?, payment_failure = NULL, updated_at = now()
     WHERE ${PENDING_BY_ID}
     RETURNING id
   ),
   ${QUEUE_OUTBOX_IF_PAID}
   SELECT count(*)::int AS paid FROM paid`
)

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
  referral_session_id: string | null
}

export type StorePaymentRow = NewStorePayment & {
  id: string
  currency: string
  status: StorePaymentStatus
  order_id: string | null
  payment_failure: string | null
  refund_id: string | null
  paid_at: Date | null
  cancelled_at: Date | null
  created_at: Date
}

export default GalleryModuleService
