import { toKnex, type PgSource } from "../pg"
import { ORGANIZATION_ORDERS, ORGANIZATION_ORDERS_CTE } from "./order-book"

export type SalesDigestRow = {
  /** Orders created in the period that count as sales (paid, processing, shipped, delivered). */
  orders: number
  revenue: string | number
  gallery_orders: number
  store_orders: number
  /** Created in the period and still waiting to ship (paid or processing). */
  to_ship: number
  top_products: { title: string; quantity: string | number; revenue: string | number }[]
}

/**
 * An organization's sales in [from, to) for its digest email: the order book's orders (statuses and totals as the
 * dashboard shows them, ORGANIZATION_ORDERS_CTE) created in the period, and its three best-selling products by
 * revenue. ONE statement; every Medusa table and column read is listed in MEDUSA_TABLES (tables.ts).
 */
export async function organizationSalesDigest(
  source: PgSource,
  input: { organizationId: string; from: Date; to: Date }
): Promise<SalesDigestRow> {
  const { rows } = await toKnex(source).raw(
    `WITH ${ORGANIZATION_ORDERS_CTE},
     sales AS (
       SELECT * FROM ${ORGANIZATION_ORDERS}
       WHERE created_at >= ? AND created_at < ? AND status IN ('paid', 'processing', 'shipped', 'delivered')
     ),
     products AS (
       SELECT max(coalesce(li.product_title, li.title)) AS title, sum(oi.quantity) AS quantity,
              sum(oi.quantity * coalesce(oi.unit_price, li.unit_price)) AS revenue
       FROM sales s
       JOIN order_item oi ON oi.order_id = s.id AND oi.version = s.version AND oi.deleted_at IS NULL
       JOIN order_line_item li ON li.id = oi.item_id AND li.deleted_at IS NULL
       GROUP BY coalesce(li.product_id, li.id)
       ORDER BY revenue DESC, title
       LIMIT 3
     )
     SELECT (SELECT count(*)::int FROM sales) AS orders,
            (SELECT coalesce(sum(total), 0) FROM sales) AS revenue,
            (SELECT count(*)::int FROM sales WHERE coalesce(is_gallery, false)) AS gallery_orders,
            (SELECT count(*)::int FROM sales WHERE NOT coalesce(is_gallery, false)) AS store_orders,
            (SELECT count(*)::int FROM sales WHERE status IN ('paid', 'processing')) AS to_ship,
            coalesce((SELECT json_agg(json_build_object('title', p.title, 'quantity', p.quantity, 'revenue', p.revenue)
                      ORDER BY p.revenue DESC, p.title) FROM products p), '[]'::json) AS top_products`,
    [input.organizationId, input.from, input.to]
  )
  return rows[0] as SalesDigestRow
}
