import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { defaultVariantJoins } from "./gallery-products"
import { toKnex, type PgSource } from "./pg"
import {
  ACTIVE_CART_WINDOW_DAYS,
  ADMIN_ORDER_STATUSES,
  ANALYTICS_TOP_LIMIT,
  combineAdminDays,
  dayRuns,
  emptyAdminDay,
  packArtists,
  shapeAdminAnalytics,
  shapeArtistAnalytics,
  splitByClosedUtcDays,
  sumAdminDays,
  topArtistIds,
  type AdminAnalytics,
  type AdminDay,
  type AdminOrderStatus,
  type ArtistFigures,
  type ArtistAnalytics,
  type ArtistOrderStatus,
  type ArtistProductFigures,
  type CartFigures,
  type TimeInterval,
} from "../lib/analytics-math"

/**
 * Analytics of spec 4.8 (artist) and 4.9 (admin), aggregated by PostgreSQL: grouped sums per UTC day (and per
 * organization, status or product), a few statements run concurrently, never one row per order in JavaScript.
 *
 * What is counted (ARCHITECTURE.md "Analytics"); the range is [start, end] with `end` inclusive to the millisecond,
 * read as the half-open [start, end + 1 ms):
 * - Revenue, orders, items and top lists: orders that were PAID in the range (paid_at in range) and are paid or
 *   later now (paid, processing, partially_shipped, shipped, delivered; never pending or cancelled). Revenue is
 *   the merchandise subtotal. Artist orders count when their own status is past pending and their parent order
 *   is not cancelled (an artist order has no cancelled status of its own).
 * - galleryRevenue / galleryCommission = 12 % of that revenue (half-up to the cent); artistPayouts / artistPayout
 *   = the other 88 % (revenue minus the 12 %, so the two always add up to the revenue, per artist too).
 * - averageOrderValue = revenue / number of those orders (gallery orders for the admin, artist orders for an
 *   artist), to the cent.
 * - ordersByStatus: orders CREATED in the range, by their current status (cancelled ones are not listed; an
 *   artist's list also leaves out pending artist orders and those of cancelled gallery orders).
 * - timeline: one entry per UTC day of the range (YYYY-MM-DD), zeros included: paid orders and revenue by
 *   paid_at; admin newCarts = stored carts whose first item was added that day (a cart is deleted once its order
 *   is paid or 30 days after its last activity, so older days show the carts still stored, usually none).
 * - topArtists: the 10 organizations with the most revenue (ties: more orders, then orgId), named by the
 *   organization's current name (else their latest artist-order snapshot); artistPayout = 88 % of that revenue.
 *   topProducts: the 10 products with the most revenue (quantity x unit price; ties: more units, then productId),
 *   named by the product's current title (else the latest snapshot); averagePrice = revenue / units.
 * - referrals: referrals created in the range (admin: all; artist: its organization's); conversions and
 *   attributed revenue: conversion records converted in the range (of those organizations' referrals, for an
 *   artist), except those of cancelled gallery orders or canceled store orders;
 *   conversionRate = conversions / referrals x 100.
 * - Carts (admin): the cart window is the last 30 days of the range, [max(start, end - 30 days), end].
 *   activeCarts = non-empty carts (cart sessions) whose last activity falls in the window; averageCartValue =
 *   their items at today's price / activeCarts; averageItemsPerCart = their units / activeCarts. A cart is deleted when its order
 *   is paid (and 30 days after its last activity), so abandonmentRate counts the window's carts as
 *   activeCarts + the orders paid in the window: (carts - orders) / carts x 100.
 *
 * Freshness and speed (spec: analytics reflect a change within 1 hour; a one-year range over a million artist
 * orders must stay fast). The artist analytics, and for the admin every partial or current day, the cart metrics
 * and the top artists' names, are read live. The admin figures of whole UTC days that are over are read from daily
 * rollups in PostgreSQL, shared by every server process (gallery_analytics_day, gallery_analytics_day_artist,
 * gallery_analytics_day_cart; Migration20261122000000_analytics_rollups), so a one-year range sums ~365 rollup rows
 * (and the per-organization rows) plus its partial days, from the first request after a start on.
 * refreshGalleryAnalyticsRollups keeps them up to date: the job refresh-gallery-analytics runs it every 15 minutes
 * (it re-aggregates only the days touched by rows updated since its previous watermark; the first run aggregates
 * every day), and a request finding the last refresh over an hour old runs it before answering. So a figure of a
 * past day can lag a change to its orders (a cancellation, a shipment, a cart checked out) by at most one hour,
 * usually by at most 15 minutes.
 *
 * Indexes: Migration20261121233000_analytics_indexes (gallery module) adds covering partial indexes so that the
 * aggregates read indexes only; their WHERE clauses are repeated verbatim below.
 */

const DAY_MS = 24 * 60 * 60 * 1000

/** `(column >= ? AND column < ?) OR ...` over the intervals, with its bindings. */
function within(column: string, intervals: TimeInterval[]): { sql: string; bindings: Date[] } {
  return {
    sql: `(${intervals.map(() => `(${column} >= ? AND ${column} < ?)`).join(" OR ")})`,
    bindings: intervals.flatMap((interval) => [interval.from, interval.to]),
  }
}

/** The UTC day of a timestamp column, as a date (independent of the session's time zone). */
const utcDate = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`

/**
 * Wraps a statement grouped by a date column `d` so that each row also carries `day` (YYYY-MM-DD). Formatting
 * after grouping: to_char on every row of a year costs more than the aggregation itself.
 */
const perDay = (sql: string) => `SELECT to_char(t.d, 'YYYY-MM-DD') AS day, t.* FROM (${sql}) t`

const toInt = (value: unknown) => (value === null || value === undefined ? 0 : Number(value))

// Parent orders that were paid: the predicate of IDX_gallery_order_analytics_paid, verbatim.
const PAID_PARENT = `deleted_at IS NULL AND status NOT IN ('pending', 'cancelled')`
// Artist orders past pending (the predicate of the artist-order analytics indexes) whose parent is not cancelled.
const PAID_ARTIST_ORDER = `ao.deleted_at IS NULL AND ao.status <> 'pending'
  AND NOT EXISTS (SELECT 1 FROM gallery_order g WHERE g.id = ao.gallery_order_id AND g.status = 'cancelled')`
// Conversions that still stand: not of a cancelled gallery order nor of a canceled store (Medusa) order.
const STANDING_CONVERSION = `rc.deleted_at IS NULL
  AND NOT (rc.order_type = 'gallery'
           AND EXISTS (SELECT 1 FROM gallery_order g WHERE g.id = rc.order_id AND g.status = 'cancelled'))
  AND NOT (rc.order_type = 'store'
           AND EXISTS (SELECT 1 FROM "order" o WHERE o.id = rc.order_id AND o.status = 'canceled'))`

function dayOf(days: Map<string, AdminDay>, key: string): AdminDay {
  let day = days.get(key)
  if (!day) {
    day = emptyAdminDay()
    days.set(key, day)
  }
  return day
}

/**
 * The gallery-wide figures of the intervals, per UTC day: seven grouped statements run concurrently.
 * Intervals must not overlap.
 */
export async function aggregateAdminDays(source: PgSource, intervals: TimeInterval[]): Promise<Map<string, AdminDay>> {
  const days = new Map<string, AdminDay>()
  if (!intervals.length) return days
  const knex = toKnex(source)
  const paid = within("paid_at", intervals)
  const artistPaid = within("ao.paid_at", intervals)
  const created = within("created_at", intervals)
  const cartCreated = within("c.created_at", intervals)
  const referralCreated = within("r.created_at", intervals)
  const earliest = new Date(Math.min(...intervals.map((interval) => interval.from.getTime())))
  const converted = within("rc.converted_at", intervals)

  const [parents, artists, items, statuses, carts, referrals, conversions] = await Promise.all([
    knex.raw(
      perDay(`SELECT ${utcDate("paid_at")} AS d, count(*)::int AS orders, sum(subtotal_cents)::bigint AS revenue_cents
       FROM gallery_order WHERE ${PAID_PARENT} AND ${paid.sql}
       GROUP BY 1`),
      paid.bindings
    ),
    knex.raw(
      perDay(`SELECT ${utcDate("ao.paid_at")} AS d, ao.organization_id, count(*)::int AS orders,
              sum(ao.subtotal_cents)::bigint AS revenue_cents
       FROM gallery_artist_order ao WHERE ${PAID_ARTIST_ORDER} AND ${artistPaid.sql}
       GROUP BY 1, 2`),
      artistPaid.bindings
    ),
    knex.raw(
      perDay(`SELECT ${utcDate("ao.paid_at")} AS d, ao.organization_id, sum(i.quantity)::bigint AS units
       FROM gallery_artist_order ao
       JOIN gallery_artist_order_item i ON i.artist_order_id = ao.id AND i.deleted_at IS NULL
       WHERE ${PAID_ARTIST_ORDER} AND ${artistPaid.sql}
       GROUP BY 1, 2`),
      artistPaid.bindings
    ),
    knex.raw(
      perDay(`SELECT ${utcDate("created_at")} AS d, status, count(*)::int AS n
       FROM gallery_order WHERE deleted_at IS NULL AND status <> 'cancelled' AND ${created.sql}
       GROUP BY 1, 2`),
      created.bindings
    ),
    // A cart (a cart session) starts with its first stored item: count each session's earliest row (ties: lowest
    // id). updated_at >= created_at, so the updated_at index bounds the scan from below.
    knex.raw(
      perDay(`SELECT ${utcDate("c.created_at")} AS d, count(*)::int AS n
       FROM gallery_cart_item c
       WHERE c.deleted_at IS NULL AND c.updated_at >= ? AND ${cartCreated.sql}
         AND NOT EXISTS (SELECT 1 FROM gallery_cart_item e
                         WHERE e.session_id = c.session_id AND e.deleted_at IS NULL
                           AND (e.created_at < c.created_at OR (e.created_at = c.created_at AND e.id < c.id)))
       GROUP BY 1`),
      [earliest, ...cartCreated.bindings]
    ),
    // Referrals have no index on created_at alone; the (organization_id, created_at) index is read one organization
    // at a time (a recursive CTE skips from one organization_id to the next), never the whole table.
    knex.raw(
      perDay(`WITH RECURSIVE orgs AS (
         (SELECT organization_id AS id FROM referral WHERE deleted_at IS NULL ORDER BY organization_id LIMIT 1)
         UNION ALL
         SELECT (SELECT r.organization_id FROM referral r
                 WHERE r.deleted_at IS NULL AND r.organization_id > orgs.id ORDER BY r.organization_id LIMIT 1)
         FROM orgs WHERE orgs.id IS NOT NULL
       )
       SELECT x.d, sum(x.n)::int AS n
       FROM orgs CROSS JOIN LATERAL (
         SELECT ${utcDate("r.created_at")} AS d, count(*) AS n FROM referral r
         WHERE r.organization_id = orgs.id AND r.deleted_at IS NULL AND ${referralCreated.sql}
         GROUP BY 1
       ) x
       GROUP BY 1`),
      referralCreated.bindings
    ),
    knex.raw(
      perDay(`SELECT ${utcDate("rc.converted_at")} AS d, count(*)::int AS n, sum(rc.amount_cents)::bigint AS amount_cents
       FROM referral_conversion rc WHERE ${STANDING_CONVERSION} AND ${converted.sql}
       GROUP BY 1`),
      converted.bindings
    ),
  ])

  for (const row of parents.rows) {
    const day = dayOf(days, row.day)
    day.orders = toInt(row.orders)
    day.revenueCents = toInt(row.revenue_cents)
  }
  // Per day and organization: orders and revenue (artists) plus units (items), joined here, then packed.
  const perDayArtists = new Map<string, Map<string, ArtistFigures>>()
  const figuresOf = (dayKey: string, orgId: string): ArtistFigures => {
    let byOrg = perDayArtists.get(dayKey)
    if (!byOrg) {
      byOrg = new Map()
      perDayArtists.set(dayKey, byOrg)
    }
    let figures = byOrg.get(orgId)
    if (!figures) {
      figures = { orders: 0, revenueCents: 0, itemsSold: 0 }
      byOrg.set(orgId, figures)
    }
    return figures
  }
  for (const row of artists.rows) {
    const figures = figuresOf(row.day, row.organization_id)
    figures.orders += toInt(row.orders)
    figures.revenueCents += toInt(row.revenue_cents)
  }
  for (const row of items.rows) {
    const units = toInt(row.units)
    dayOf(days, row.day).itemsSold += units
    figuresOf(row.day, row.organization_id).itemsSold += units
  }
  for (const [dayKey, byOrg] of perDayArtists) dayOf(days, dayKey).artists = packArtists(byOrg)
  for (const row of statuses.rows) {
    if ((ADMIN_ORDER_STATUSES as readonly string[]).includes(row.status)) {
      dayOf(days, row.day).statuses[row.status as AdminOrderStatus] += toInt(row.n)
    }
  }
  for (const row of carts.rows) dayOf(days, row.day).newCarts += toInt(row.n)
  for (const row of referrals.rows) dayOf(days, row.day).referrals += toInt(row.n)
  for (const row of conversions.rows) {
    const day = dayOf(days, row.day)
    day.conversions += toInt(row.n)
    day.attributedCents += toInt(row.amount_cents)
  }
  return days
}


/**
 * Carts active in the window and the orders paid in it. Every cart write stamps updated_at on all the session's
 * rows (gallery-cart.ts), so a cart's rows all carry its last activity: the rows touched in the window are exactly
 * the items of the carts whose last activity falls in the window. Value = units x the default variant's USD price.
 */
export async function cartFigures(source: PgSource, window: TimeInterval): Promise<CartFigures> {
  const knex = toKnex(source)
  const { rows } = await knex.raw(
    `WITH touched AS NOT MATERIALIZED (
       SELECT session_id, product_id, quantity FROM gallery_cart_item
       WHERE deleted_at IS NULL AND updated_at >= ? AND updated_at < ?
     ),
     lines AS (SELECT product_id, sum(quantity)::bigint AS units FROM touched GROUP BY product_id)
     SELECT (SELECT count(*) FROM (SELECT session_id FROM touched GROUP BY session_id) carts)::int AS active_carts,
            (SELECT coalesce(sum(units), 0) FROM lines)::bigint AS units,
            (SELECT coalesce(round(sum(lines.units * pr.amount * 100)), 0) FROM lines ${defaultVariantJoins("lines.product_id")})::bigint
              AS value_cents,
            (SELECT count(*) FROM gallery_order WHERE ${PAID_PARENT} AND paid_at >= ? AND paid_at < ?)::int AS orders`,
    [window.from, window.to, window.from, window.to]
  )
  const row = rows[0] ?? {}
  return {
    activeCarts: toInt(row.active_carts),
    units: toInt(row.units),
    valueCents: toInt(row.value_cents),
    orders: toInt(row.orders),
  }
}

/** Display names of organizations: the organization's name, else the latest artist-order snapshot of it. */
async function organizationNames(knex: Knex, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map()
  const { rows } = await knex.raw(
    `SELECT x.id, coalesce(o.name, (SELECT ao.artist_name FROM gallery_artist_order ao
                                     WHERE ao.organization_id = x.id AND ao.deleted_at IS NULL
                                     ORDER BY ao.created_at DESC, ao.id DESC LIMIT 1)) AS name
     FROM unnest(?::text[]) AS x(id)
     LEFT JOIN organization o ON o.id = x.id`,
    [ids]
  )
  return new Map((rows as { id: string; name: string | null }[]).map((row) => [row.id, row.name ?? ""]))
}

// ---- The daily rollups (admin) ---------------------------------------------------------------------------------

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
       SELECT ${utcDate("rc.converted_at")} FROM referral_conversion rc JOIN "order" o ON o.id = rc.order_id
       WHERE rc.order_type = 'store' AND o.updated_at > ?
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
                    sum(ao.subtotal_cents)::bigint AS revenue_cents
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
      `WITH p AS (SELECT ${utcDate("paid_at")} AS d, count(*)::int AS orders, sum(subtotal_cents)::bigint AS revenue_cents
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
async function rollupFigures(
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

/** GET /api/admin/analytics: the whole response for [start, end]. */
export async function getAdminAnalytics(
  source: PgSource,
  range: { start: Date; end: Date },
  now: Date = new Date()
): Promise<AdminAnalytics> {
  const knex = toKnex(source)
  const endExclusive = new Date(range.end.getTime() + 1)
  const { closedDays, live } = splitByClosedUtcDays(range.start, endExclusive, now)
  const cartWindow = {
    from: new Date(Math.max(range.start.getTime(), endExclusive.getTime() - ACTIVE_CART_WINDOW_DAYS * DAY_MS)),
    to: endExclusive,
  }
  const closedFigures = async () => {
    await ensureFreshRollups(knex, now)
    return rollupFigures(knex, closedDays)
  }
  const [liveDays, closed, carts] = await Promise.all([
    aggregateAdminDays(knex, live),
    closedDays.length ? closedFigures() : { days: new Map<string, AdminDay>(), artists: new Map<string, ArtistFigures>() },
    cartFigures(knex, cartWindow),
  ])
  const days = new Map<string, AdminDay>(closed.days)
  for (const [key, day] of liveDays) {
    const closedDay = days.get(key)
    days.set(key, closedDay ? combineAdminDays(closedDay, day) : day)
  }
  const total = sumAdminDays(days.values())
  for (const [orgId, figures] of closed.artists) {
    const sum = total.artists.get(orgId)
    if (sum) {
      sum.orders += figures.orders
      sum.revenueCents += figures.revenueCents
      sum.itemsSold += figures.itemsSold
    } else {
      total.artists.set(orgId, { ...figures })
    }
  }
  const names = await organizationNames(knex, topArtistIds(total.artists))
  return shapeAdminAnalytics({ start: range.start, end: range.end, days, names, carts, total })
}

// ---- Artist ------------------------------------------------------------------------------------------------------

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
      perDay(`SELECT ${utcDate("ao.paid_at")} AS d, count(*)::int AS orders, sum(ao.subtotal_cents)::bigint AS revenue_cents
       FROM gallery_artist_order ao WHERE ${paidInRange}
       GROUP BY 1`),
      [organizationId, from, to]
    ),
    // Products ranked by revenue (then units, then id); the window sum runs over every product before LIMIT.
    // Names (ten): the product's current title, else (a deleted product) its latest snapshot taken at checkout.
    knex.raw(
      `SELECT top.product_id, top.units, top.revenue_cents, top.total_units,
              coalesce(
                (SELECT p.title FROM product p WHERE p.id = top.product_id AND p.deleted_at IS NULL),
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
