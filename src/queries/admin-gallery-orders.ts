import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { ArtistOrderStatus, GalleryOrderStatus } from "../lib/gallery-order-status"
import { fromCents } from "../lib/money"
import { iso, LATEST_RETURN_STATUS_SQL } from "./order-views"
import { toKnex, type PgSource } from "./pg"

/**
 * The administrators' reads of gallery orders (the admin extension's "Gallery orders" pages): a page of parent
 * orders, and one order with its artist orders, items, payouts (with their transfer and reversal ids) and status
 * transitions. Unlike the public tracking view these show internal ids and the money path's references. One
 * statement each; only the app's own tables.
 */

export type AdminGalleryOrderListFilters = {
  status?: GalleryOrderStatus
  /** Case-insensitive substring of the public id or the customer's email. */
  q?: string
  limit: number
  offset: number
}

type ListRow = {
  id: string
  public_id: string
  status: GalleryOrderStatus
  email: string
  shipping_option: string
  subtotal_cents: number
  gallery_fee_cents: number
  total_cents: number
  created_at: Date
  paid_at: Date | null
  cancelled_at: Date | null
  artists: string[]
  total_count: string | number
}

/** Escapes LIKE wildcards so that `q` matches literally. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Newest first, with the artists' names (snapshots taken at checkout) and the total number of matches. */
export async function listAdminGalleryOrders(source: PgSource, filters: AdminGalleryOrderListFilters) {
  const where = ["o.deleted_at IS NULL"]
  const bindings: unknown[] = []
  if (filters.status) {
    where.push("o.status = ?")
    bindings.push(filters.status)
  }
  if (filters.q) {
    where.push("(o.public_id ILIKE ? OR o.email ILIKE ?)")
    bindings.push(likePattern(filters.q), likePattern(filters.q))
  }
  bindings.push(filters.limit, filters.offset)
  // The count rides on a LEFT JOIN from a one-row subquery, so an empty page still answers the total.
  const { rows } = await toKnex(source).raw(
    `WITH matches AS (
       SELECT o.* FROM gallery_order o WHERE ${where.join(" AND ")}
     ),
     page AS (
       SELECT m.id, m.public_id, m.status, m.email, m.shipping_option, m.subtotal_cents, m.gallery_fee_cents,
              m.total_cents, m.created_at, m.paid_at, m.cancelled_at,
              coalesce((SELECT array_agg(ao.artist_name ORDER BY ao.created_at, ao.id) FROM gallery_artist_order ao
                        WHERE ao.gallery_order_id = m.id AND ao.deleted_at IS NULL), '{}') AS artists
       FROM matches m ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?
     )
     SELECT page.*, total.n AS total_count
     FROM (SELECT count(*) AS n FROM matches) total LEFT JOIN page ON true`,
    bindings as Knex.RawBinding[]
  )
  const list = rows as ListRow[]
  const count = list.length ? Number(list[0].total_count) : 0
  return {
    orders: list.filter((row) => row.id !== null).map(adminGalleryOrderListView),
    count,
  }
}

function adminGalleryOrderListView(row: ListRow) {
  return {
    id: row.id,
    publicId: row.public_id,
    status: row.status,
    email: row.email,
    shippingOption: row.shipping_option,
    subtotal: fromCents(row.subtotal_cents),
    galleryFee: fromCents(row.gallery_fee_cents),
    total: fromCents(row.total_cents),
    artists: row.artists,
    createdAt: iso(row.created_at),
    paidAt: iso(row.paid_at),
    cancelledAt: iso(row.cancelled_at),
  }
}

export type AdminGalleryOrderListItem = ReturnType<typeof adminGalleryOrderListView>

type PayoutRow = {
  id: string
  status: "pending" | "transferred" | "reversed" | "failed"
  amount_cents: number
  destination: string | null
  transfer_id: string | null
  reversal_id: string | null
  failure_reason: string | null
  attempt_count: number
  transferred_at: string | null
  reversed_at: string | null
  next_attempt_at: string | null
}

type DetailArtistOrderRow = {
  id: string
  organization_id: string
  artist_name: string
  organization_slug: string | null
  status: ArtistOrderStatus
  subtotal_cents: number
  payout_cents: number
  shipping_address: Record<string, unknown> | null
  carrier: string | null
  tracking_number: string | null
  tracking_url: string | null
  paid_at: string | null
  shipped_at: string | null
  delivered_at: string | null
  items: { id: string; product_id: string; product_name: string; quantity: number; price_cents: number; image: string | null }[]
  payout: PayoutRow | null
  refunded_cents: number
  return_status: string | null
}

type DetailRow = Omit<ListRow, "artists" | "total_count"> & {
  stripe_fee_cents: number
  currency_code: string
  shipping_address: Record<string, unknown> | null
  payment_intent_id: string | null
  transfer_group: string
  refund_id: string | null
  payment_failure: string | null
  artist_orders: DetailArtistOrderRow[]
  transitions: {
    artist_order_id: string | null
    from_status: string | null
    to_status: string
    occurred_at: string
  }[]
}

/** One gallery order by its internal id or its public id, or null. One statement. */
export async function getAdminGalleryOrder(source: PgSource, idOrPublicId: string) {
  const { rows } = await toKnex(source).raw(
    `SELECT o.id, o.public_id, o.status, o.email, o.shipping_option, o.shipping_address, o.subtotal_cents,
            o.gallery_fee_cents, o.stripe_fee_cents, o.total_cents, o.currency_code, o.payment_intent_id,
            o.transfer_group, o.refund_id, o.payment_failure, o.created_at, o.paid_at, o.cancelled_at,
            coalesce((
              SELECT json_agg(json_build_object(
                       'id', ao.id, 'organization_id', ao.organization_id, 'artist_name', ao.artist_name,
                       'organization_slug', org.slug, 'status', ao.status, 'subtotal_cents', ao.subtotal_cents,
                       'payout_cents', ao.payout_cents, 'shipping_address', ao.shipping_address,
                       'carrier', ao.carrier, 'tracking_number', ao.tracking_number, 'tracking_url', ao.tracking_url,
                       'paid_at', ao.paid_at, 'shipped_at', ao.shipped_at, 'delivered_at', ao.delivered_at,
                       'refunded_cents', ao.refunded_cents, 'return_status', ${LATEST_RETURN_STATUS_SQL},
                       'items', coalesce((
                         SELECT json_agg(json_build_object(
                                  'id', i.id, 'product_id', i.product_id, 'product_name', i.product_name,
                                  'quantity', i.quantity, 'price_cents', i.price_cents, 'image', i.image)
                                ORDER BY i.created_at, i.id)
                         FROM gallery_artist_order_item i WHERE i.artist_order_id = ao.id AND i.deleted_at IS NULL
                       ), '[]'::json),
                       'payout', (
                         SELECT json_build_object(
                                  'id', p.id, 'status', p.status, 'amount_cents', p.amount_cents,
                                  'destination', p.destination, 'transfer_id', p.transfer_id,
                                  'reversal_id', p.reversal_id, 'failure_reason', p.failure_reason,
                                  'attempt_count', p.attempt_count, 'transferred_at', p.transferred_at,
                                  'reversed_at', p.reversed_at, 'next_attempt_at', p.next_attempt_at)
                         FROM gallery_payout p WHERE p.artist_order_id = ao.id AND p.deleted_at IS NULL
                       )) ORDER BY ao.created_at, ao.id)
              FROM gallery_artist_order ao
              LEFT JOIN organization org ON org.id = ao.organization_id AND org.deleted_at IS NULL
              WHERE ao.gallery_order_id = o.id AND ao.deleted_at IS NULL
            ), '[]'::json) AS artist_orders,
            coalesce((
              SELECT json_agg(json_build_object(
                       'artist_order_id', t.artist_order_id, 'from_status', t.from_status, 'to_status', t.to_status,
                       'occurred_at', t.occurred_at) ORDER BY t.occurred_at, t.created_at, t.id)
              FROM gallery_order_transition t WHERE t.gallery_order_id = o.id AND t.deleted_at IS NULL
            ), '[]'::json) AS transitions
     FROM gallery_order o
     WHERE (o.id = ? OR o.public_id = ?) AND o.deleted_at IS NULL
     LIMIT 1`,
    [idOrPublicId, idOrPublicId]
  )
  const row = rows[0] as DetailRow | undefined
  return row ? adminGalleryOrderDetailView(row) : null
}

function payoutView(p: PayoutRow) {
  return {
    id: p.id,
    status: p.status,
    amount: fromCents(p.amount_cents),
    destination: p.destination,
    transferId: p.transfer_id,
    reversalId: p.reversal_id,
    failureReason: p.failure_reason,
    attemptCount: p.attempt_count,
    transferredAt: iso(p.transferred_at),
    reversedAt: iso(p.reversed_at),
    nextAttemptAt: iso(p.next_attempt_at),
  }
}

function adminGalleryOrderDetailView(row: DetailRow) {
  return {
    ...adminGalleryOrderListView({ ...row, artists: row.artist_orders.map((a) => a.artist_name), total_count: 0 }),
    stripeFee: fromCents(row.stripe_fee_cents),
    currencyCode: row.currency_code,
    shippingAddress: row.shipping_address ?? null,
    paymentIntentId: row.payment_intent_id,
    transferGroup: row.transfer_group,
    refundId: row.refund_id,
    paymentFailure: row.payment_failure,
    artistOrders: row.artist_orders.map((a) => ({
      id: a.id,
      orgId: a.organization_id,
      organizationSlug: a.organization_slug,
      artistName: a.artist_name,
      status: a.status,
      subtotal: fromCents(a.subtotal_cents),
      artistPayout: fromCents(a.payout_cents),
      shippingAddress: a.shipping_address ?? null,
      carrier: a.carrier,
      trackingNumber: a.tracking_number,
      trackingUrl: a.tracking_url,
      paidAt: iso(a.paid_at),
      shippedAt: iso(a.shipped_at),
      deliveredAt: iso(a.delivered_at),
      items: a.items.map((i) => ({
        id: i.id,
        productId: i.product_id,
        productName: i.product_name,
        quantity: i.quantity,
        price: fromCents(i.price_cents),
        image: i.image,
      })),
      payout: a.payout ? payoutView(a.payout) : null,
      // Only once refunded or returned (docs/refunds.md, docs/returns.md).
      ...(a.refunded_cents || a.return_status
        ? { refundedAmount: fromCents(a.refunded_cents), returnStatus: a.return_status ?? "none" }
        : {}),
    })),
    transitions: row.transitions.map((t) => ({
      artistOrderId: t.artist_order_id,
      fromStatus: t.from_status,
      toStatus: t.to_status,
      occurredAt: iso(t.occurred_at),
    })),
  }
}

export type AdminGalleryOrderDetail = ReturnType<typeof adminGalleryOrderDetailView>
