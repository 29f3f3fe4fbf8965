// Arithmetic and date handling for the artist and admin analytics endpoints (spec 4.8, 4.9, part 8).
import { GALLERY_COMMISSION_BASIS_POINTS } from "./gallery-fees"
import { fromCents, percentOfCents, round2, scaleCents } from "./money"

const DAY_MS = 24 * 60 * 60 * 1000
export const DEFAULT_ANALYTICS_RANGE_DAYS = 30
// "At most 1 year per query": 366 days so a leap year's full calendar year fits.
export const MAX_ANALYTICS_RANGE_DAYS = 366

export type DateRange = { start: Date; end: Date }
export type DateRangeError = "Invalid date range" | "Date range cannot exceed one year"
export type DateRangeResult = ({ ok: true } & DateRange) | { ok: false; error: DateRangeError }

/** Percent of carts that did not become orders, 2 decimals; 0 without carts; never negative. */
export function abandonmentRate(carts: number, orders: number): number {
  if (carts <= 0) return 0
  return Math.max(0, round2(((carts - orders) / carts) * 100))
}

/** Percent of referrals that converted, 2 decimals; 0 without referrals. */
export function conversionRate(conversions: number, referrals: number): number {
  if (referrals <= 0) return 0
  return round2((conversions / referrals) * 100)
}

/** total / count to 2 decimals; 0 when there is nothing to average. */
export function average(total: number, count: number): number {
  if (count <= 0) return 0
  return round2(total / count)
}

const ISO_DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/

// Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear takes the year literally.
function utcTime(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const date = new Date(0)
  date.setUTCFullYear(year, monthIndex, day)
  date.setUTCHours(hour, minute, second, ms)
  return date.getTime()
}

function daysInMonth(year: number, month: number): number {
  return new Date(utcTime(year, month, 0)).getUTCDate()
}

function offsetMinutes(zone: string | undefined): number {
  if (zone === undefined || zone === "Z") return 0
  const digits = zone.slice(1).replace(":", "")
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))
  return zone.startsWith("-") ? -minutes : minutes
}

/**
 * Parses an ISO 8601 date or date-time. Only ISO is accepted because Date.parse takes anything ("1" is 2001).
 * A date-time without an offset is read as UTC so the result does not depend on the server's time zone.
 * A bare date as an end bound means the end of that UTC day, so "end_date=2024-01-31" includes the 31st.
 */
function parseIsoDate(text: string, bound: "start" | "end"): Date | null {
  const match = ISO_DATE_TIME_PATTERN.exec(text)
  if (match === null) return null
  const [, yearText, monthText, dayText, hourText, minuteText, secondText, fractionText, zone] = match
  const year = Number(yearText)
  const month = Number(monthText)
  const day = Number(dayText)
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  const startOfDay = utcTime(year, month - 1, day)
  if (hourText === undefined) {
    return new Date(bound === "end" ? startOfDay + DAY_MS - 1 : startOfDay)
  }
  const hour = Number(hourText)
  const minute = Number(minuteText)
  const second = secondText === undefined ? 0 : Number(secondText)
  const millisecond = fractionText === undefined ? 0 : Number(fractionText.padEnd(3, "0").slice(0, 3))
  if (hour > 23 || minute > 59 || second > 59) return null
  const zoneMinutes = offsetMinutes(zone)
  if (Math.abs(zoneMinutes) > 18 * 60) return null
  const time = utcTime(year, month - 1, day, hour, minute, second, millisecond) - zoneMinutes * 60_000
  return Number.isFinite(time) ? new Date(time) : null
}

/**
 * Analytics range from query strings. end defaults to now; start defaults to 30 days before end.
 * Empty strings count as absent (an empty query field). Refuses unparseable or reversed ranges and ranges over a year.
 */
export function resolveDateRange(
  query: { start_date?: string; end_date?: string },
  now: Date
): DateRangeResult {
  const endText = query.end_date?.trim() ?? ""
  const startText = query.start_date?.trim() ?? ""
  const end = endText === "" ? new Date(now.getTime()) : parseIsoDate(endText, "end")
  if (end === null) return { ok: false, error: "Invalid date range" }
  const start =
    startText === ""
      ? new Date(end.getTime() - DEFAULT_ANALYTICS_RANGE_DAYS * DAY_MS)
      : parseIsoDate(startText, "start")
  if (start === null || start.getTime() > end.getTime()) return { ok: false, error: "Invalid date range" }
  if (end.getTime() - start.getTime() > MAX_ANALYTICS_RANGE_DAYS * DAY_MS) {
    return { ok: false, error: "Date range cannot exceed one year" }
  }
  return { ok: true, start, end }
}

/** YYYY-MM-DD for the UTC day of each day from start to end, both inclusive; [] when start is after end. */
export function dailyBuckets(start: Date, end: Date): string[] {
  const buckets: string[] = []
  const lastDay = utcTime(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate())
  for (
    let day = utcTime(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
    day <= lastDay;
    day += DAY_MS
  ) {
    buckets.push(new Date(day).toISOString().slice(0, 10))
  }
  return buckets
}

/** UTC day key (YYYY-MM-DD) of a timestamp, matching dailyBuckets. */
export function utcDayKey(at: Date): string {
  return at.toISOString().slice(0, 10)
}

// ---------------------------------------------------------------------------------------------------------------
// Aggregation and response shaping for src/queries/gallery-analytics.ts. The database sums; these functions
// combine the per-day sums (a few hundred rows, never one row per order) and shape the spec's response.
// Amounts stay integer cents until the response, where they become USD numbers with cents.

/** How many artists (admin) or products (artist) the top lists show. */
export const ANALYTICS_TOP_LIMIT = 10
/** Active carts: carts touched within this many days before the end of the range (spec 4.9, "last 30 days"). */
export const ACTIVE_CART_WINDOW_DAYS = 30

/** [from, to): a half-open time interval. */
export type TimeInterval = { from: Date; to: Date }

function utcMidnight(at: Date): number {
  return utcTime(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())
}

/** [00:00, 24:00) UTC of a YYYY-MM-DD day key. */
export function utcDayInterval(day: string): TimeInterval {
  const [year, month, date] = day.split("-").map(Number)
  const from = utcTime(year, month - 1, date)
  return { from: new Date(from), to: new Date(from + DAY_MS) }
}

/**
 * Splits the range [start, endExclusive) into whole UTC days that are over at `now` (their figures are read from
 * the daily rollups: `closedDays`) and the rest, which must be read live: the partial first day, and everything from
 * the first day that is partial or not over yet (today) to the end (`live`, at most two intervals).
 */
export function splitByClosedUtcDays(
  start: Date,
  endExclusive: Date,
  now: Date
): { closedDays: string[]; live: TimeInterval[] } {
  const startMs = start.getTime()
  const endMs = endExclusive.getTime()
  if (endMs <= startMs) return { closedDays: [], live: [] }
  const firstDay = utcMidnight(start) === startMs ? startMs : utcMidnight(start) + DAY_MS
  // A day is closed when it is wholly inside the range and over: its end is at most min(endExclusive, now).
  const limit = Math.min(endMs, now.getTime())
  const closedDays: string[] = []
  let day = firstDay
  for (; day + DAY_MS <= limit; day += DAY_MS) closedDays.push(new Date(day).toISOString().slice(0, 10))
  if (closedDays.length === 0) return { closedDays, live: [{ from: new Date(startMs), to: new Date(endMs) }] }
  const live: TimeInterval[] = []
  if (firstDay > startMs) live.push({ from: new Date(startMs), to: new Date(firstDay) })
  if (day < endMs) live.push({ from: new Date(day), to: new Date(endMs) })
  return { closedDays, live }
}

/** Ascending day keys -> the fewest intervals covering them (consecutive days merge). */
export function dayRuns(days: string[]): TimeInterval[] {
  const runs: TimeInterval[] = []
  for (const day of [...days].sort()) {
    const interval = utcDayInterval(day)
    const last = runs[runs.length - 1]
    if (last && last.to.getTime() === interval.from.getTime()) last.to = interval.to
    else runs.push(interval)
  }
  return runs
}

/** Revenue split: the gallery's 12 % (half-up to the cent) and the artists' 88 % (the rest: they always add up). */
export function splitCommission(revenueCents: number): { commissionCents: number; payoutCents: number } {
  const commissionCents = percentOfCents(revenueCents, GALLERY_COMMISSION_BASIS_POINTS)
  return { commissionCents, payoutCents: revenueCents - commissionCents }
}

/** totalCents / count, half-up to the cent, in integer arithmetic; 0 when there is nothing to average. */
export function averageCents(totalCents: number, count: number): number {
  if (count <= 0) return 0
  return scaleCents(totalCents, 1, count)
}

export const ADMIN_ORDER_STATUSES = ["pending", "paid", "processing", "partially_shipped", "shipped", "delivered"] as const
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number]
export const ARTIST_ORDER_STATUSES = ["paid", "processing", "shipped", "delivered"] as const
export type ArtistOrderStatus = (typeof ARTIST_ORDER_STATUSES)[number]

/** One organization's paid artist orders in some span. */
export type ArtistFigures = { orders: number; revenueCents: number; itemsSold: number }

/**
 * One day's figures per organization, in parallel arrays: a year can hold hundreds of thousands of
 * (day, organization) pairs, and arrays of numbers cost a fraction of a Map of objects. An organization may
 * appear more than once (sums are what count).
 */
export type DayArtists = { orgIds: string[]; orders: number[]; revenueCents: number[]; itemsSold: number[] }

type AdminScalars = {
  orders: number
  revenueCents: number
  itemsSold: number
  newCarts: number
  referrals: number
  conversions: number
  attributedCents: number
  statuses: Record<AdminOrderStatus, number>
}

/**
 * Gallery-wide figures of one UTC day (or of part of one): orders/revenue/items/artists by paid_at (paid or later,
 * not cancelled), statuses by created_at, newCarts by the cart's first item, referrals by created_at, conversions
 * by converted_at.
 */
export type AdminDay = AdminScalars & { artists: DayArtists }

/** The sum of some days, with one entry per organization. */
export type AdminTotals = AdminScalars & { artists: Map<string, ArtistFigures> }

function emptyScalars(): AdminScalars {
  return {
    orders: 0,
    revenueCents: 0,
    itemsSold: 0,
    newCarts: 0,
    referrals: 0,
    conversions: 0,
    attributedCents: 0,
    statuses: { pending: 0, paid: 0, processing: 0, partially_shipped: 0, shipped: 0, delivered: 0 },
  }
}

export function emptyAdminDay(): AdminDay {
  return { ...emptyScalars(), artists: { orgIds: [], orders: [], revenueCents: [], itemsSold: [] } }
}

export function emptyAdminTotals(): AdminTotals {
  return { ...emptyScalars(), artists: new Map() }
}

/** Packs per-organization figures into a day's parallel arrays. */
export function packArtists(figures: Map<string, ArtistFigures>): DayArtists {
  const packed: DayArtists = { orgIds: [], orders: [], revenueCents: [], itemsSold: [] }
  for (const [orgId, f] of figures) {
    packed.orgIds.push(orgId)
    packed.orders.push(f.orders)
    packed.revenueCents.push(f.revenueCents)
    packed.itemsSold.push(f.itemsSold)
  }
  return packed
}

function addScalars(into: AdminScalars, day: AdminScalars): void {
  into.orders += day.orders
  into.revenueCents += day.revenueCents
  into.itemsSold += day.itemsSold
  into.newCarts += day.newCarts
  into.referrals += day.referrals
  into.conversions += day.conversions
  into.attributedCents += day.attributedCents
  for (const status of ADMIN_ORDER_STATUSES) into.statuses[status] += day.statuses[status]
}

/** Adds `day` into `into` (mutates and returns `into`; `day` is left as it was). */
export function addAdminDay(into: AdminTotals, day: AdminDay): AdminTotals {
  addScalars(into, day)
  const { orgIds, orders, revenueCents, itemsSold } = day.artists
  for (let i = 0; i < orgIds.length; i++) {
    const total = into.artists.get(orgIds[i])
    if (total) {
      total.orders += orders[i]
      total.revenueCents += revenueCents[i]
      total.itemsSold += itemsSold[i]
    } else {
      into.artists.set(orgIds[i], { orders: orders[i], revenueCents: revenueCents[i], itemsSold: itemsSold[i] })
    }
  }
  return into
}

/** The sum of the days (new objects: the days are left as they were). */
export function sumAdminDays(days: Iterable<AdminDay>): AdminTotals {
  const total = emptyAdminTotals()
  for (const day of days) addAdminDay(total, day)
  return total
}

/** Two parts of the same day as one new day (the parts are left as they were). */
export function combineAdminDays(a: AdminDay, b: AdminDay): AdminDay {
  const day = emptyAdminDay()
  addScalars(day, a)
  addScalars(day, b)
  for (const key of ["orgIds", "orders", "revenueCents", "itemsSold"] as const) {
    ;(day.artists[key] as unknown[]) = [...a.artists[key], ...b.artists[key]]
  }
  return day
}

/** The `limit` organizations with the most revenue; ties: more orders first, then orgId ascending. */
export function topArtistIds(artists: Map<string, ArtistFigures>, limit = ANALYTICS_TOP_LIMIT): string[] {
  return [...artists.entries()]
    .sort(
      ([idA, a], [idB, b]) => b.revenueCents - a.revenueCents || b.orders - a.orders || (idA < idB ? -1 : idA > idB ? 1 : 0)
    )
    .slice(0, limit)
    .map(([orgId]) => orgId)
}

/** Open carts active in the cart window, and the paid orders of that same window (see gallery-analytics.ts). */
export type CartFigures = { activeCarts: number; units: number; valueCents: number; orders: number }

export type AdminAnalytics = {
  overview: {
    totalOrders: number
    totalRevenue: number
    galleryRevenue: number
    artistPayouts: number
    averageOrderValue: number
    totalItemsSold: number
  }
  ordersByStatus: Record<AdminOrderStatus, number>
  topArtists: {
    orgId: string
    artistName: string
    totalOrders: number
    totalRevenue: number
    artistPayout: number
    itemsSold: number
  }[]
  cartMetrics: { activeCarts: number; averageCartValue: number; abandonmentRate: number; averageItemsPerCart: number }
  referralMetrics: { totalReferrals: number; conversions: number; conversionRate: number; attributedRevenue: number }
  timeline: { date: string; orders: number; revenue: number; newCarts: number }[]
  dateRange: { start: string; end: string }
}

/**
 * The admin response (spec 4.9) from the per-day figures of the range. `days` is keyed by YYYY-MM-DD; days absent
 * from it are zero in the timeline. `names` maps organization ids to display names (the top artists only).
 * `total` is sumAdminDays(days.values()) when the caller already has it.
 */
export function shapeAdminAnalytics(input: {
  start: Date
  end: Date
  days: Map<string, AdminDay>
  names: Map<string, string>
  carts: CartFigures
  total?: AdminTotals
  topLimit?: number
}): AdminAnalytics {
  const total = input.total ?? sumAdminDays(input.days.values())
  const split = splitCommission(total.revenueCents)
  const topArtists = topArtistIds(total.artists, input.topLimit ?? ANALYTICS_TOP_LIMIT).map((orgId) => {
    const figures = total.artists.get(orgId) as ArtistFigures
    return {
      orgId,
      artistName: input.names.get(orgId) ?? "",
      totalOrders: figures.orders,
      totalRevenue: fromCents(figures.revenueCents),
      artistPayout: fromCents(splitCommission(figures.revenueCents).payoutCents),
      itemsSold: figures.itemsSold,
    }
  })
  const { activeCarts, units, valueCents, orders: cartOrders } = input.carts
  return {
    overview: {
      totalOrders: total.orders,
      totalRevenue: fromCents(total.revenueCents),
      galleryRevenue: fromCents(split.commissionCents),
      artistPayouts: fromCents(split.payoutCents),
      averageOrderValue: fromCents(averageCents(total.revenueCents, total.orders)),
      totalItemsSold: total.itemsSold,
    },
    ordersByStatus: { ...total.statuses },
    topArtists,
    cartMetrics: {
      activeCarts,
      averageCartValue: fromCents(averageCents(valueCents, activeCarts)),
      // Checked-out carts are deleted when their order is paid: the carts of the window are the open ones plus
      // the ones that became paid orders.
      abandonmentRate: abandonmentRate(activeCarts + cartOrders, cartOrders),
      averageItemsPerCart: average(units, activeCarts),
    },
    referralMetrics: {
      totalReferrals: total.referrals,
      conversions: total.conversions,
      conversionRate: conversionRate(total.conversions, total.referrals),
      attributedRevenue: fromCents(total.attributedCents),
    },
    timeline: dailyBuckets(input.start, input.end).map((date) => {
      const day = input.days.get(date)
      return {
        date,
        orders: day?.orders ?? 0,
        revenue: fromCents(day?.revenueCents ?? 0),
        newCarts: day?.newCarts ?? 0,
      }
    }),
    dateRange: { start: input.start.toISOString(), end: input.end.toISOString() },
  }
}

export type ArtistProductFigures = { productId: string; productName: string; revenueCents: number; units: number }

export type ArtistAnalytics = {
  overview: {
    totalOrders: number
    totalRevenue: number
    galleryCommission: number
    artistPayout: number
    averageOrderValue: number
    totalItemsSold: number
  }
  ordersByStatus: Record<ArtistOrderStatus, number>
  topProducts: { productId: string; productName: string; totalRevenue: number; unitsSold: number; averagePrice: number }[]
  referrals: { totalReferrals: number; conversions: number; conversionRate: number; attributedRevenue: number }
  timeline: { date: string; orders: number; revenue: number }[]
  dateRange: { start: string; end: string }
}

/**
 * The artist response (spec 4.8). `days`: the organization's paid artist orders per UTC day; `products`: its
 * products ranked by the database (revenue, then units, then id), cut to the top list here.
 */
export function shapeArtistAnalytics(input: {
  start: Date
  end: Date
  days: Map<string, { orders: number; revenueCents: number }>
  itemsSold: number
  statuses: Partial<Record<ArtistOrderStatus, number>>
  products: ArtistProductFigures[]
  referrals: { referrals: number; conversions: number; attributedCents: number }
  topLimit?: number
}): ArtistAnalytics {
  let orders = 0
  let revenueCents = 0
  for (const day of input.days.values()) {
    orders += day.orders
    revenueCents += day.revenueCents
  }
  const split = splitCommission(revenueCents)
  return {
    overview: {
      totalOrders: orders,
      totalRevenue: fromCents(revenueCents),
      galleryCommission: fromCents(split.commissionCents),
      artistPayout: fromCents(split.payoutCents),
      averageOrderValue: fromCents(averageCents(revenueCents, orders)),
      totalItemsSold: input.itemsSold,
    },
    ordersByStatus: {
      paid: input.statuses.paid ?? 0,
      processing: input.statuses.processing ?? 0,
      shipped: input.statuses.shipped ?? 0,
      delivered: input.statuses.delivered ?? 0,
    },
    topProducts: input.products.slice(0, input.topLimit ?? ANALYTICS_TOP_LIMIT).map((product) => ({
      productId: product.productId,
      productName: product.productName,
      totalRevenue: fromCents(product.revenueCents),
      unitsSold: product.units,
      averagePrice: fromCents(averageCents(product.revenueCents, product.units)),
    })),
    referrals: {
      totalReferrals: input.referrals.referrals,
      conversions: input.referrals.conversions,
      conversionRate: conversionRate(input.referrals.conversions, input.referrals.referrals),
      attributedRevenue: fromCents(input.referrals.attributedCents),
    },
    timeline: dailyBuckets(input.start, input.end).map((date) => {
      const day = input.days.get(date)
      return { date, orders: day?.orders ?? 0, revenue: fromCents(day?.revenueCents ?? 0) }
    }),
    dateRange: { start: input.start.toISOString(), end: input.end.toISOString() },
  }
}
