import type { OrderFactsRow } from "../../lib/order-book"
import type { Cursor, Filter } from "../../lib/v1-query"
import { filterConditions } from "./platform-products"
import { ORDER_REFUND_COLUMNS, orderContextJoins, orderFactsJoins } from "./order-book"

/**
 * SQL over Medusa's order tables for the platform API's orders (`GET /v1/orders`, `GET /v1/orders/{id}`): the
 * organization's Medusa orders (its sales channel's), the one order book of docs/order-book.md, newest first.
 *
 * Paging is a keyset on (created_at, id) DESC: the organization's sales channel is one equality, so the index
 * `IDX_atelier_order_sales_channel_created_at` (platform module migration) walks the orders in page order and the
 * statement stops after per_page + 1 matches, at any depth. The figures each order needs (amounts, payment,
 * fulfilment, the gallery artist order) are LATERAL lookups evaluated for the rows walked only. The status
 * expression is the order book's (src/queries/medusa/order-book.ts, orderBookStatus in src/lib/order-book.ts), and
 * each row carries the facts (OrderFactsRow) its payment status is derived from, as the dashboard's; the platform
 * suite checks that both read the same status and payment status for the same orders.
 */

export type PlatformOrderRow = OrderFactsRow & {
  id: string
  display_id: number
  status: string
  source: "store" | "gallery"
  currency_code: string
  email: string | null
  customer_id: string | null
  customer_name: string | null
  subtotal: string | number
  tax_amount: string | number
  shipping_cost: string | number
  created_at: Date
  /** created_at in microseconds (UTC), for the cursor. */
  cursor_time: string
  items?: { id: string; title: string; quantity: string | number }[]
  /** What refunds from Atelier gave back of the order, gallery or store (null: none; docs/refunds.md). */
  refunded_cents: number | null
}

/** Columns a filter may name (over the derived row `f`). */
const COLUMNS: Record<string, { sql: string; type: string }> = {
  status: { sql: "f.status", type: "text" },
  source: { sql: "f.source", type: "text" },
  total: { sql: "f.total", type: "numeric" },
  created_at: { sql: "f.created_at", type: "timestamptz" },
}

/** Every order of the sales channel `sc` (an alias in scope) with its derived figures, one row per order. */
const ORDER_ROWS = (where: string) => `
  SELECT o.id, o.display_id, o.currency_code, o.email, o.customer_id, o.created_at, o.version,
         to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_time,
         CASE WHEN o.metadata->>'source' = 'gallery' THEN 'gallery' ELSE 'store' END AS source,
         (o.metadata->>'source' = 'gallery') AS is_gallery, o.status::text AS medusa_status,
         gallery.artist_status, gallery.gallery_status, ${ORDER_REFUND_COLUMNS},
         ful.fulfilled, ful.shipped, ful.delivered,
         nullif(trim(concat_ws(' ', addr.first_name, addr.last_name)), '') AS customer_name,
         amounts.subtotal, amounts.tax_amount, shipping.shipping_cost, paid.paid_amount,
         amounts.subtotal + amounts.tax_amount + shipping.shipping_cost AS total,
         CASE
           WHEN o.metadata->>'source' = 'gallery' AND gallery.artist_status IS NOT NULL THEN
             CASE WHEN gallery.gallery_status = 'cancelled' THEN 'cancelled' ELSE gallery.artist_status END
           WHEN o.status::text = 'canceled' THEN 'cancelled'
           WHEN ful.delivered THEN 'delivered'
           WHEN ful.shipped THEN 'shipped'
           WHEN ful.fulfilled THEN 'processing'
           WHEN paid.paid_amount >= amounts.subtotal + amounts.tax_amount + shipping.shipping_cost THEN 'paid'
           ELSE 'pending'
         END AS status
  FROM "order" o
  LEFT JOIN order_address addr ON addr.id = o.shipping_address_id
${orderContextJoins("o")}
${orderFactsJoins("o")}
  WHERE ${where}`

/** The organization's one sales channel (binding: organization id), as a scalar so the index sees an equality. */
const SALES_CHANNEL = `(SELECT osc.sales_channel_id FROM organization_organization_sales_channel_sales_channel osc
    WHERE osc.organization_id = ? AND osc.deleted_at IS NULL ORDER BY osc.sales_channel_id LIMIT 1)`

const ITEMS = (alias: string) => `coalesce((
  SELECT json_agg(json_build_object('id', li.id, 'title', li.title, 'quantity', oi.quantity) ORDER BY li.created_at, li.id)
  FROM order_item oi JOIN order_line_item li ON li.id = oi.item_id AND li.deleted_at IS NULL
  WHERE oi.order_id = ${alias}.id AND oi.version = ${alias}.version AND oi.deleted_at IS NULL), '[]'::json) AS items`

/**
 * One page of the organization's orders after `cursor` (or at `offset`, the deprecated paging), `limit` rows
 * (ask for one more than the page to learn whether more follow).
 */
export function platformOrdersQuery(input: {
  organizationId: string
  filters: Filter[]
  cursor: Cursor | null
  offset: number
  limit: number
}): { sql: string; bindings: unknown[] } {
  const bindings: unknown[] = [input.organizationId]
  const where = [`o.sales_channel_id = ${SALES_CHANNEL}`, "o.deleted_at IS NULL", "o.is_draft_order = false"]
  // Filters on the order's own columns narrow the index walk; the derived ones are checked on each row walked.
  const own = input.filters.filter((f) => f.field === "created_at")
  const derived = input.filters.filter((f) => f.field !== "created_at")
  where.push(...filterConditions(own, { created_at: { sql: "o.created_at", type: "timestamptz" } }, bindings))
  if (input.cursor) {
    where.push("(o.created_at, o.id) < (?::timestamptz, ?)")
    bindings.push(input.cursor.createdAt, input.cursor.id)
  }
  const outer = filterConditions(derived, COLUMNS, bindings)
  bindings.push(input.limit, input.offset)
  const sql = `
SELECT f.* FROM (${ORDER_ROWS(where.join(" AND "))}
  ORDER BY o.created_at DESC, o.id DESC
) f${outer.length ? `\nWHERE ${outer.join(" AND ")}` : ""}
ORDER BY f.created_at DESC, f.id DESC
LIMIT ? OFFSET ?`
  return { sql, bindings }
}

/** One order of the organization (bindings: order id, then the organization id), with its items. */
export const PLATFORM_ORDER_BY_ID_SQL = `
SELECT f.*, ${ITEMS("f")}, osc.organization_id
FROM (${ORDER_ROWS("o.id = ? AND o.deleted_at IS NULL AND o.is_draft_order = false")}) f
JOIN "order" oo ON oo.id = f.id
LEFT JOIN organization_organization_sales_channel_sales_channel osc
  ON osc.sales_channel_id = oo.sales_channel_id AND osc.deleted_at IS NULL AND osc.organization_id = ?`
