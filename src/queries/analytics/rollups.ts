import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import {
  ADMIN_ORDER_STATUSES,
  dayRuns,
  type AdminDay,
  type ArtistFigures,
  type TimeInterval,
} from "../../lib/analytics-math"
import { STORE_ORDER_OF_CONVERSION_JOIN, STORE_ORDER_UPDATED_AFTER } from "../medusa/orders"
import { toKnex, type PgSource } from "../pg"
import { dayOf, PAID_ARTIST_ORDER, PAID_PARENT, STANDING_CONVERSION, toInt, utcDate, within } from "./live-aggregation"

/**
 * The admin analytics' daily rollups: whole UTC days that are over, aggregated once into gallery_analytics_day,
 * gallery_analytics_day_artist and gallery_analytics_day_cart (Migration20261122000000_analytics_rollups: derived
 * tables, not models), shared by every server process. Maintenance (refreshGalleryAnalyticsRollups: the
 * refresh-gallery-analytics job every 15 minutes, and a request finding them over an hour old) and the read of
 * their figures. The statements re-aggregate with exactly the predicates of the live aggregation.
 */

/** The spec's freshness bound: rollups whose last refresh is older than this are refreshed before answering. */
export const MAX_ROLLUP_AGE_MS = 60 * 60 * 1000
/**
 * A refresh re-reads the rows updated since the previous watermark minus this overlap, so that a write whose
 * transaction started before a refresh but committed after it (its updated_at is then older than the watermark) is
 * still picked up by the next refresh.
 */
export const ROLLUP_WATERMARK_OVERLAP_MS = 10 * 60 * 1000
// One refresh at a time, across every server process (transaction-scoped advisory lock).
const ROLLUP_LOCK = `hashtext('gallery_analytics_refresh')`

export type RollupRefreshResult = {
  /** false when the lock was held by another refresh (try mode) or the rollups were fresh enough already. */
  refreshed: boolean
  /** true for a rebuild of every day (the first refresh, or `full`). */
  full: boolean
  /** How many days were re-aggregated (incremental refresh; every day for a full one). */
  days: number
  durationMs: number
}

/** `TRUE` (every row) or the rows of the intervals, for one timestamp column. */
function filterOf(column: string, intervals: TimeInterval[] | null): { sql: string; bindings: Date[] } {
  return intervals ? within(column, intervals) : { sql: "TRUE", bindings: [] }
}

/**
 * The UTC days whose rollups may have changed since `since`: creation and payment days of the gallery orders
 * updated since (a status change moves both their status count and their revenue, and their artist orders' and
 * conversions' days), payment days of the artist orders and items updated since, creation days of the referrals
 * and conversion days of the conversions updated since, and of the conversions of store orders updated since.
 */
async function touchedDays(trx: Knex, since: Date): Promise<string[]> {
  const { rows } = await trx.raw(
    `SELECT DISTINCT to_char(x.d, 'YYYY-MM-DD') AS day FROM (
       SELECT ${utcDate("g.created_at")} AS d FROM gallery_order g WHERE g.updated_at > ?
       UNION ALL
       SELECT ${utcDate("g.paid_at")} FROM gallery_order g WHERE g.updated_at > ? AND g.paid_at IS NOT NULL
       UNION ALL
       SELECT ${utcDate("ao.paid_at")} FROM gallery_artist_order ao WHERE ao.updated_at > ? AND ao.paid_at IS NOT NULL
       UNION ALL
       SELECT ${utcDate("ao.paid_at")} FROM gallery_order g JOIN gallery_artist_order ao ON ao.gallery_order_id = g.id
       WHERE g.updated_at > ? AND ao.paid_at IS NOT NULL
       UNION ALL
       SELECT ${utcDate("ao.paid_at")} FROM gallery_artist_order_item i JOIN gallery_artist_order ao ON ao.id = i.artist_order_id
       WHERE i.updated_at > ? AND ao.paid_at IS NOT NULL
       UNION ALL
       SELECT ${utcDate("r.created_at")} FROM referral r WHERE r.updated_at > ?
       UNION ALL
       SELECT ${utcDate("rc.converted_at")} FROM referral_conversion rc WHERE rc.updated_at > ?
       UNION ALL
       SELECT ${utcDate("rc.converted_at")} FROM gallery_order g
       JOIN referral_conversion rc ON rc.order_id = g.id AND rc.order_type = 'gallery'
       WHERE g.updated_at > ?
       UNION ALL
       SELECT ${utcDate("rc.converted_at")} FROM referral_conversion rc ${STORE_ORDER_OF_CONVERSION_JOIN}
       WHERE rc.order_type = 'store' AND ${STORE_ORDER_UPDATED_AFTER}
     ) x WHERE x.d IS NOT NULL`,
    Array(9).fill(since)
  )
  return (rows as { day: string }[]).map((row) => row.day).sort()
}

/**
 * Re-aggregates the rollups of `days` (null: every day) with set-based statements, inside the caller's transaction:
 * DELETE then INSERT ... SELECT ... GROUP BY, with exactly the predicates of aggregateAdminDays. The new-cart
 * counts are rebuilt whole (cart rows are deleted at checkout and on expiry, which no watermark can see; the stored
 * carts are at most 30 days of sessions).
 */
async function rebuildRollupDays(trx: Knex, days: string[] | null): Promise<void> {
  const intervals = days ? dayRuns(days) : null
  if (days) {
    await trx.raw(`DELETE FROM gallery_analytics_day_artist WHERE day = ANY(?::date[])`, [days])
    await trx.raw(`DELETE FROM gallery_analytics_day WHERE day = ANY(?::date[])`, [days])
  } else {
    await trx.raw(`DELETE FROM gallery_analytics_day_artist`)
    await trx.raw(`DELETE FROM gallery_analytics_day`)
  }
  if (!days || days.length) {
    const artistPaid = filterOf("ao.paid_at", intervals)
    await trx.raw(
      `INSERT INTO gallery_analytics_day_artist (day, organization_id, orders, revenue_cents, items_sold)
       SELECT a.d, a.organization_id, a.orders, a.revenue_cents, coalesce(u.units, 0)
       FROM (SELECT ${utcDate("ao.paid_at")} AS d, ao.organization_id, count(*)::int AS orders,
                    sum(ao.subtotal_cents - ao.refunded_merchandise_cents)::bigint AS revenue_cents
             FROM gallery_artist_order ao
             WHERE ${PAID_ARTIST_ORDER} AND ao.paid_at IS NOT NULL AND ${artistPaid.sql}
             GROUP BY 1, 2) a
       LEFT JOIN (SELECT ${utcDate("ao.paid_at")} AS d, ao.organization_id, sum(i.quantity)::bigint AS units
                  FROM gallery_artist_order ao
                  JOIN gallery_artist_order_item i ON i.artist_order_id = ao.id AND i.deleted_at IS NULL
                  WHERE ${PAID_ARTIST_ORDER} AND ao.paid_at IS NOT NULL AND ${artistPaid.sql}
                  GROUP BY 1, 2) u ON u.d = a.d AND u.organization_id = a.organization_id`,
      [...artistPaid.bindings, ...artistPaid.bindings]
    )
    const paid = filterOf("paid_at", intervals)
    const created = filterOf("created_at", intervals)
    const referralCreated = filterOf("r.created_at", intervals)
    const converted = filterOf("rc.converted_at", intervals)
    const statusCounts = ADMIN_ORDER_STATUSES.map((status) => `count(*) FILTER (WHERE status = '${status}')::int AS status_${status}`)
    await trx.raw(
      `WITH p AS (SELECT ${utcDate("paid_at")} AS d, count(*)::int AS orders, sum(subtotal_cents - refunded_merchandise_cents)::bigint AS revenue_cents
                  FROM gallery_order WHERE ${PAID_PARENT} AND paid_at IS NOT NULL AND ${paid.sql} GROUP BY 1),
            s AS (SELECT ${utcDate("created_at")} AS d, ${statusCounts.join(", ")}
                  FROM gallery_order WHERE deleted_at IS NULL AND status <> 'cancelled' AND ${created.sql} GROUP BY 1),
            i AS (SELECT day AS d, sum(items_sold)::bigint AS items_sold FROM gallery_analytics_day_artist
                  WHERE ${days ? "day = ANY(?::date[])" : "TRUE"} GROUP BY 1),
            r AS (SELECT ${utcDate("r.created_at")} AS d, count(*)::int AS n
                  FROM referral r WHERE r.deleted_at IS NULL AND ${referralCreated.sql} GROUP BY 1),
            c AS (SELECT ${utcDate("rc.converted_at")} AS d, count(*)::int AS n, sum(rc.amount_cents)::bigint AS amount_cents
                  FROM referral_conversion rc WHERE ${STANDING_CONVERSION} AND ${converted.sql} GROUP BY 1),
            days AS (SELECT d FROM p UNION SELECT d FROM s UNION SELECT d FROM i UNION SELECT d FROM r UNION SELECT d FROM c)
       INSERT INTO gallery_analytics_day (day, orders, revenue_cents, items_sold, referrals, conversions, attributed_cents,
                                          ${ADMIN_ORDER_STATUSES.map((status) => `status_${status}`).join(", ")})
       SELECT days.d, coalesce(p.orders, 0), coalesce(p.revenue_cents, 0), coalesce(i.items_sold, 0), coalesce(r.n, 0),
              coalesce(c.n, 0), coalesce(c.amount_cents, 0),
              ${ADMIN_ORDER_STATUSES.map((status) => `coalesce(s.status_${status}, 0)`).join(", ")}
       FROM days LEFT JOIN p USING (d) LEFT JOIN s USING (d) LEFT JOIN i USING (d) LEFT JOIN r USING (d) LEFT JOIN c USING (d)
       WHERE days.d IS NOT NULL`,
      [...paid.bindings, ...created.bindings, ...(days ? [days] : []), ...referralCreated.bindings, ...converted.bindings]
    )
  }
  // A cart (a cart session) starts with its first stored item (ties: lowest id), as in aggregateAdminDays.
  await trx.raw(`DELETE FROM gallery_analytics_day_cart`)
  await trx.raw(
    `INSERT INTO gallery_analytics_day_cart (day, new_carts)
     SELECT ${utcDate("c.created_at")}, count(*)::int
     FROM gallery_cart_item c
     WHERE c.deleted_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM gallery_cart_item e
                       WHERE e.session_id = c.session_id AND e.deleted_at IS NULL
                         AND (e.created_at < c.created_at OR (e.created_at = c.created_at AND e.id < c.id)))
     GROUP BY 1`
  )
}

/**
 * Brings the daily rollups (gallery_analytics_day, _day_artist, _day_cart; Migration20261122000000) up to date, in
 * one transaction: the first run (no gallery_analytics_refresh row) aggregates every day; later runs re-aggregate
 * only the days touched by rows updated since the previous watermark (minus ROLLUP_WATERMARK_OVERLAP_MS), then
 * store `now` as the watermark. Readers see the previous rollups until the transaction commits.
 *
 * One refresh runs at a time across processes (pg advisory transaction lock). By default a busy lock means "someone
 * else is refreshing": nothing is done. With `wait`, the lock is awaited, then `ifOlderThanMs` is checked again under
 * it (the other refresh usually made this one unnecessary). `full` rebuilds every day.
 *
 * Not seen by a watermark: a change of a row's paid_at / created_at day (set once in practice), and hard deletes of
 * orders or referrals (the app soft-deletes them); cart rows are hard-deleted, hence the whole rebuild of new carts.
 */
export async function refreshGalleryAnalyticsRollups(
  source: PgSource,
  now: Date = new Date(),
  options: { wait?: boolean; ifOlderThanMs?: number; full?: boolean } = {}
): Promise<RollupRefreshResult> {
  const knex = toKnex(source)
  const started = Date.now()
  return knex.transaction(async (trx) => {
    if (options.wait) {
      await trx.raw(`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`)
    } else {
      const { rows } = await trx.raw(`SELECT pg_try_advisory_xact_lock(${ROLLUP_LOCK}) AS locked`)
      if (!rows[0]?.locked) return { refreshed: false, full: false, days: 0, durationMs: Date.now() - started }
    }
    const { rows: state } = await trx.raw(`SELECT watermark FROM gallery_analytics_refresh WHERE id = 1`)
    const watermark: Date | null = state[0]?.watermark ? new Date(state[0].watermark) : null
    if (watermark && options.ifOlderThanMs !== undefined && now.getTime() - watermark.getTime() < options.ifOlderThanMs) {
      return { refreshed: false, full: false, days: 0, durationMs: Date.now() - started }
    }
    const full = options.full === true || watermark === null
    const days = full ? null : await touchedDays(trx, new Date(watermark.getTime() - ROLLUP_WATERMARK_OVERLAP_MS))
    await rebuildRollupDays(trx, days)
    // A full build replaces every row: fresh statistics for the planner (ANALYZE runs inside a transaction).
    if (full) await trx.raw(`ANALYZE gallery_analytics_day, gallery_analytics_day_artist, gallery_analytics_day_cart`)
    const { rows: counted } = full
      ? await trx.raw(`SELECT count(*)::int AS n FROM gallery_analytics_day`)
      : { rows: [{ n: days!.length }] }
    const result = { refreshed: true, full, days: toInt(counted[0]?.n), durationMs: Date.now() - started }
    await trx.raw(
      `INSERT INTO gallery_analytics_refresh (id, watermark, refreshed_at, days_refreshed, duration_ms)
       VALUES (1, ?, now(), ?, ?)
       ON CONFLICT (id) DO UPDATE SET watermark = excluded.watermark, refreshed_at = excluded.refreshed_at,
         days_refreshed = excluded.days_refreshed, duration_ms = excluded.duration_ms`,
      [now, result.days, result.durationMs]
    )
    return result
  })
}

/**
 * The query path's freshness guard (spec part 8: within 1 hour): when the last refresh is older than
 * MAX_ROLLUP_AGE_MS (or there is none yet), refresh before answering, waiting for a refresh in progress elsewhere.
 */
export async function ensureFreshRollups(source: PgSource, now: Date = new Date()): Promise<void> {
  const knex = toKnex(source)
  const { rows } = await knex.raw(`SELECT watermark FROM gallery_analytics_refresh WHERE id = 1`)
  const watermark = rows[0]?.watermark ? new Date(rows[0].watermark) : null
  if (watermark && now.getTime() - watermark.getTime() < MAX_ROLLUP_AGE_MS) return
  await refreshGalleryAnalyticsRollups(knex, now, { wait: true, ifOlderThanMs: MAX_ROLLUP_AGE_MS })
}

/**
 * The figures of whole closed days (consecutive, ascending) from the rollups: per day (artists left empty), and
 * per organization summed over the days.
 */
export async function rollupFigures(
  knex: Knex,
  closedDays: string[]
): Promise<{ days: Map<string, AdminDay>; artists: Map<string, ArtistFigures> }> {
  const days = new Map<string, AdminDay>()
  const artists = new Map<string, ArtistFigures>()
  if (!closedDays.length) return { days, artists }
  const first = closedDays[0]
  const last = closedDays[closedDays.length - 1]
  const [dayRows, artistRows, cartRows] = await Promise.all([
    knex.raw(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, orders, revenue_cents, items_sold, referrals, conversions, attributed_cents,
              ${ADMIN_ORDER_STATUSES.map((status) => `status_${status}`).join(", ")}
       FROM gallery_analytics_day WHERE day >= ?::date AND day <= ?::date`,
      [first, last]
    ),
    knex.raw(
      `SELECT organization_id, sum(orders)::bigint AS orders, sum(revenue_cents)::bigint AS revenue_cents,
              sum(items_sold)::bigint AS items_sold
       FROM gallery_analytics_day_artist WHERE day >= ?::date AND day <= ?::date
       GROUP BY 1`,
      [first, last]
    ),
    knex.raw(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, new_carts FROM gallery_analytics_day_cart
       WHERE day >= ?::date AND day <= ?::date`,
      [first, last]
    ),
  ])
  for (const row of dayRows.rows) {
    const day = dayOf(days, row.day)
    day.orders = toInt(row.orders)
    day.revenueCents = toInt(row.revenue_cents)
    day.itemsSold = toInt(row.items_sold)
    day.referrals = toInt(row.referrals)
    day.conversions = toInt(row.conversions)
    day.attributedCents = toInt(row.attributed_cents)
    for (const status of ADMIN_ORDER_STATUSES) day.statuses[status] = toInt(row[`status_${status}`])
  }
  for (const row of cartRows.rows) dayOf(days, row.day).newCarts = toInt(row.new_carts)
  for (const row of artistRows.rows) {
    artists.set(row.organization_id, {
      orders: toInt(row.orders),
      revenueCents: toInt(row.revenue_cents),
      itemsSold: toInt(row.items_sold),
    })
  }
  return { days, artists }
}
