import type { ArtistOrderStatus, GalleryOrderStatus } from "../../lib/gallery-order-status"
import { derivedOrderId, type OrderBookStatus } from "../../lib/order-book"
import { preparedStatement, runPrepared, toKnex, type PgSource } from "../pg"

/**
 * SQL over Medusa's order, fulfilment and link tables for the one order book (docs/order-book.md): the gallery
 * artist order a mirror is made from, the organization's orders (its sales channel's) for the dashboard routes and
 * analytics. Every table and column of Medusa read here is listed in MEDUSA_TABLES (tables.ts), which the Medusa
 * schema suite checks. Each function is ONE statement.
 */

// gallery_gallery_artist_order_order_order is the link table Medusa generates for src/links/artist-order-order.ts
// (its name is Medusa's convention: module, table, module, table).

// ------------------------------------------------------------------------------------------------------------
// The mirror's source

export type OrderBookSourceItem = {
  id: string
  product_id: string
  variant_id: string | null
  product_name: string
  quantity: number
  price_cents: number
  image: string | null
  sku: string | null
}

export type OrderBookSource = {
  artist_order_id: string
  organization_id: string
  artist_status: ArtistOrderStatus
  subtotal_cents: number
  /** The artist's shipping charge and the Medusa shipping option it came from (null: the artist has no rates). */
  shipping_cents: number
  shipping_option_id: string | null
  shipping_option_name: string | null
  carrier: string | null
  tracking_number: string | null
  tracking_url: string | null
  artist_shipping_address: Record<string, unknown> | null
  gallery_order_id: string
  public_id: string
  gallery_status: GalleryOrderStatus
  email: string
  gallery_shipping_address: Record<string, unknown> | null
  sales_channel_id: string | null
  /** The linked Medusa order. */
  linked_order_id: string | null
  /** A Medusa order marked with this artist order but not linked (a mirror whose run died before the link). */
  orphan_order_id: string | null
  /** What the artist order's succeeded refunds gave back of its merchandise and shipping (docs/refunds.md). */
  refunded_goods_cents: number
  items: OrderBookSourceItem[]
}

/**
 * Everything a mirror of each of these artist orders needs, and the mirror that exists already (linked or orphan).
 * An orphan is looked up by the id its mirror would have (derivedOrderId) and must name the artist order in its
 * metadata: a primary-key read, where a search of the channel's orders by metadata grew with the order book.
 */
export async function getOrderBookSources(source: PgSource, artistOrderIds: string[]): Promise<OrderBookSource[]> {
  if (!artistOrderIds.length) return []
  const { rows } = await toKnex(source).raw(
    `WITH target AS (
       SELECT ao.*, t.mirror_id,
              (SELECT osc.sales_channel_id FROM organization_organization_sales_channel_sales_channel osc
               WHERE osc.organization_id = ao.organization_id AND osc.deleted_at IS NULL LIMIT 1) AS sales_channel_id
       FROM unnest(?::text[], ?::text[]) AS t(artist_order_id, mirror_id)
       JOIN gallery_artist_order ao ON ao.id = t.artist_order_id AND ao.deleted_at IS NULL
     )
     SELECT ao.id AS artist_order_id, ao.organization_id, ao.status AS artist_status, ao.subtotal_cents,
            ao.shipping_cents, ao.shipping_option_id, ao.shipping_option_name, ao.carrier, ao.tracking_number, ao.tracking_url, ao.shipping_address AS artist_shipping_address,
            g.id AS gallery_order_id, g.public_id, g.status AS gallery_status, g.email,
            g.shipping_address AS gallery_shipping_address, ao.sales_channel_id,
            (SELECT l.order_id FROM gallery_gallery_artist_order_order_order l
             WHERE l.gallery_artist_order_id = ao.id AND l.deleted_at IS NULL ORDER BY l.created_at LIMIT 1) AS linked_order_id,
            (SELECT o.id FROM "order" o
             WHERE o.id = ao.mirror_id AND o.metadata->>'artist_order_id' = ao.id AND o.deleted_at IS NULL) AS orphan_order_id,
            (SELECT coalesce(sum(r.merchandise_cents + r.shipping_cents), 0)::int FROM gallery_refund r
             WHERE r.artist_order_id = ao.id AND r.status = 'succeeded' AND r.deleted_at IS NULL) AS refunded_goods_cents,
            coalesce((SELECT json_agg(json_build_object(
                        'id', i.id, 'product_id', i.product_id, 'variant_id', i.variant_id,
                        'product_name', i.product_name, 'quantity', i.quantity, 'price_cents', i.price_cents,
                        'image', i.image, 'sku', v.sku) ORDER BY i.created_at, i.id)
                      FROM gallery_artist_order_item i
                      LEFT JOIN product_variant v ON v.id = i.variant_id
                      WHERE i.artist_order_id = ao.id AND i.deleted_at IS NULL), '[]'::json) AS items
     FROM target ao
     JOIN gallery_order g ON g.id = ao.gallery_order_id AND g.deleted_at IS NULL
     ORDER BY ao.created_at, ao.id`,
    [artistOrderIds, artistOrderIds.map(derivedOrderId)]
  )
  return (rows as OrderBookSource[]).map((row) => ({ ...row, orphan_order_id: row.linked_order_id ? null : row.orphan_order_id }))
}

/** The mirror source of one artist order (null when unknown). */
export async function getOrderBookSource(source: PgSource, artistOrderId: string): Promise<OrderBookSource | null> {
  const [row] = await getOrderBookSources(source, [artistOrderId])
  return row ?? null
}

/** The artist orders of these gallery orders (the paid handler mirrors each). */
export async function listArtistOrderIdsOfGalleryOrders(source: PgSource, galleryOrderIds: string[]): Promise<string[]> {
  if (!galleryOrderIds.length) return []
  const { rows } = await toKnex(source).raw(
    `SELECT id FROM gallery_artist_order WHERE gallery_order_id = ANY(?::text[]) AND deleted_at IS NULL ORDER BY created_at, id`,
    [galleryOrderIds]
  )
  return (rows as { id: string }[]).map((r) => r.id)
}

/**
 * Paid (or later) artist orders whose Medusa mirror is missing, oldest first: the back-fill job's work. Skips
 * those paid in the last `graceSeconds` (their outbox handler is about to mirror them).
 */
export async function listArtistOrdersWithoutMirror(
  source: PgSource,
  input: { limit: number; graceSeconds: number }
): Promise<string[]> {
  const { rows } = await toKnex(source).raw(
    `SELECT ao.id FROM gallery_artist_order ao
     WHERE ao.deleted_at IS NULL AND ao.status <> 'pending' AND ao.paid_at < now() - make_interval(secs => ?)
       AND NOT EXISTS (SELECT 1 FROM gallery_gallery_artist_order_order_order l WHERE l.gallery_artist_order_id = ao.id AND l.deleted_at IS NULL)
     ORDER BY ao.paid_at, ao.id
     LIMIT ?`,
    [input.graceSeconds, input.limit]
  )
  return (rows as { id: string }[]).map((r) => r.id)
}

/** The Medusa order's fulfilments (live ones first): what the shipment and delivery sync look at. */
export type MirrorFulfillment = { id: string; shipped_at: Date | null; delivered_at: Date | null; canceled_at: Date | null }

export async function listOrderFulfillments(source: PgSource, orderId: string): Promise<MirrorFulfillment[]> {
  const { rows } = await toKnex(source).raw(
    `SELECT f.id, f.shipped_at, f.delivered_at, f.canceled_at
     FROM order_fulfillment ofl
     JOIN fulfillment f ON f.id = ofl.fulfillment_id AND f.deleted_at IS NULL
     WHERE ofl.order_id = ? AND ofl.deleted_at IS NULL
     ORDER BY f.canceled_at NULLS FIRST, f.created_at, f.id`,
    [orderId]
  )
  return rows as MirrorFulfillment[]
}

/** The Medusa order's status and line items (id, quantity, the gallery item it mirrors). */
export async function getMirrorOrder(
  source: PgSource,
  orderId: string
): Promise<{
  id: string
  status: string
  shipping_option_id: string | null
  items: { id: string; quantity: number; artist_order_item_id: string | null }[]
} | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT o.id, o.status::text AS status,
            (SELECT sm.shipping_option_id FROM order_shipping os
             JOIN order_shipping_method sm ON sm.id = os.shipping_method_id AND sm.deleted_at IS NULL
             WHERE os.order_id = o.id AND os.version = o.version AND os.deleted_at IS NULL
             ORDER BY sm.created_at LIMIT 1) AS shipping_option_id,
            coalesce((SELECT json_agg(json_build_object('id', li.id, 'quantity', oi.quantity,
                        'artist_order_item_id', li.metadata->>'artist_order_item_id') ORDER BY li.created_at, li.id)
                      FROM order_item oi JOIN order_line_item li ON li.id = oi.item_id AND li.deleted_at IS NULL
                      WHERE oi.order_id = o.id AND oi.version = o.version AND oi.deleted_at IS NULL), '[]'::json) AS items
     FROM "order" o WHERE o.id = ? AND o.deleted_at IS NULL`,
    [orderId]
  )
  const row = rows[0]
  if (!row) return null
  return { ...row, items: row.items.map((i: { quantity: unknown }) => ({ ...i, quantity: Number(i.quantity) })) }
}

/**
 * The facts of a Medusa order `alias` that the order book derives its amounts and status from, as lateral joins
 * named `amounts` (subtotal, tax_amount), `shipping` (shipping_cost), `paid` (paid_amount: the captured amount, the
 * order's positive transactions; a refund's negative one does not make a paid order unpaid) and `ful` (fulfilled,
 * shipped, delivered): the dashboard routes and the platform API read the same numbers.
 */
export function orderFactsJoins(alias: string): string {
  return `  LEFT JOIN LATERAL (
    SELECT coalesce(sum(oi.quantity * coalesce(oi.unit_price, li.unit_price)), 0) AS subtotal,
           coalesce(sum(CASE WHEN li.is_tax_inclusive THEN 0 ELSE
             oi.quantity * coalesce(oi.unit_price, li.unit_price) * coalesce((
               SELECT sum(tl.rate) FROM order_line_item_tax_line tl WHERE tl.item_id = li.id AND tl.deleted_at IS NULL
             ), 0) / 100 END), 0) AS tax_amount
    FROM order_item oi JOIN order_line_item li ON li.id = oi.item_id
    WHERE oi.order_id = ${alias}.id AND oi.version = ${alias}.version AND oi.deleted_at IS NULL
  ) amounts ON true
  LEFT JOIN LATERAL (
    SELECT coalesce(sum(sm.amount), 0) AS shipping_cost
    FROM order_shipping os JOIN order_shipping_method sm ON sm.id = os.shipping_method_id AND sm.deleted_at IS NULL
    WHERE os.order_id = ${alias}.id AND os.version = ${alias}.version AND os.deleted_at IS NULL
      AND os.return_id IS NULL AND os.claim_id IS NULL AND os.exchange_id IS NULL
  ) shipping ON true
  LEFT JOIN LATERAL (
    SELECT coalesce(sum(t.amount) FILTER (WHERE t.amount > 0), 0) AS paid_amount FROM order_transaction t
    WHERE t.order_id = ${alias}.id AND t.deleted_at IS NULL
  ) paid ON true
  LEFT JOIN LATERAL (
    SELECT count(*) > 0 AS fulfilled, coalesce(bool_or(f.shipped_at IS NOT NULL), false) AS shipped,
           coalesce(bool_or(f.delivered_at IS NOT NULL), false) AS delivered
    FROM order_fulfillment ofl
    JOIN fulfillment f ON f.id = ofl.fulfillment_id AND f.deleted_at IS NULL AND f.canceled_at IS NULL
    WHERE ofl.order_id = ${alias}.id AND ofl.deleted_at IS NULL
  ) ful ON true`
}

// ------------------------------------------------------------------------------------------------------------
// The organization's orders

/** The name of the CTE holding the organization's orders with their status, for statements built on ORGANIZATION_ORDERS_CTE elsewhere. */
export const ORGANIZATION_ORDERS = "orders"

/**
 * The gallery artist order a Medusa order `alias` mirrors (none for store orders), as a lateral join named `gallery`
 * (artist_order_id, artist_status, subtotal_cents, payout_cents, artist_refunded_cents and artist_refunded_goods_cents
 * (docs/refunds.md), gallery_status, and the artist's shipment: carrier,
 * tracking_number, tracking_url, shipped_at, delivered_at as artist_*). Looked up per order through the
 * link's order_id index: a plain join lets a planner with stale statistics (a young, fast-growing order book) scan the
 * whole link table for every order.
 */
export function galleryContextJoin(alias: string): string {
  return `  LEFT JOIN LATERAL (
    SELECT ao.id AS artist_order_id, ao.status AS artist_status, ao.subtotal_cents, ao.payout_cents,
           ao.refunded_cents AS artist_refunded_cents,
           ao.refunded_merchandise_cents + ao.refunded_shipping_cents AS artist_refunded_goods_cents,
           g.status AS gallery_status, ao.carrier AS artist_carrier, ao.tracking_number AS artist_tracking_number,
           ao.tracking_url AS artist_tracking_url, ao.shipped_at AS artist_shipped_at, ao.delivered_at AS artist_delivered_at
    FROM gallery_gallery_artist_order_order_order aol
    JOIN gallery_artist_order ao ON ao.id = aol.gallery_artist_order_id AND ao.deleted_at IS NULL
    LEFT JOIN gallery_order g ON g.id = ao.gallery_order_id
    WHERE aol.order_id = ${alias}.id AND aol.deleted_at IS NULL
    LIMIT 1
  ) gallery ON true`
}

/**
 * The artist-store payment a Medusa order `alias` was paid through (none for gallery mirrors and other orders), as a
 * lateral join named `store` (store_refunded_cents: what refunds from Atelier gave back of its destination charge,
 * merchandise and shipping; docs/refunds.md "Store orders"). A primary-key read: the order's metadata names its payment
 * (`store_payment_id`, docs/store-checkout.md), which must name the order back.
 */
export function storeContextJoin(alias: string): string {
  return `  LEFT JOIN LATERAL (
    SELECT sp.refunded_cents AS store_refunded_cents
    FROM store_payment sp
    WHERE sp.id = ${alias}.metadata->>'store_payment_id' AND sp.order_id = ${alias}.id AND sp.deleted_at IS NULL
  ) store ON true`
}

/** Both contexts of a Medusa order `alias`: the gallery artist order it mirrors, or the store payment it was paid by. */
export function orderContextJoins(alias: string): string {
  return `${galleryContextJoin(alias)}\n${storeContextJoin(alias)}`
}

/**
 * The columns the order views show refunds from, over orderContextJoins: `refunded_cents`, what the customer got back
 * of the order (a gallery artist order's refunds, fees included, or a store payment's; null without refunds: the views
 * then keep the contract's fields), and `refunded_goods_cents`, what of that was the order's own merchandise and
 * shipping (what its Medusa total counts; 0 without refunds).
 */
export const ORDER_REFUND_COLUMNS = `nullif(coalesce(gallery.artist_refunded_cents, store.store_refunded_cents, 0), 0) AS refunded_cents,
         coalesce(gallery.artist_refunded_goods_cents, store.store_refunded_cents, 0) AS refunded_goods_cents`

/** The order number (`#` and Medusa's display id) of the Medusa order whose id is the SQL expression `orderId`, or null. */
export function orderNumberSql(orderId: string): string {
  return `(SELECT '#' || o.display_id::text FROM "order" o WHERE o.id = ${orderId})`
}

/** A shipping address's person, as the dashboard shows the customer of an order (`addr`: order_address). */
const CUSTOMER_NAME = `nullif(trim(concat_ws(' ', addr.first_name, addr.last_name)), '')`

/**
 * `org_orders`: one row per Medusa order of the organization (its sales channel) with its gallery context and
 * customer name (binding: the organization id, then those of `filters`). `filters` are conditions on the order
 * (`o`) and its shipping address (`addr`) applied here, before any per-order fact is computed, so that a statement
 * about a few orders (one id, a search, a page) costs those orders and not the organization's whole order book.
 */
function orgOrdersCte(filters: string[] = []): string {
  return `
org_orders AS (
  SELECT o.id, o.display_id, o.status::text AS medusa_status, o.email, o.customer_id, o.created_at, o.metadata,
         o.version, o.currency_code, o.shipping_address_id, ${CUSTOMER_NAME} AS customer_name,
         (o.metadata->>'source' = 'gallery') AS is_gallery, o.metadata->>'gallery_public_id' AS gallery_public_id,
         gallery.artist_order_id, gallery.artist_status, gallery.subtotal_cents, gallery.payout_cents,
         ${ORDER_REFUND_COLUMNS},
         -- A store sale's platform fee, recorded on its Medusa order when the payment settled (docs/store-checkout.md).
         CASE WHEN o.metadata->>'platform_fee_cents' ~ '^[0-9]+$' THEN (o.metadata->>'platform_fee_cents')::int END
           AS store_platform_fee_cents,
         gallery.gallery_status, gallery.artist_carrier, gallery.artist_tracking_number, gallery.artist_tracking_url,
         gallery.artist_shipped_at, gallery.artist_delivered_at
  FROM organization_organization_sales_channel_sales_channel osc
  JOIN "order" o ON o.sales_channel_id = osc.sales_channel_id AND o.deleted_at IS NULL AND o.is_draft_order = false
  LEFT JOIN order_address addr ON addr.id = o.shipping_address_id
${orderContextJoins("o")}
  WHERE osc.organization_id = ? AND osc.deleted_at IS NULL${filters.map((f) => `\n    AND ${f}`).join("")}
)`
}

/**
 * `facts` and `orders` over the rows of CTE `rows` (org_orders or a page of it): amounts, fulfilment and the status
 * column, which mirrors orderBookStatus (src/lib/order-book.ts): gallery mirrors follow their artist order, store
 * orders Medusa's own state.
 */
function orderStatusCtes(rows: string): string {
  return `
facts AS (
  SELECT oo.*, amounts.subtotal, amounts.tax_amount, shipping.shipping_cost, paid.paid_amount,
         ful.fulfilled, ful.shipped, ful.delivered,
         amounts.subtotal + amounts.tax_amount + shipping.shipping_cost AS total
  FROM ${rows} oo
${orderFactsJoins("oo")}
),
orders AS (
  SELECT f.*,
    CASE
      WHEN f.is_gallery AND f.artist_status IS NOT NULL THEN
        CASE WHEN f.gallery_status = 'cancelled' THEN 'cancelled' ELSE f.artist_status END
      WHEN f.medusa_status = 'canceled' THEN 'cancelled'
      WHEN f.delivered THEN 'delivered'
      WHEN f.shipped THEN 'shipped'
      WHEN f.fulfilled THEN 'processing'
      WHEN f.paid_amount >= f.total THEN 'paid'
      ELSE 'pending'
    END AS status
  FROM facts f
)`
}

/**
 * The organization's orders as CTEs ending in `orders` (ORGANIZATION_ORDERS): one row per Medusa order with what the
 * dashboard shows and its status. Binding: the organization id, then those of `filters` (see orgOrdersCte).
 */
export function organizationOrdersCte(filters: string[] = []): string {
  return `${orgOrdersCte(filters)},${orderStatusCtes("org_orders")}`
}

/** Every order of the organization (organizationOrdersCte without filters; binding: the organization id). */
export const ORGANIZATION_ORDERS_CTE = organizationOrdersCte()

export type OrganizationOrderRow = {
  id: string
  display_id: number
  medusa_status: string
  status: OrderBookStatus
  email: string | null
  customer_id: string | null
  customer_name: string | null
  created_at: Date
  is_gallery: boolean | null
  gallery_public_id: string | null
  artist_order_id: string | null
  artist_status: ArtistOrderStatus | null
  gallery_status: GalleryOrderStatus | null
  subtotal_cents: number | null
  payout_cents: number | null
  /**
   * What refunds from Atelier gave back of the order: a gallery artist order's or a store payment's (null: none;
   * docs/refunds.md), and what of it was the order's merchandise and shipping (0: none).
   */
  refunded_cents: number | null
  refunded_goods_cents: number
  store_platform_fee_cents: number | null
  /** The gallery's record of the artist's shipment (gallery orders). */
  artist_carrier: string | null
  artist_tracking_number: string | null
  artist_tracking_url: string | null
  artist_shipped_at: Date | string | null
  artist_delivered_at: Date | string | null
  currency_code: string
  subtotal: string | number
  tax_amount: string | number
  shipping_cost: string | number
  total: string | number
  paid_amount: string | number
  fulfilled: boolean
  shipped: boolean
  delivered: boolean
}

export type OrganizationOrdersFilter = {
  organizationId: string
  status?: OrderBookStatus | null
  /** Order number (display id, with or without `#`), customer email or name. */
  search?: string | null
  customerId?: string | null
  limit: number
  offset: number
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * One page of the organization's orders, newest first, with the total count and each order's items — ONE
 * statement (the count is LEFT JOINed to the page, so a page past the end still carries it). The search and the
 * customer filter apply before any per-order fact is computed; without a status filter only the page's orders get
 * their facts, so a page costs the same however many orders the organization has.
 */
export async function listOrganizationOrders(
  source: PgSource,
  filter: OrganizationOrdersFilter
): Promise<{ total: number; rows: (OrganizationOrderRow & { items: OrderItemRow[] })[] }> {
  const filters: string[] = []
  const bindings: unknown[] = [filter.organizationId]
  if (filter.customerId) {
    filters.push("o.customer_id = ?")
    bindings.push(filter.customerId)
  }
  const search = filter.search?.trim()
  if (search) {
    const number = /^#?\d{1,9}$/.test(search) ? Number(search.replace("#", "")) : null
    const pattern = `%${escapeLike(search)}%`
    filters.push(
      `(${number !== null ? "o.display_id = ? OR " : ""}o.email ILIKE ? ESCAPE '\\' OR ${CUSTOMER_NAME} ILIKE ? ESCAPE '\\')`
    )
    if (number !== null) bindings.push(number)
    bindings.push(pattern, pattern)
  }
  // With a status filter every matching order's status is needed before paging; without, the page comes first.
  const ctes = filter.status
    ? `${organizationOrdersCte(filters)},
     filtered AS (SELECT * FROM orders WHERE status = ?),
     page AS (SELECT * FROM filtered ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?),
     total AS (SELECT count(*)::int AS total_count FROM filtered)`
    : `${orgOrdersCte(filters)},
     page_rows AS (SELECT * FROM org_orders ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?),${orderStatusCtes("page_rows")},
     page AS (SELECT * FROM orders),
     total AS (SELECT count(*)::int AS total_count FROM org_orders)`
  if (filter.status) bindings.push(filter.status)
  bindings.push(filter.limit, filter.offset)
  // A named prepared statement per filter shape: the dashboard's order list is read on every visit and planning it
  // cost more than running it (1.6 ms against 0.5 ms).
  const sql = `WITH ${ctes}
     SELECT total.total_count, p.*, ${ITEMS_COLUMN("p")}
     FROM total LEFT JOIN page p ON true
     ORDER BY p.created_at DESC, p.id DESC`
  const { rows } = await runPrepared(toKnex(source), preparedStatement("organization_orders", sql), bindings)
  const total = rows.length ? Number(rows[0].total_count) : 0
  return { total, rows: rows.filter((r: { id: string | null }) => r.id !== null) }
}

export type OrderItemRow = {
  id: string
  title: string
  product_id: string | null
  product_title: string | null
  variant_id: string | null
  variant_sku: string | null
  thumbnail: string | null
  quantity: string | number
  unit_price: string | number
  /** The gallery artist order item a mirror's line was made from (null on store orders). */
  artist_order_item_id: string | null
}

const ITEMS_COLUMN = (alias: string) => `coalesce((
  SELECT json_agg(json_build_object('id', li.id, 'title', li.title, 'product_id', li.product_id,
           'product_title', li.product_title, 'variant_id', li.variant_id, 'variant_sku', li.variant_sku,
           'thumbnail', li.thumbnail, 'quantity', oi.quantity, 'unit_price', coalesce(oi.unit_price, li.unit_price),
           'artist_order_item_id', li.metadata->>'artist_order_item_id')
           ORDER BY li.created_at, li.id)
  FROM order_item oi JOIN order_line_item li ON li.id = oi.item_id AND li.deleted_at IS NULL
  WHERE oi.order_id = ${alias}.id AND oi.version = ${alias}.version AND oi.deleted_at IS NULL), '[]'::json) AS items`

/** The organization that sells a Medusa order (the owner of its sales channel); null for an unknown order. */
export async function getOrderOrganizationId(source: PgSource, orderId: string): Promise<string | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT osc.organization_id FROM "order" o
     LEFT JOIN organization_organization_sales_channel_sales_channel osc
       ON osc.sales_channel_id = o.sales_channel_id AND osc.deleted_at IS NULL
     WHERE o.id = ? AND o.deleted_at IS NULL AND o.is_draft_order = false`,
    [orderId]
  )
  if (!rows.length) return null
  // An order of a sales channel no organization owns is nobody's here: "" reads as found but never a member.
  return rows[0].organization_id ?? ""
}

export type OrderDetailRow = OrganizationOrderRow & {
  items: OrderItemRow[]
  shipping_address: Record<string, string | null> | null
  fulfillments: {
    id: string
    carrier: string | null
    tracking_number: string | null
    tracking_url: string | null
    shipped_at: string | null
    delivered_at: string | null
  }[]
  payout: { amount_cents: number; status: string } | null
}

/** One order of the organization with its items, address, live fulfilments (with labels) and payout. */
export async function getOrganizationOrder(
  source: PgSource,
  input: { organizationId: string; orderId: string }
): Promise<OrderDetailRow | null> {
  const { rows } = await toKnex(source).raw(
    `WITH ${organizationOrdersCte(["o.id = ?"])}
     SELECT o.*, ${ITEMS_COLUMN("o")},
       (SELECT json_build_object('first_name', a.first_name, 'last_name', a.last_name, 'address_1', a.address_1,
                 'address_2', a.address_2, 'city', a.city, 'province', a.province, 'postal_code', a.postal_code,
                 'country_code', a.country_code, 'phone', a.phone)
        FROM order_address a WHERE a.id = o.shipping_address_id) AS shipping_address,
       coalesce((SELECT json_agg(json_build_object('id', f.id, 'carrier', f.metadata->>'carrier',
                   'tracking_number', lbl.tracking_number, 'tracking_url', lbl.tracking_url,
                   'shipped_at', f.shipped_at, 'delivered_at', f.delivered_at) ORDER BY f.created_at, f.id)
                 FROM order_fulfillment ofl
                 JOIN fulfillment f ON f.id = ofl.fulfillment_id AND f.deleted_at IS NULL AND f.canceled_at IS NULL
                 LEFT JOIN LATERAL (
                   SELECT fl.tracking_number, fl.tracking_url FROM fulfillment_label fl
                   WHERE fl.fulfillment_id = f.id AND fl.deleted_at IS NULL ORDER BY fl.created_at DESC LIMIT 1
                 ) lbl ON true
                 WHERE ofl.order_id = o.id AND ofl.deleted_at IS NULL), '[]'::json) AS fulfillments,
       (SELECT json_build_object('amount_cents', p.amount_cents, 'status', p.status) FROM gallery_payout p
        WHERE p.artist_order_id = o.artist_order_id AND p.deleted_at IS NULL) AS payout
     FROM orders o`,
    [input.organizationId, input.orderId]
  )
  return (rows[0] as OrderDetailRow | undefined) ?? null
}

// ------------------------------------------------------------------------------------------------------------
// GET /api/analytics

export type OrderAnalyticsRow = {
  total_orders: number
  completed: number
  pending: number
  revenue: string | number
  top_products: { id: string; title: string; revenue: string | number; quantity: string | number }[]
}

/**
 * The organization's orders created in the last `days` days: counts by status and, over the orders that count as
 * revenue (paid or later, not cancelled), the revenue (order totals less what refunds gave back of their merchandise
 * and shipping, gallery and store orders alike: docs/refunds.md) and the ten best-selling products by revenue.
 */
export async function organizationOrderAnalytics(
  source: PgSource,
  input: { organizationId: string; days: number }
): Promise<OrderAnalyticsRow> {
  const { rows } = await toKnex(source).raw(
    `WITH ${organizationOrdersCte(["o.created_at >= now() - make_interval(days => ?)"])},
     windowed AS (SELECT * FROM orders),
     revenue_orders AS (SELECT * FROM windowed WHERE status NOT IN ('pending', 'cancelled')),
     products AS (
       SELECT coalesce(li.product_id, li.id) AS id, max(coalesce(li.product_title, li.title)) AS title,
              sum(oi.quantity * coalesce(oi.unit_price, li.unit_price)) AS revenue, sum(oi.quantity) AS quantity
       FROM revenue_orders r
       JOIN order_item oi ON oi.order_id = r.id AND oi.version = r.version AND oi.deleted_at IS NULL
       JOIN order_line_item li ON li.id = oi.item_id AND li.deleted_at IS NULL
       GROUP BY coalesce(li.product_id, li.id)
       ORDER BY revenue DESC, id
       LIMIT 10
     )
     SELECT (SELECT count(*)::int FROM windowed) AS total_orders,
            (SELECT count(*)::int FROM windowed WHERE status IN ('shipped', 'delivered')) AS completed,
            (SELECT count(*)::int FROM windowed WHERE status IN ('pending', 'paid', 'processing')) AS pending,
            (SELECT coalesce(sum(total - refunded_goods_cents / 100.0), 0) FROM revenue_orders) AS revenue,
            coalesce((SELECT json_agg(json_build_object('id', p.id, 'title', p.title, 'revenue', p.revenue,
                        'quantity', p.quantity) ORDER BY p.revenue DESC, p.id) FROM products p), '[]'::json) AS top_products`,
    [input.organizationId, input.days]
  )
  return rows[0] as OrderAnalyticsRow
}
