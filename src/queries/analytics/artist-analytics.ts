import {
  ANALYTICS_TOP_LIMIT,
  shapeArtistAnalytics,
  type ArtistAnalytics,
  type ArtistOrderStatus,
  type ArtistProductFigures,
} from "../../lib/analytics-math"
import { productTitle } from "../medusa/products"
import { toKnex, type PgSource } from "../pg"
import { PAID_ARTIST_ORDER, perDay, STANDING_CONVERSION, toInt, utcDate } from "./live-aggregation"

/**
 * The artist analytics (one organization; gallery-analytics.ts says what is counted), read live: the artist order
 * analytics indexes keep one organization's year small, so no rollup is needed.
 */

/** GET /api/gallery/artist/analytics: one organization's figures for [start, end], read live. */
export async function getArtistAnalytics(
  source: PgSource,
  organizationId: string,
  range: { start: Date; end: Date }
): Promise<ArtistAnalytics> {
  const knex = toKnex(source)
  const from = range.start
  const to = new Date(range.end.getTime() + 1)
  const paidInRange = `ao.organization_id = ? AND ${PAID_ARTIST_ORDER} AND ao.paid_at >= ? AND ao.paid_at < ?`

  const [timeline, products, statuses, referrals] = await Promise.all([
    knex.raw(
      perDay(`SELECT ${utcDate("ao.paid_at")} AS d, count(*)::int AS orders, sum(ao.subtotal_cents - ao.refunded_merchandise_cents)::bigint AS revenue_cents
       FROM gallery_artist_order ao WHERE ${paidInRange}
       GROUP BY 1`),
      [organizationId, from, to]
    ),
    // Products ranked by revenue (then units, then id); the window sum runs over every product before LIMIT.
    // Names (ten): the product's current title, else (a deleted product) its latest snapshot taken at checkout.
    knex.raw(
      `SELECT top.product_id, top.units, top.revenue_cents, top.total_units,
              coalesce(
                ${productTitle("top.product_id")},
                (SELECT n.product_name FROM gallery_artist_order_item n
                 WHERE n.product_id = top.product_id AND n.deleted_at IS NULL
                 ORDER BY n.created_at DESC, n.id DESC LIMIT 1)
              ) AS product_name
       FROM (
         SELECT i.product_id, sum(i.quantity)::bigint AS units,
                sum(i.quantity::bigint * i.price_cents)::bigint AS revenue_cents,
                sum(sum(i.quantity)) OVER ()::bigint AS total_units
         FROM gallery_artist_order ao
         JOIN gallery_artist_order_item i ON i.artist_order_id = ao.id AND i.deleted_at IS NULL
         WHERE ${paidInRange}
         GROUP BY i.product_id
         ORDER BY revenue_cents DESC, units DESC, i.product_id ASC
         LIMIT ?
       ) top
       ORDER BY top.revenue_cents DESC, top.units DESC, top.product_id ASC`,
      [organizationId, from, to, ANALYTICS_TOP_LIMIT]
    ),
    knex.raw(
      `SELECT ao.status, count(*)::int AS n
       FROM gallery_artist_order ao
       WHERE ao.organization_id = ? AND ao.status IN ('paid', 'processing', 'shipped', 'delivered')
         AND ${PAID_ARTIST_ORDER} AND ao.created_at >= ? AND ao.created_at < ?
       GROUP BY 1`,
      [organizationId, from, to]
    ),
    knex.raw(
      `SELECT (SELECT count(*) FROM referral
               WHERE organization_id = ? AND deleted_at IS NULL AND created_at >= ? AND created_at < ?)::int AS referrals,
              count(rc.id)::int AS conversions, coalesce(sum(rc.amount_cents), 0)::bigint AS amount_cents
       FROM referral r
       JOIN referral_conversion rc ON rc.referral_id = r.id
       WHERE r.organization_id = ? AND r.deleted_at IS NULL AND ${STANDING_CONVERSION}
         AND rc.converted_at >= ? AND rc.converted_at < ?`,
      [organizationId, from, to, organizationId, from, to]
    ),
  ])

  const days = new Map<string, { orders: number; revenueCents: number }>()
  for (const row of timeline.rows) days.set(row.day, { orders: toInt(row.orders), revenueCents: toInt(row.revenue_cents) })
  const productRows = products.rows as { product_id: string; units: string; revenue_cents: string; product_name: string; total_units: string }[]
  const topProducts: ArtistProductFigures[] = productRows.map((row) => ({
    productId: row.product_id,
    productName: row.product_name,
    revenueCents: toInt(row.revenue_cents),
    units: toInt(row.units),
  }))
  const statusCounts: Partial<Record<ArtistOrderStatus, number>> = {}
  for (const row of statuses.rows) statusCounts[row.status as ArtistOrderStatus] = toInt(row.n)
  const referralRow = referrals.rows[0] ?? {}
  return shapeArtistAnalytics({
    start: range.start,
    end: range.end,
    days,
    itemsSold: productRows.length ? toInt(productRows[0].total_units) : 0,
    statuses: statusCounts,
    products: topProducts,
    referrals: {
      referrals: toInt(referralRow.referrals),
      conversions: toInt(referralRow.conversions),
      attributedCents: toInt(referralRow.amount_cents),
    },
  })
}
