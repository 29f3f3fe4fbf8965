import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import {
  ADMIN_ORDER_STATUSES,
  emptyAdminDay,
  packArtists,
  type AdminDay,
  type AdminOrderStatus,
  type ArtistFigures,
  type CartFigures,
  type TimeInterval,
} from "../../lib/analytics-math"
import { defaultVariantJoins } from "../medusa/products"
import { canceledStoreOrder } from "../medusa/orders"
import { toKnex, type PgSource } from "../pg"

/**
 * Live aggregation of the admin analytics: the gallery-wide figures of any time intervals, grouped per UTC day by
 * PostgreSQL (gallery-analytics.ts says what is counted), the cart metrics and the top artists' names. Also the SQL
 * predicates that define what counts, shared with the rollups (rollups.ts) and the artist analytics
 * (artist-analytics.ts), so that the three always count the same orders.
 *
 * Indexes: Migration20261121233000_analytics_indexes (gallery module) adds covering partial indexes so that the
 * aggregates read indexes only; their WHERE clauses are repeated verbatim below.
 */

/** `(column >= ? AND column < ?) OR ...` over the intervals, with its bindings. */
export function within(column: string, intervals: TimeInterval[]): { sql: string; bindings: Date[] } {
  return {
    sql: `(${intervals.map(() => `(${column} >= ? AND ${column} < ?)`).join(" OR ")})`,
    bindings: intervals.flatMap((interval) => [interval.from, interval.to]),
  }
}

/** The UTC day of a timestamp column, as a date (independent of the session's time zone). */
export const utcDate = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`

/**
 * Wraps a statement grouped by a date column `d` so that each row also carries `day` (YYYY-MM-DD). Formatting
 * after grouping: to_char on every row of a year costs more than the aggregation itself.
 */
export const perDay = (sql: string) => `SELECT to_char(t.d, 'YYYY-MM-DD') AS day, t.* FROM (${sql}) t`

export const toInt = (value: unknown) => (value === null || value === undefined ? 0 : Number(value))

// Parent orders that were paid: the predicate of IDX_gallery_order_analytics_paid, verbatim.
export const PAID_PARENT = `deleted_at IS NULL AND status NOT IN ('pending', 'cancelled')`
// Artist orders past pending (the predicate of the artist-order analytics indexes) whose parent is not cancelled.
export const PAID_ARTIST_ORDER = `ao.deleted_at IS NULL AND ao.status <> 'pending'
  AND NOT EXISTS (SELECT 1 FROM gallery_order g WHERE g.id = ao.gallery_order_id AND g.status = 'cancelled')`
// Conversions that still stand: not of a cancelled gallery order nor of a canceled store (Medusa) order.
export const STANDING_CONVERSION = `rc.deleted_at IS NULL
  AND NOT (rc.order_type = 'gallery'
           AND EXISTS (SELECT 1 FROM gallery_order g WHERE g.id = rc.order_id AND g.status = 'cancelled'))
  AND NOT (rc.order_type = 'store'
           AND ${canceledStoreOrder("rc.order_id")})`

export function dayOf(days: Map<string, AdminDay>, key: string): AdminDay {
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
      perDay(`SELECT ${utcDate("paid_at")} AS d, count(*)::int AS orders, sum(subtotal_cents - refunded_merchandise_cents)::bigint AS revenue_cents
       FROM gallery_order WHERE ${PAID_PARENT} AND ${paid.sql}
       GROUP BY 1`),
      paid.bindings
    ),
    knex.raw(
      perDay(`SELECT ${utcDate("ao.paid_at")} AS d, ao.organization_id, count(*)::int AS orders,
              sum(ao.subtotal_cents - ao.refunded_merchandise_cents)::bigint AS revenue_cents
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
 * rows (src/modules/gallery/cart.ts), so a cart's rows all carry its last activity: the rows touched in the window
 * are exactly the items of the carts whose last activity falls in the window. Value = units x the default
 * variant's USD price.
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
export async function organizationNames(knex: Knex, ids: string[]): Promise<Map<string, string>> {
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
