import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { type ArtistOrderStatus, type GalleryOrderStatus, viewStatus } from "../lib/gallery-order-status"
import { fromCents } from "../lib/money"
import { maskEmail } from "../lib/order-email"
import { ORDER_ITEM_STOCK_JSON, ORDER_ITEM_VARIANT_JOIN } from "./medusa/inventory"
import {
  artistOrderFields,
  chargesShipping,
  iso,
  LATEST_RETURN_STATUS_SQL,
  orderItemFields,
  type ArtistOrderFieldsRow,
  type OrderItemRow,
} from "./order-views"
import { preparedStatement, runPrepared, toKnex, type PgSource } from "./pg"

/**
 * Gallery order reads for checkout, confirm, webhooks, payouts and order tracking: raw SQL on the container's pg
 * connection, one round trip each (hot paths; docs/architecture.md, "Hot paths").
 */

// ------------------------------------------------------------------------------------------------------------
// Confirm / webhooks

export type GalleryOrderHead = {
  id: string
  public_id: string
  status: GalleryOrderStatus
  email: string
  total_cents: number
  created_at: Date
  paid_at: Date | null
  payment_intent_id: string | null
  payment_failure: string | null
}

const HEAD_COLUMNS = `id, public_id, status, email, total_cents, created_at, paid_at, payment_intent_id, payment_failure`

const ORDER_BY_PAYMENT_INTENT = preparedStatement(
  "gallery_order_by_payment_intent",
  `SELECT ${HEAD_COLUMNS} FROM gallery_order WHERE payment_intent_id = ? AND deleted_at IS NULL LIMIT 1`
)

/** The order paid by this payment intent, or null. */
export async function findGalleryOrderByPaymentIntent(
  source: PgSource,
  paymentIntentId: string
): Promise<GalleryOrderHead | null> {
  const { rows } = await runPrepared(toKnex(source), ORDER_BY_PAYMENT_INTENT, [paymentIntentId])
  return (rows[0] as GalleryOrderHead | undefined) ?? null
}

export async function findGalleryOrderHead(source: PgSource, orderId: string): Promise<GalleryOrderHead | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT ${HEAD_COLUMNS} FROM gallery_order WHERE id = ? AND deleted_at IS NULL`,
    [orderId]
  )
  return (rows[0] as GalleryOrderHead | undefined) ?? null
}

/** Statuses at which a gallery order has been paid (and not cancelled). */
export const PAID_OR_LATER: readonly GalleryOrderStatus[] = [
  "paid",
  "processing",
  "partially_shipped",
  "shipped",
  "delivered",
]

export function isPaidOrLater(status: GalleryOrderStatus): boolean {
  return PAID_OR_LATER.includes(status)
}

/** The confirm response's order (spec 4.4). Its `id` is the internal id, as the spec's contract shows. */
export function confirmOrderView(order: GalleryOrderHead) {
  return {
    id: order.id,
    publicId: order.public_id,
    status: order.status,
    total: fromCents(order.total_cents),
    email: order.email,
    createdAt: iso(order.created_at),
  }
}

// ------------------------------------------------------------------------------------------------------------
// Marking an order paid

export type PaymentArtistOrder = {
  id: string
  organization_id: string
  status: ArtistOrderStatus
  subtotal_cents: number
  shipping_cents: number
  payout_cents: number
  stripe_account_id: string | null
}

export type PaymentOrderItem = {
  id: string
  variant_id: string | null
  quantity: number
  /**
   * Inventory items of the variant (empty when it does not manage stock), with the quantity already reserved for
   * this line by an earlier, interrupted settlement.
   */
  inventory: { inventory_item_id: string; required_quantity: number; line_reserved: number }[]
}

export type GalleryOrderForPayment = GalleryOrderHead & {
  transfer_group: string
  cart_session_id: string
  referral_session_id: string | null
  artist_orders: PaymentArtistOrder[]
  items: PaymentOrderItem[]
}

/** The settlement's read of an order by one of its keys (loadGalleryOrderForPayment), as a prepared statement. */
function paymentOrderStatement(column: "id" | "payment_intent_id") {
  return preparedStatement(
    `gallery_payment_order_by_${column}`,
    `SELECT o.id, o.public_id, o.status, o.email, o.total_cents, o.created_at, o.paid_at, o.payment_intent_id,
              o.payment_failure, o.transfer_group, o.cart_session_id, o.referral_session_id,
              coalesce((
                SELECT json_agg(json_build_object(
                         'id', ao.id, 'organization_id', ao.organization_id, 'status', ao.status,
                         'subtotal_cents', ao.subtotal_cents, 'shipping_cents', ao.shipping_cents,
                         'payout_cents', ao.payout_cents,
                         'stripe_account_id', org.stripe_account_id) ORDER BY ao.created_at, ao.id)
                FROM gallery_artist_order ao
                LEFT JOIN organization org ON org.id = ao.organization_id AND org.deleted_at IS NULL
                WHERE ao.gallery_order_id = o.id AND ao.deleted_at IS NULL
              ), '[]'::json) AS artist_orders,
              coalesce((
                SELECT json_agg(json_build_object(
                         'id', i.id, 'variant_id', i.variant_id, 'quantity', i.quantity,
                         'inventory', ${ORDER_ITEM_STOCK_JSON}) ORDER BY i.created_at, i.id)
                FROM gallery_artist_order ao
                JOIN gallery_artist_order_item i ON i.artist_order_id = ao.id AND i.deleted_at IS NULL
                ${ORDER_ITEM_VARIANT_JOIN}
                WHERE ao.gallery_order_id = o.id AND ao.deleted_at IS NULL
              ), '[]'::json) AS items
       FROM gallery_order o
       WHERE o.${column} = ? AND o.deleted_at IS NULL`
  )
}
const PAYMENT_ORDER_BY_ID = paymentOrderStatement("id")
const PAYMENT_ORDER_BY_INTENT = paymentOrderStatement("payment_intent_id")

/**
 * An order with what settling its payment needs: artist orders with their organization's connected account,
 * and items with their variant's inventory items (none when the variant does not manage inventory) and what is
 * reserved for each line already. One query.
 */
export async function loadGalleryOrderForPayment(
  source: PgSource,
  by: { orderId: string } | { paymentIntentId: string }
): Promise<GalleryOrderForPayment | null> {
  const [statement, value] =
    "orderId" in by ? [PAYMENT_ORDER_BY_ID, by.orderId] : [PAYMENT_ORDER_BY_INTENT, by.paymentIntentId]
  const { rows } = await runPrepared(toKnex(source), statement, [value])
  const row = rows[0] as GalleryOrderForPayment | undefined
  if (!row) return null
  return {
    ...row,
    items: row.items.map((item) => ({
      ...item,
      inventory: item.inventory.map((link) => ({
        ...link,
        required_quantity: Number(link.required_quantity),
        line_reserved: Number(link.line_reserved),
      })),
    })),
  }
}

// ------------------------------------------------------------------------------------------------------------
// Payouts

export type PendingPayout = {
  id: string
  artist_order_id: string
  gallery_order_id: string
  organization_id: string
  amount_cents: number
  /** The payout as the payment created it: more than amount_cents once a refund cut it before its transfer. */
  original_amount_cents: number
  destination: string
  transfer_group: string
  payment_intent_id: string
  public_id: string
}

/** A transferable payout with its retry state (the payouts job's back-off and existing-transfer check). */
export type TransferablePayout = PendingPayout & {
  created_at: Date
  attempt_count: number
  first_attempted_at: Date | null
}

/**
 * The organization `org` has a connected account that can receive payouts: payouts enabled and the transfers
 * capability active (lib/payout-onboarding.ts, canReceivePayouts).
 */
const ORGANIZATION_CAN_RECEIVE_PAYOUTS = `org.stripe_account_id IS NOT NULL AND org.stripe_account_id <> ''
       AND org.payouts_enabled AND org.transfers_active`

/**
 * Payouts still waiting for their transfer whose organization now has an account that can receive them, of orders
 * that were paid (not cancelled), and whose next attempt is due at `dueAt` (never attempted, or backed off until
 * then). Oldest first. `orderIds` narrows to those orders, `organizationId` to one organization.
 */
export async function listTransferablePayouts(
  source: PgSource,
  /** `dueAt`: only payouts whose back-off has elapsed by then; null: every pending payout (the first attempt). */
  options: { dueAt: Date | null; orderIds?: readonly string[]; organizationId?: string; limit?: number }
): Promise<TransferablePayout[]> {
  const bindings: unknown[] = [PAID_OR_LATER]
  let dueFilter = ""
  if (options.dueAt) {
    dueFilter = "AND (p.next_attempt_at IS NULL OR p.next_attempt_at <= ?)"
    bindings.push(options.dueAt)
  }
  let orderFilter = ""
  if (options.orderIds) {
    orderFilter = "AND o.id = ANY(?::text[])"
    bindings.push(options.orderIds)
  }
  let organizationFilter = ""
  if (options.organizationId) {
    organizationFilter = "AND p.organization_id = ?"
    bindings.push(options.organizationId)
  }
  bindings.push(Math.max(1, Math.min(options.limit ?? 500, 5000)))
  const { rows } = await toKnex(source).raw(
    `SELECT p.id, p.artist_order_id, p.gallery_order_id, p.organization_id, p.amount_cents,
            (SELECT ao.payout_cents FROM gallery_artist_order ao WHERE ao.id = p.artist_order_id) AS original_amount_cents,
            org.stripe_account_id AS destination, o.transfer_group, o.payment_intent_id, o.public_id,
            p.created_at, p.attempt_count, p.first_attempted_at
     FROM gallery_payout p
     JOIN gallery_order o ON o.id = p.gallery_order_id AND o.deleted_at IS NULL
     JOIN organization org ON org.id = p.organization_id AND org.deleted_at IS NULL
     WHERE p.status = 'pending' AND p.deleted_at IS NULL AND p.held_at IS NULL AND p.amount_cents > 0
       AND ${ORGANIZATION_CAN_RECEIVE_PAYOUTS}
       AND o.status = ANY(?::text[]) AND o.payment_intent_id IS NOT NULL
       ${dueFilter} ${orderFilter} ${organizationFilter}
     ORDER BY p.created_at ASC, p.id ASC
     LIMIT ?`,
    bindings as Knex.RawBinding[]
  )
  return rows as TransferablePayout[]
}

/** An organization's payouts waiting for their transfer (orders paid, not cancelled): how many, and their sum. */
export async function pendingPayoutsOfOrganization(
  source: PgSource,
  organizationId: string
): Promise<{ count: number; amount_cents: number }> {
  const { rows } = await toKnex(source).raw(
    `SELECT count(*)::int AS count, coalesce(sum(p.amount_cents), 0)::bigint AS amount_cents
     FROM gallery_payout p
     JOIN gallery_order o ON o.id = p.gallery_order_id AND o.deleted_at IS NULL
     WHERE p.organization_id = ? AND p.status = 'pending' AND p.deleted_at IS NULL AND o.status = ANY(?::text[])`,
    [organizationId, PAID_OR_LATER] as Knex.RawBinding[]
  )
  return { count: Number(rows[0].count), amount_cents: Number(rows[0].amount_cents) }
}

// ------------------------------------------------------------------------------------------------------------
// Order tracking (spec 4.5)

type PublicItemRow = OrderItemRow
type PublicReturnRow = {
  id: string
  status: string
  instructions: string | null
  refusal_reason: string | null
  items: { product_id: string; quantity: number }[]
  requested_at: string
}
type PublicArtistOrderRow = ArtistOrderFieldsRow & { org_id: string; items: PublicItemRow[]; returns: PublicReturnRow[] | null }
type PublicOrderRow = {
  public_id: string
  status: GalleryOrderStatus
  total_cents: number
  subtotal_cents: number
  shipping_cents: number
  gallery_fee_cents: number
  stripe_fee_cents: number
  email: string
  shipping_option: string
  shipping_address: Record<string, unknown> | null
  created_at: Date
  paid_at: Date | null
  artist_orders: PublicArtistOrderRow[]
}

/**
 * The public order view: no internal ids (order, artist order, item), no payment-intent, charge or transfer ids,
 * no payment method details. Artist orders keep `orgId` (the organization is public, and the addresses route
 * names an artist order by it). Status by rule B (viewStatus); a tracking URL derived from the number when none
 * was stored. `email` is masked (`a***@example.com`, maskEmail): anyone holding the public id reads this view, and the
 * full email is the second key of the addresses route (docs/decisions.md, "Per-artist addresses need the order's
 * email").
 */
export function toPublicOrderView(row: PublicOrderRow) {
  const artistStatuses = row.artist_orders.map((a) => a.status)
  const withShipping = chargesShipping(row.artist_orders)
  return {
    publicId: row.public_id,
    status: viewStatus(row.status, artistStatuses),
    total: fromCents(row.total_cents),
    subtotal: fromCents(row.subtotal_cents),
    ...(withShipping ? { shipping: fromCents(row.shipping_cents) } : {}),
    galleryFee: fromCents(row.gallery_fee_cents),
    stripeFee: fromCents(row.stripe_fee_cents),
    email: maskEmail(row.email),
    shippingOption: row.shipping_option,
    shippingAddress: row.shipping_address ?? null,
    createdAt: iso(row.created_at),
    paidAt: iso(row.paid_at),
    artistOrders: row.artist_orders.map((a) => ({
      orgId: a.org_id,
      ...artistOrderFields(a, withShipping),
      items: a.items.map(orderItemFields),
      // The customer's returns to this artist (docs/returns.md): what to do next, without the reason they gave.
      ...(a.returns?.length
        ? {
            returns: a.returns.map((r) => ({
              id: r.id,
              status: r.status,
              instructions: r.instructions,
              refusalReason: r.refusal_reason,
              items: r.items.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
              requestedAt: iso(r.requested_at),
            })),
          }
        : {}),
    })),
  }
}

export type PublicGalleryOrder = ReturnType<typeof toPublicOrderView>

// The items of artist order `ao` as a JSON array (PublicItemRow), in the order they were recorded.
const ARTIST_ORDER_ITEMS_JSON = `coalesce((
                         SELECT json_agg(json_build_object(
                                  'product_id', i.product_id, 'product_name', i.product_name, 'quantity', i.quantity,
                                  'price_cents', i.price_cents, 'image', i.image) ORDER BY i.created_at, i.id)
                         FROM gallery_artist_order_item i
                         WHERE i.artist_order_id = ao.id AND i.deleted_at IS NULL
                       ), '[]'::json)`

/** The public view of the order with this public id, or null. One query. */
export async function getPublicGalleryOrder(source: PgSource, publicId: string): Promise<PublicGalleryOrder | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT o.public_id, o.status, o.total_cents, o.subtotal_cents, o.shipping_cents, o.gallery_fee_cents,
            o.stripe_fee_cents, o.email, o.shipping_option, o.shipping_address, o.created_at, o.paid_at,
            coalesce((
              SELECT json_agg(json_build_object(
                       'org_id', ao.organization_id, 'artist_name', ao.artist_name, 'status', ao.status,
                       'subtotal_cents', ao.subtotal_cents, 'shipping_cents', ao.shipping_cents,
                       'shipping_option_name', ao.shipping_option_name, 'payout_cents', ao.payout_cents,
                       'tracking_number', ao.tracking_number, 'tracking_url', ao.tracking_url,
                       'shipped_at', ao.shipped_at, 'shipping_address', ao.shipping_address,
                       'refunded_cents', ao.refunded_cents, 'return_status', ${LATEST_RETURN_STATUS_SQL},
                       'returns', (SELECT json_agg(json_build_object('id', r.id, 'status', r.status,
                                     'instructions', r.instructions, 'refusal_reason', r.refusal_reason,
                                     'items', r.items, 'requested_at', r.requested_at) ORDER BY r.requested_at, r.id)
                                   FROM gallery_return r WHERE r.artist_order_id = ao.id AND r.deleted_at IS NULL),
                       'items', ${ARTIST_ORDER_ITEMS_JSON}) ORDER BY ao.created_at, ao.id)
              FROM gallery_artist_order ao
              WHERE ao.gallery_order_id = o.id AND ao.deleted_at IS NULL
            ), '[]'::json) AS artist_orders
     FROM gallery_order o
     WHERE o.public_id = ? AND o.deleted_at IS NULL`,
    [publicId]
  )
  const row = rows[0] as PublicOrderRow | undefined
  return row ? toPublicOrderView(row) : null
}

// ------------------------------------------------------------------------------------------------------------
// Notifications

export type GalleryOrderForEmail = {
  id: string
  public_id: string
  /** The buyer's `gallery_ref` session at checkout, if any (referral attribution). */
  referral_session_id: string | null
  email: string
  total_cents: number
  subtotal_cents: number
  shipping_cents: number
  gallery_fee_cents: number
  stripe_fee_cents: number
  shipping_option: string
  shipping_address: Record<string, unknown> | null
  paid_at: Date | null
  artist_orders: {
    id: string
    organization_id: string
    artist_name: string
    subtotal_cents: number
    shipping_cents: number
    shipping_option_name: string | null
    payout_cents: number
    shipping_address: Record<string, unknown> | null
    items: PublicItemRow[]
  }[]
}

/** What the paid-order side effects need (emails, referral attribution). One query. */
export async function getGalleryOrderForEmail(source: PgSource, orderId: string): Promise<GalleryOrderForEmail | null> {
  return (await getGalleryOrdersForEmail(source, [orderId]))[0] ?? null
}

/** Several orders as getGalleryOrderForEmail reads them, in one query (the outbox delivers emails in batches). */
export async function getGalleryOrdersForEmail(source: PgSource, orderIds: string[]): Promise<GalleryOrderForEmail[]> {
  if (!orderIds.length) return []
  const { rows } = await toKnex(source).raw(
    `SELECT o.id, o.public_id, o.referral_session_id, o.email, o.total_cents, o.subtotal_cents, o.shipping_cents,
            o.gallery_fee_cents, o.stripe_fee_cents, o.shipping_option, o.shipping_address, o.paid_at,
            coalesce((
              SELECT json_agg(json_build_object(
                       'id', ao.id, 'organization_id', ao.organization_id, 'artist_name', ao.artist_name,
                       'subtotal_cents', ao.subtotal_cents, 'shipping_cents', ao.shipping_cents,
                       'shipping_option_name', ao.shipping_option_name, 'payout_cents', ao.payout_cents,
                       'shipping_address', ao.shipping_address,
                       'items', ${ARTIST_ORDER_ITEMS_JSON}) ORDER BY ao.created_at, ao.id)
              FROM gallery_artist_order ao
              WHERE ao.gallery_order_id = o.id AND ao.deleted_at IS NULL
            ), '[]'::json) AS artist_orders
     FROM gallery_order o
     WHERE o.id = ANY(?::text[]) AND o.deleted_at IS NULL
     ORDER BY o.created_at, o.id`,
    [orderIds]
  )
  return rows as GalleryOrderForEmail[]
}
