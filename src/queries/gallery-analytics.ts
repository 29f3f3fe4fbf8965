import {
  ACTIVE_CART_WINDOW_DAYS,
  combineAdminDays,
  shapeAdminAnalytics,
  splitByClosedUtcDays,
  sumAdminDays,
  topArtistIds,
  type AdminAnalytics,
  type AdminDay,
  type ArtistFigures,
} from "../lib/analytics-math"
import { aggregateAdminDays, cartFigures, organizationNames } from "./analytics/live-aggregation"
import { ensureFreshRollups, rollupFigures } from "./analytics/rollups"
import { toKnex, type PgSource } from "./pg"

/**
 * Analytics of spec 4.8 (artist) and 4.9 (admin), aggregated by PostgreSQL: grouped sums per UTC day (and per
 * organization, status or product), a few statements run concurrently, never one row per order in JavaScript.
 * This file is the entry point (the admin analytics, and the functions routes, the job, the tests and the benchmark
 * use); the work is split into live aggregation (analytics/live-aggregation.ts), rollup maintenance
 * (analytics/rollups.ts) and the artist analytics (analytics/artist-analytics.ts).
 *
 * What is counted (docs/architecture.md, "Analytics"); the range is [start, end] with `end` inclusive to the
 * millisecond, read as the half-open [start, end + 1 ms):
 * - Revenue, orders, items and top lists: orders that were PAID in the range (paid_at in range) and are paid or
 *   later now (paid, processing, partially_shipped, shipped, delivered; never pending or cancelled). Revenue is
 *   the merchandise subtotal less the merchandise refunded since (docs/refunds.md), on the day the order was paid. Artist orders count when their own status is past pending and their parent order
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
 */

export { aggregateAdminDays } from "./analytics/live-aggregation"
export { refreshGalleryAnalyticsRollups } from "./analytics/rollups"
export { getArtistAnalytics } from "./analytics/artist-analytics"

const DAY_MS = 24 * 60 * 60 * 1000

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
