import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { SegmentFilters } from "../../lib/campaigns"
import { toKnex, type PgSource } from "../pg"
import { ORGANIZATION_ORDERS, ORGANIZATION_ORDERS_CTE } from "./order-book"

/**
 * An organization's audience (docs/campaigns-and-email.md): the customers (order email, trimmed and lower-cased) of
 * its paid orders — Medusa orders of its sales channel whose order-book status is paid, processing, shipped or
 * delivered, from its store or the gallery — that it may still email (no `email_suppression` row: unsubscribed,
 * bounced, complained). A segment's filters narrow the orders that count: created in [ordered_since,
 * ordered_before), from one source (`metadata.source`, absent = store), holding a line of one artwork type (the
 * product's `artist_product.product_type`); `total_spent_gte` keeps the customers whose matching orders total at
 * least that many USD. Statuses and totals are the order book's (ORGANIZATION_ORDERS_CTE), so the dashboard's
 * orders and the audience agree. Every Medusa table and column read is listed in MEDUSA_TABLES (tables.ts).
 */
function audienceStatement(organizationId: string, filters: SegmentFilters): { sql: string; bindings: Knex.RawBinding[] } {
  const where = [`o.status IN ('paid', 'processing', 'shipped', 'delivered')`, `nullif(trim(o.email), '') IS NOT NULL`]
  const bindings: Knex.RawBinding[] = [organizationId]
  if (filters.ordered_since) {
    where.push(`o.created_at >= ?::timestamptz`)
    bindings.push(filters.ordered_since)
  }
  if (filters.ordered_before) {
    where.push(`o.created_at < ?::timestamptz`)
    bindings.push(filters.ordered_before)
  }
  if (filters.source) {
    where.push(`(CASE WHEN coalesce(o.is_gallery, false) THEN 'gallery' ELSE 'store' END) = ?`)
    bindings.push(filters.source)
  }
  if (filters.product_type) {
    where.push(`EXISTS (
      SELECT 1 FROM order_item oi
      JOIN order_line_item li ON li.id = oi.item_id AND li.deleted_at IS NULL
      JOIN organization_artist_product_product_product apl ON apl.product_id = li.product_id AND apl.deleted_at IS NULL
      JOIN artist_product ap ON ap.id = apl.artist_product_id AND ap.deleted_at IS NULL
      WHERE oi.order_id = o.id AND oi.version = o.version AND oi.deleted_at IS NULL AND ap.product_type = ?)`)
    bindings.push(filters.product_type)
  }
  const having = filters.total_spent_gte !== null && filters.total_spent_gte !== undefined ? `HAVING sum(m.total) >= ?` : ""
  if (having) bindings.push(filters.total_spent_gte as number)
  bindings.push(organizationId)
  return {
    sql: `WITH ${ORGANIZATION_ORDERS_CTE},
     matching AS (SELECT lower(trim(o.email)) AS email, o.total FROM ${ORGANIZATION_ORDERS} o WHERE ${where.join(" AND ")}),
     customers AS (SELECT m.email FROM matching m GROUP BY m.email ${having})
     SELECT c.email FROM customers c
     WHERE NOT EXISTS (
       SELECT 1 FROM email_suppression s WHERE s.organization_id = ? AND s.email = c.email AND s.deleted_at IS NULL
     )`,
    bindings,
  }
}

/** The audience's addresses (sorted), for a campaign's recipient rows. */
export async function listAudienceEmails(source: PgSource, organizationId: string, filters: SegmentFilters): Promise<string[]> {
  const { sql, bindings } = audienceStatement(organizationId, filters)
  const { rows } = await toKnex(source).raw(`${sql} ORDER BY c.email`, bindings)
  return (rows as { email: string }[]).map((row) => row.email)
}

/** How many addresses the audience holds: a segment's live `count`. */
export async function countAudience(source: PgSource, organizationId: string, filters: SegmentFilters): Promise<number> {
  const { sql, bindings } = audienceStatement(organizationId, filters)
  const { rows } = await toKnex(source).raw(`SELECT count(*)::int AS count FROM (${sql}) audience`, bindings)
  return Number(rows[0]?.count ?? 0)
}
