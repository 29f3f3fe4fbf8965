import { orderBookPaymentStatus, orderStatusFacts } from "../lib/order-book"
import { encodeCursor, type Cursor, type Filter } from "../lib/v1-query"
import { PLATFORM_ORDER_BY_ID_SQL, platformOrdersQuery, type PlatformOrderRow } from "./medusa/platform-orders"
import { preparedStatement, runPrepared, toKnex, type PgSource } from "./pg"

/** The platform order (v1): the dashboard list item's fields, its source, and customer/items when expanded. */
export type PlatformOrder = {
  id: string
  order_number: string
  status: string
  payment_status: string
  source: "store" | "gallery"
  currency: string
  subtotal: number
  shipping_cost: number
  tax_amount: number
  total: number
  customer_email: string | null
  created_at: string
  customer?: { id: string | null; name: string | null; email: string | null }
  items?: { id: string; title: string; quantity: number }[]
  /** Only on an order with refunds, gallery or store (docs/refunds.md): what the customer got back of it. */
  refunded_amount?: number
}

const money = (value: string | number) => Math.round(Number(value) * 100) / 100

function toOrder(row: PlatformOrderRow, expand: string[]): PlatformOrder {
  const order: PlatformOrder = {
    id: row.id,
    order_number: `#${row.display_id}`,
    status: row.status,
    // The dashboard's derivation from the same facts (docs/order-book.md): the webhooks' order data is this object.
    payment_status: orderBookPaymentStatus(orderStatusFacts(row)),
    source: row.source,
    currency: row.currency_code,
    subtotal: money(row.subtotal),
    shipping_cost: money(row.shipping_cost),
    tax_amount: money(row.tax_amount),
    total: money(row.total),
    customer_email: row.email,
    created_at: new Date(row.created_at).toISOString(),
  }
  if (row.refunded_cents) order.refunded_amount = row.refunded_cents / 100
  if (expand.includes("customer")) order.customer = { id: row.customer_id, name: row.customer_name, email: row.email }
  if (expand.includes("items")) {
    order.items = (row.items ?? []).map((item) => ({ id: item.id, title: item.title, quantity: Number(item.quantity) }))
  }
  return order
}

/**
 * A page of the organization's orders, newest first: after `cursor`, or at page `page` (deprecated offset
 * paging). One statement; `next_cursor` points after the page's last order whenever more follow.
 */
export async function listPlatformOrders(
  source: PgSource,
  input: { organizationId: string; filters: Filter[]; cursor: Cursor | null; page: number | null; perPage: number }
): Promise<{ orders: PlatformOrder[]; hasMore: boolean; nextCursor: string | null }> {
  const { sql, bindings } = platformOrdersQuery({
    organizationId: input.organizationId,
    filters: input.filters,
    cursor: input.cursor,
    offset: input.page ? (input.page - 1) * input.perPage : 0,
    limit: input.perPage + 1,
  })
  const result = await runPrepared(toKnex(source), preparedStatement("platform_orders", sql), bindings)
  const rows = (result.rows ?? []) as PlatformOrderRow[]
  const hasMore = rows.length > input.perPage
  const page = rows.slice(0, input.perPage)
  const last = page[page.length - 1]
  return {
    orders: page.map((row) => toOrder(row, [])),
    hasMore,
    nextCursor: hasMore && last ? encodeCursor({ createdAt: last.cursor_time, id: last.id }) : null,
  }
}

const BY_ID = preparedStatement("platform_order_by_id", PLATFORM_ORDER_BY_ID_SQL)

/** One order: `found` false for an unknown id, `mine` false for another organization's order. */
export async function getPlatformOrder(
  source: PgSource,
  input: { organizationId: string; orderId: string; expand: string[] }
): Promise<{ found: false } | { found: true; mine: boolean; order: PlatformOrder }> {
  const result = await runPrepared(toKnex(source), BY_ID, [input.orderId, input.organizationId])
  const row = result.rows?.[0] as (PlatformOrderRow & { organization_id: string | null }) | undefined
  if (!row) return { found: false }
  return { found: true, mine: row.organization_id !== null, order: toOrder(row, input.expand) }
}
