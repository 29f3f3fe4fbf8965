import {
  addAdminDay,
  averageCents,
  combineAdminDays,
  emptyAdminTotals,
  packArtists,
  dayRuns,
  emptyAdminDay,
  shapeAdminAnalytics,
  shapeArtistAnalytics,
  splitByClosedUtcDays,
  splitCommission,
  sumAdminDays,
  topArtistIds,
  utcDayInterval,
  type AdminDay,
  type ArtistFigures,
} from "../analytics-math"

const at = (iso: string) => new Date(iso)
const iso = (interval: { from: Date; to: Date }) => [interval.from.toISOString(), interval.to.toISOString()]

type DayValues = Partial<Omit<AdminDay, "artists" | "statuses">> & {
  statuses?: Partial<AdminDay["statuses"]>
  artists?: Record<string, ArtistFigures>
}

function day(values: DayValues = {}): AdminDay {
  const result = emptyAdminDay()
  const { artists, statuses, ...numbers } = values
  Object.assign(result, numbers)
  if (statuses) Object.assign(result.statuses, statuses)
  result.artists = packArtists(new Map(Object.entries(artists ?? {}).map(([orgId, f]) => [orgId, { ...f }])))
  return result
}

describe("utcDayInterval", () => {
  it("is [00:00, 24:00) UTC of the day, across month, year and leap days", () => {
    expect(iso(utcDayInterval("2025-03-09"))).toEqual(["2025-03-09T00:00:00.000Z", "2025-03-10T00:00:00.000Z"])
    expect(iso(utcDayInterval("2024-02-29"))).toEqual(["2024-02-29T00:00:00.000Z", "2024-03-01T00:00:00.000Z"])
    expect(iso(utcDayInterval("2025-12-31"))).toEqual(["2025-12-31T00:00:00.000Z", "2026-01-01T00:00:00.000Z"])
  })
})

describe("splitByClosedUtcDays", () => {
  it("keeps whole days that are over and reads the current day live (a range of bare dates)", () => {
    // start_date=2025-06-01, end_date=2025-06-05 (end of that day), asked on 2025-06-05 at 10:00.
    const { closedDays, live } = splitByClosedUtcDays(
      at("2025-06-01T00:00:00Z"),
      at("2025-06-06T00:00:00Z"),
      at("2025-06-05T10:00:00Z")
    )
    expect(closedDays).toEqual(["2025-06-01", "2025-06-02", "2025-06-03", "2025-06-04"])
    expect(live.map(iso)).toEqual([["2025-06-05T00:00:00.000Z", "2025-06-06T00:00:00.000Z"]])
  })

  it("reads a partial first day and a partial last day live", () => {
    const { closedDays, live } = splitByClosedUtcDays(
      at("2025-06-01T15:30:00Z"),
      at("2025-06-04T08:00:00.001Z"),
      at("2025-06-10T00:00:00Z")
    )
    expect(closedDays).toEqual(["2025-06-02", "2025-06-03"])
    expect(live.map(iso)).toEqual([
      ["2025-06-01T15:30:00.000Z", "2025-06-02T00:00:00.000Z"],
      ["2025-06-04T00:00:00.000Z", "2025-06-04T08:00:00.001Z"],
    ])
  })

  it("keeps every day of a range that is over, with nothing live", () => {
    const { closedDays, live } = splitByClosedUtcDays(
      at("2025-01-30T00:00:00Z"),
      at("2025-02-02T00:00:00Z"),
      at("2025-06-01T00:00:00Z")
    )
    expect(closedDays).toEqual(["2025-01-30", "2025-01-31", "2025-02-01"])
    expect(live).toEqual([])
  })

  it("reads everything live when no whole day is over (within one day, or in the future)", () => {
    expect(
      splitByClosedUtcDays(at("2025-06-01T01:00:00Z"), at("2025-06-01T23:00:00Z"), at("2025-06-09T00:00:00Z"))
    ).toEqual({ closedDays: [], live: [{ from: at("2025-06-01T01:00:00Z"), to: at("2025-06-01T23:00:00Z") }] })
    expect(
      splitByClosedUtcDays(at("2025-06-01T00:00:00Z"), at("2025-06-03T00:00:00Z"), at("2025-06-01T12:00:00Z"))
    ).toEqual({ closedDays: [], live: [{ from: at("2025-06-01T00:00:00Z"), to: at("2025-06-03T00:00:00Z") }] })
    expect(splitByClosedUtcDays(at("2025-06-02T00:00:00Z"), at("2025-06-01T00:00:00Z"), at("2025-07-01T00:00:00Z"))).toEqual({
      closedDays: [],
      live: [],
    })
  })

  it("covers the range exactly: closed days and live intervals neither overlap nor leave gaps", () => {
    const start = at("2024-11-20T07:13:00Z")
    const end = at("2025-11-20T07:13:00.001Z")
    const { closedDays, live } = splitByClosedUtcDays(start, end, at("2025-11-20T07:13:00Z"))
    expect(closedDays).toHaveLength(364)
    const pieces = [...closedDays.map(utcDayInterval), ...live].sort((a, b) => a.from.getTime() - b.from.getTime())
    expect(pieces[0].from).toEqual(start)
    expect(pieces[pieces.length - 1].to).toEqual(end)
    for (let i = 1; i < pieces.length; i++) expect(pieces[i].from).toEqual(pieces[i - 1].to)
  })
})

describe("dayRuns", () => {
  it("merges consecutive days into one interval and splits at gaps, whatever the input order", () => {
    expect(dayRuns(["2025-03-02", "2025-02-28", "2025-03-01", "2025-03-05"]).map(iso)).toEqual([
      ["2025-02-28T00:00:00.000Z", "2025-03-03T00:00:00.000Z"],
      ["2025-03-05T00:00:00.000Z", "2025-03-06T00:00:00.000Z"],
    ])
    expect(dayRuns([])).toEqual([])
  })
})

describe("splitCommission", () => {
  it("is 12 % half-up to the cent for the gallery and the rest (88 %) for the artists", () => {
    expect(splitCommission(100_000)).toEqual({ commissionCents: 12_000, payoutCents: 88_000 })
    expect(splitCommission(12_345)).toEqual({ commissionCents: 1_481, payoutCents: 10_864 }) // 1481.4
    expect(splitCommission(5)).toEqual({ commissionCents: 1, payoutCents: 4 }) // 0.6
    expect(splitCommission(4)).toEqual({ commissionCents: 0, payoutCents: 4 }) // 0.48
    expect(splitCommission(0)).toEqual({ commissionCents: 0, payoutCents: 0 })
  })

  it("always adds up, and the 88 % is also 88 % rounded half-up (12 % never lands on half a cent)", () => {
    for (let cents = 0; cents < 5_000; cents++) {
      const { commissionCents, payoutCents } = splitCommission(cents)
      expect(commissionCents + payoutCents).toBe(cents)
      expect(payoutCents).toBe(Math.round((cents * 88) / 100))
    }
  })
})

describe("averageCents", () => {
  it("divides in integer cents, half-up; 0 without a count", () => {
    expect(averageCents(1_000, 3)).toBe(333)
    expect(averageCents(2_000, 3)).toBe(667)
    expect(averageCents(250, 100)).toBe(3) // 2.5
    expect(averageCents(99_999, 1)).toBe(99_999)
    expect(averageCents(500, 0)).toBe(0)
  })
})

describe("addAdminDay / sumAdminDays", () => {
  it("adds every figure and merges artists by organization, leaving the added days unchanged", () => {
    const a = day({
      orders: 2,
      revenueCents: 5_000,
      itemsSold: 3,
      newCarts: 4,
      referrals: 5,
      conversions: 1,
      attributedCents: 700,
      statuses: { paid: 1, shipped: 2 },
      artists: { org_a: { orders: 2, revenueCents: 5_000, itemsSold: 3 } },
    })
    const b = day({
      orders: 1,
      revenueCents: 1_000,
      itemsSold: 1,
      newCarts: 1,
      statuses: { paid: 1, pending: 3 },
      artists: { org_a: { orders: 1, revenueCents: 600, itemsSold: 1 }, org_b: { orders: 1, revenueCents: 400, itemsSold: 0 } },
    })
    const total = sumAdminDays([a, b])
    expect(total.orders).toBe(3)
    expect(total.revenueCents).toBe(6_000)
    expect(total.itemsSold).toBe(4)
    expect(total.newCarts).toBe(5)
    expect(total.referrals).toBe(5)
    expect(total.conversions).toBe(1)
    expect(total.attributedCents).toBe(700)
    expect(total.statuses).toEqual({ pending: 3, paid: 2, processing: 0, partially_shipped: 0, shipped: 2, delivered: 0 })
    expect(Object.fromEntries(total.artists)).toEqual({
      org_a: { orders: 3, revenueCents: 5_600, itemsSold: 4 },
      org_b: { orders: 1, revenueCents: 400, itemsSold: 0 },
    })
    // The inputs (closed days read from the rollups) are untouched.
    expect(a.orders).toBe(2)
    expect(a.artists).toEqual({ orgIds: ["org_a"], orders: [2], revenueCents: [5_000], itemsSold: [3] })
    const again = addAdminDay(emptyAdminTotals(), a)
    again.artists.get("org_a")!.orders = 99
    expect(a.artists.orders).toEqual([2])
  })

  it("combines two parts of one day into a new day whose sums are those of both", () => {
    const a = day({ orders: 1, revenueCents: 100, statuses: { paid: 1 }, artists: { org_a: { orders: 1, revenueCents: 100, itemsSold: 1 } } })
    const b = day({ orders: 2, revenueCents: 50, statuses: { paid: 2 }, artists: { org_a: { orders: 2, revenueCents: 50, itemsSold: 5 } } })
    const combined = combineAdminDays(a, b)
    expect(combined.orders).toBe(3)
    expect(combined.statuses.paid).toBe(3)
    expect(Object.fromEntries(sumAdminDays([combined]).artists)).toEqual({ org_a: { orders: 3, revenueCents: 150, itemsSold: 6 } })
    expect(a.artists.orgIds).toEqual(["org_a"])
    expect(b.orders).toBe(2)
  })
})

describe("topArtistIds", () => {
  it("ranks by revenue, then orders, then id, and keeps the first 10", () => {
    const artists = new Map<string, ArtistFigures>()
    for (let i = 1; i <= 12; i++) artists.set(`org_${String(i).padStart(2, "0")}`, { orders: 1, revenueCents: i * 100, itemsSold: 1 })
    artists.set("org_tie_b", { orders: 2, revenueCents: 1_200, itemsSold: 0 })
    artists.set("org_tie_a", { orders: 2, revenueCents: 1_200, itemsSold: 0 })
    expect(topArtistIds(artists)).toEqual([
      "org_tie_a",
      "org_tie_b",
      "org_12",
      "org_11",
      "org_10",
      "org_09",
      "org_08",
      "org_07",
      "org_06",
      "org_05",
    ])
    expect(topArtistIds(artists, 1)).toEqual(["org_tie_a"])
    expect(topArtistIds(new Map())).toEqual([])
  })
})

describe("shapeAdminAnalytics", () => {
  it("shapes known figures into the spec's response, in USD with cents", () => {
    const days = new Map<string, AdminDay>([
      [
        "2025-06-01",
        day({
          orders: 2,
          revenueCents: 30_000,
          itemsSold: 4,
          newCarts: 3,
          referrals: 3,
          conversions: 1,
          attributedCents: 4_550,
          statuses: { paid: 1, delivered: 1, pending: 1 },
          artists: {
            org_a: { orders: 2, revenueCents: 20_000, itemsSold: 3 },
            org_b: { orders: 1, revenueCents: 10_000, itemsSold: 1 },
          },
        }),
      ],
      [
        "2025-06-03",
        day({
          orders: 1,
          revenueCents: 333,
          itemsSold: 1,
          referrals: 1,
          statuses: { shipped: 1 },
          artists: { org_b: { orders: 1, revenueCents: 333, itemsSold: 1 } },
        }),
      ],
    ])
    const result = shapeAdminAnalytics({
      start: at("2025-06-01T00:00:00Z"),
      end: at("2025-06-03T23:59:59.999Z"),
      days,
      names: new Map([
        ["org_a", "Studio A"],
        ["org_b", "Studio B"],
      ]),
      carts: { activeCarts: 3, units: 7, valueCents: 10_000, orders: 1 },
    })
    expect(result).toEqual({
      overview: {
        totalOrders: 3,
        totalRevenue: 303.33,
        galleryRevenue: 36.4, // 12 % of 303.33 = 36.3996
        artistPayouts: 266.93,
        averageOrderValue: 101.11,
        totalItemsSold: 5,
      },
      ordersByStatus: { pending: 1, paid: 1, processing: 0, partially_shipped: 0, shipped: 1, delivered: 1 },
      topArtists: [
        { orgId: "org_a", artistName: "Studio A", totalOrders: 2, totalRevenue: 200, artistPayout: 176, itemsSold: 3 },
        { orgId: "org_b", artistName: "Studio B", totalOrders: 2, totalRevenue: 103.33, artistPayout: 90.93, itemsSold: 2 },
      ],
      cartMetrics: { activeCarts: 3, averageCartValue: 33.33, abandonmentRate: 75, averageItemsPerCart: 2.33 },
      referralMetrics: { totalReferrals: 4, conversions: 1, conversionRate: 25, attributedRevenue: 45.5 },
      timeline: [
        { date: "2025-06-01", orders: 2, revenue: 300, newCarts: 3 },
        { date: "2025-06-02", orders: 0, revenue: 0, newCarts: 0 },
        { date: "2025-06-03", orders: 1, revenue: 3.33, newCarts: 0 },
      ],
      dateRange: { start: "2025-06-01T00:00:00.000Z", end: "2025-06-03T23:59:59.999Z" },
    })
  })

  it("answers zeros (never NaN) for a range without any activity", () => {
    const result = shapeAdminAnalytics({
      start: at("2025-06-01T12:00:00Z"),
      end: at("2025-06-02T12:00:00Z"),
      days: new Map(),
      names: new Map(),
      carts: { activeCarts: 0, units: 0, valueCents: 0, orders: 0 },
    })
    expect(result.overview).toEqual({
      totalOrders: 0,
      totalRevenue: 0,
      galleryRevenue: 0,
      artistPayouts: 0,
      averageOrderValue: 0,
      totalItemsSold: 0,
    })
    expect(result.topArtists).toEqual([])
    expect(result.cartMetrics).toEqual({ activeCarts: 0, averageCartValue: 0, abandonmentRate: 0, averageItemsPerCart: 0 })
    expect(result.referralMetrics).toEqual({ totalReferrals: 0, conversions: 0, conversionRate: 0, attributedRevenue: 0 })
    expect(result.timeline.map((entry) => entry.date)).toEqual(["2025-06-01", "2025-06-02"])
  })

  it("counts checked-out carts in the abandonment rate: open carts + paid orders of the window", () => {
    const shape = (carts: { activeCarts: number; orders: number }) =>
      shapeAdminAnalytics({
        start: at("2025-06-01T00:00:00Z"),
        end: at("2025-06-01T23:59:59.999Z"),
        days: new Map(),
        names: new Map(),
        carts: { ...carts, units: 0, valueCents: 0 },
      }).cartMetrics.abandonmentRate
    expect(shape({ activeCarts: 0, orders: 5 })).toBe(0)
    expect(shape({ activeCarts: 1, orders: 2 })).toBe(33.33)
    expect(shape({ activeCarts: 4, orders: 0 })).toBe(100)
  })
})

describe("shapeArtistAnalytics", () => {
  it("shapes an organization's figures: 12 % commission, 88 % payout, products with average unit prices", () => {
    const result = shapeArtistAnalytics({
      start: at("2025-06-01T00:00:00Z"),
      end: at("2025-06-02T23:59:59.999Z"),
      days: new Map([["2025-06-02", { orders: 3, revenueCents: 10_001 }]]),
      itemsSold: 6,
      statuses: { paid: 2, shipped: 1 },
      products: [
        { productId: "prod_1", productName: "Print", revenueCents: 7_001, units: 3 },
        { productId: "prod_2", productName: "Original", revenueCents: 3_000, units: 3 },
      ],
      referrals: { referrals: 3, conversions: 2, attributedCents: 12_345 },
    })
    expect(result).toEqual({
      overview: {
        totalOrders: 3,
        totalRevenue: 100.01,
        galleryCommission: 12, // 12.0012
        artistPayout: 88.01,
        averageOrderValue: 33.34, // 33.3366
        totalItemsSold: 6,
      },
      ordersByStatus: { paid: 2, processing: 0, shipped: 1, delivered: 0 },
      topProducts: [
        { productId: "prod_1", productName: "Print", totalRevenue: 70.01, unitsSold: 3, averagePrice: 23.34 },
        { productId: "prod_2", productName: "Original", totalRevenue: 30, unitsSold: 3, averagePrice: 10 },
      ],
      referrals: { totalReferrals: 3, conversions: 2, conversionRate: 66.67, attributedRevenue: 123.45 },
      timeline: [
        { date: "2025-06-01", orders: 0, revenue: 0 },
        { date: "2025-06-02", orders: 3, revenue: 100.01 },
      ],
      dateRange: { start: "2025-06-01T00:00:00.000Z", end: "2025-06-02T23:59:59.999Z" },
    })
  })

  it("keeps at most 10 products", () => {
    const products = Array.from({ length: 12 }, (_, i) => ({
      productId: `prod_${i}`,
      productName: `P${i}`,
      revenueCents: 1_000 - i,
      units: 1,
    }))
    const result = shapeArtistAnalytics({
      start: at("2025-06-01T00:00:00Z"),
      end: at("2025-06-01T23:59:59.999Z"),
      days: new Map(),
      itemsSold: 12,
      statuses: {},
      products,
      referrals: { referrals: 0, conversions: 0, attributedCents: 0 },
    })
    expect(result.topProducts.map((p) => p.productId)).toEqual(products.slice(0, 10).map((p) => p.productId))
    expect(result.overview.averageOrderValue).toBe(0)
    expect(result.referrals.conversionRate).toBe(0)
  })
})
