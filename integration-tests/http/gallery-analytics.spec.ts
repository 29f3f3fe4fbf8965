import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import seed, { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from "../../src/scripts/seed"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import refreshJob, { config as refreshJobConfig } from "../../src/jobs/refresh-gallery-analytics"
import { refreshGalleryAnalyticsRollups } from "../../src/queries/gallery-analytics"
import { anyStatus, bearer, login, type Api } from "../helpers/accounts"

jest.setTimeout(240000)

// GET /api/admin/analytics and GET /api/gallery/artist/analytics (spec 4.8, 4.9; docs/architecture.md, "Analytics").
// Orders, items, carts and referrals are written with SQL at fixed instants, so every figure is known exactly.
// Whole past days come from the daily rollups: each test starts without them (the database is restored), so its
// first admin request builds them from the data written before it.

const HANDLES = ["studio-north-original", "studio-north-print", "studio-south-original", "studio-south-print", "studio-east-print"]
const DAY = 24 * 60 * 60 * 1000

type Item = { product: string; name?: string; quantity: number; priceCents: number }
type ArtistPart = { org: string; status: string; items: Item[] }
type OrderSpec = {
  id: string
  status: string
  createdAt: string
  paidAt?: string
  cancelledAt?: string
  artists: ArtistPart[]
}

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    let adminToken: string
    let northToken: string
    const products: Record<string, { id: string; title: string }> = {}
    const orgs: Record<string, { id: string; name: string }> = {}

    beforeAll(async () => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await seed({ container })
      adminToken = await login(api, "user", DEMO_ADMIN_EMAIL, DEMO_PASSWORD)
      northToken = await login(api, "member", "north@atelier.test", DEMO_PASSWORD)
      const listed = await container
        .resolve(Modules.PRODUCT)
        .listProducts({ handle: HANDLES }, { select: ["id", "handle", "title"] })
      for (const p of listed) products[p.handle] = { id: p.id, title: p.title }
      expect(Object.keys(products).sort()).toEqual([...HANDLES].sort())
      const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
      for (const org of await organizations.listOrganizations({ slug: ["studio-north", "studio-south", "studio-east"] })) {
        orgs[org.slug.replace("studio-", "")] = { id: org.id, name: org.name }
      }
      expect(Object.keys(orgs).sort()).toEqual(["east", "north", "south"])
    })

    const admin = () => bearer(adminToken)
    const north = () => bearer(northToken)
    const adminAnalytics = (query = "") => api.get(`/api/admin/analytics${query}`, admin())
    const artistAnalytics = (query: string, config = north()) => api.get(`/api/gallery/artist/analytics${query}`, config)

    const orgId = (key: string) => orgs[key]?.id ?? key

    /** A gallery order with its artist orders and items, at fixed instants (artist orders paid with their parent). */
    async function insertOrder(order: OrderSpec) {
      const subtotal = order.artists.reduce(
        (sum, part) => sum + part.items.reduce((s, item) => s + item.quantity * item.priceCents, 0),
        0
      )
      await pg.raw(
        `INSERT INTO gallery_order (id, public_id, status, email, shipping_option, subtotal_cents, gallery_fee_cents,
                                    stripe_fee_cents, total_cents, transfer_group, cart_session_id, paid_at, cancelled_at,
                                    created_at, updated_at)
         VALUES (?, ?, ?, 'buyer@example.com', 'single_address', ?, 0, 0, ?, ?, ?, ?, ?, ?, ?)`,
        [
          order.id,
          `GO-${order.id}`,
          order.status,
          subtotal,
          subtotal,
          `tg_${order.id}`,
          `cart_${order.id}`,
          order.paidAt ?? null,
          order.cancelledAt ?? null,
          order.createdAt,
          order.createdAt,
        ]
      )
      for (const [index, part] of order.artists.entries()) {
        const artistOrderId = `${order.id}_ao${index}`
        const partSubtotal = part.items.reduce((s, item) => s + item.quantity * item.priceCents, 0)
        await pg.raw(
          `INSERT INTO gallery_artist_order (id, organization_id, artist_name, status, subtotal_cents, payout_cents,
                                             paid_at, gallery_order_id, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            artistOrderId,
            orgId(part.org),
            `Snapshot ${part.org}`,
            part.status,
            partSubtotal,
            Math.round(partSubtotal * 0.88),
            order.paidAt ?? null,
            order.id,
            order.createdAt,
            order.createdAt,
          ]
        )
        for (const [n, item] of part.items.entries()) {
          await pg.raw(
            `INSERT INTO gallery_artist_order_item (id, product_id, product_name, quantity, price_cents, artist_order_id,
                                                    created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            [
              `${artistOrderId}_i${n}`,
              products[item.product]?.id ?? item.product,
              item.name ?? `Snapshot of ${item.product}`,
              item.quantity,
              item.priceCents,
              artistOrderId,
              order.createdAt,
              order.createdAt,
            ]
          )
        }
      }
    }

    /** A cart session's items; every row carries the session's last activity (as the cart routes stamp it). */
    async function insertCart(session: string, createdAt: string, lastActivity: string, items: [string, number][]) {
      for (const [n, [handle, quantity]] of items.entries()) {
        await pg.raw(
          `INSERT INTO gallery_cart_item (id, session_id, product_id, quantity, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
          [`gci_${session}_${n}`, session, products[handle].id, quantity, new Date(Date.parse(createdAt) + n * 60_000), lastActivity]
        )
      }
    }

    async function insertReferral(id: string, org: string, createdAt: string) {
      await pg.raw(
        `INSERT INTO referral (id, organization_id, session_id, expires_at, created_at, updated_at)
         VALUES (?, ?, ?, ?::timestamptz + interval '30 days', ?, ?)`,
        [id, orgId(org), `session_${id}`, createdAt, createdAt, createdAt]
      )
    }

    async function insertConversion(id: string, referralId: string, orderId: string, orderType: string, amountCents: number, at: string) {
      await pg.raw(
        `INSERT INTO referral_conversion (id, referral_id, order_id, order_type, amount_cents, converted_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [id, referralId, orderId, orderType, amountCents, at, at, at]
      )
    }

    const print = (org: string) => `studio-${org}-print`

    /**
     * The main data set, around 2025-03-01..2025-03-03 (UTC):
     *   o1 delivered, paid 03-01 10:05: north 2 x 25.00 + 1 x 50.00 (original), south 1 x 200.00        -> 300.00
     *   o2 partially_shipped, created 03-01 23:59, paid 03-02 00:01: north 1 x 30.00, east 1 x 45.50    ->  75.50
     *   o3 cancelled after payment (paid 03-02 12:00): north 1 x 1000.00                                 -> excluded
     *   o4 pending (created 03-03, never paid): north 1 x 10.00                                          -> not revenue
     *   o5 processing, created 02-28, paid 03-03 08:00: south 1 x 33.33                                   ->  33.33
     *   o6 paid, created 03-03 20:00, paid 03-04 00:00 (after the range): north 1 x 12.00                 -> outside
     *   o7 shipped, created and paid 02-28: north 1 x 99.00                                               -> outside
     */
    async function insertMainDataSet() {
      await insertOrder({
        id: "o1",
        status: "delivered",
        createdAt: "2025-03-01T10:00:00Z",
        paidAt: "2025-03-01T10:05:00Z",
        artists: [
          {
            org: "north",
            status: "delivered",
            items: [
              { product: "studio-north-print", quantity: 2, priceCents: 2_500 },
              { product: "studio-north-original", quantity: 1, priceCents: 5_000 },
            ],
          },
          { org: "south", status: "delivered", items: [{ product: "studio-south-original", quantity: 1, priceCents: 20_000 }] },
        ],
      })
      await insertOrder({
        id: "o2",
        status: "partially_shipped",
        createdAt: "2025-03-01T23:59:00Z",
        paidAt: "2025-03-02T00:01:00Z",
        artists: [
          { org: "north", status: "shipped", items: [{ product: print("north"), quantity: 1, priceCents: 3_000 }] },
          { org: "east", status: "paid", items: [{ product: print("east"), quantity: 1, priceCents: 4_550 }] },
        ],
      })
      await insertOrder({
        id: "o3",
        status: "cancelled",
        createdAt: "2025-03-02T11:00:00Z",
        paidAt: "2025-03-02T12:00:00Z",
        cancelledAt: "2025-03-02T13:00:00Z",
        artists: [{ org: "north", status: "paid", items: [{ product: "studio-north-original", quantity: 1, priceCents: 100_000 }] }],
      })
      await insertOrder({
        id: "o4",
        status: "pending",
        createdAt: "2025-03-03T09:00:00Z",
        artists: [{ org: "north", status: "pending", items: [{ product: print("north"), quantity: 1, priceCents: 1_000 }] }],
      })
      await insertOrder({
        id: "o5",
        status: "processing",
        createdAt: "2025-02-28T22:00:00Z",
        paidAt: "2025-03-03T08:00:00Z",
        artists: [{ org: "south", status: "processing", items: [{ product: print("south"), quantity: 1, priceCents: 3_333 }] }],
      })
      await insertOrder({
        id: "o6",
        status: "paid",
        createdAt: "2025-03-03T20:00:00Z",
        paidAt: "2025-03-04T00:00:00Z",
        artists: [{ org: "north", status: "paid", items: [{ product: print("north"), quantity: 1, priceCents: 1_200 }] }],
      })
      await insertOrder({
        id: "o7",
        status: "shipped",
        createdAt: "2025-02-28T12:00:00Z",
        paidAt: "2025-02-28T12:05:00Z",
        artists: [{ org: "north", status: "shipped", items: [{ product: print("north"), quantity: 1, priceCents: 9_900 }] }],
      })
      // Carts. cs1 and cs2 were last active in the range's cart window; cs3 before it; cs4 after it (its first item,
      // added 03-02, still makes it a new cart of 03-02).
      await insertCart("cs1", "2025-03-01T08:00:00Z", "2025-03-02T09:00:00Z", [
        [print("north"), 2],
        [print("south"), 1],
      ])
      await insertCart("cs2", "2025-03-03T10:00:00Z", "2025-03-03T10:00:00Z", [[print("east"), 3]])
      await insertCart("cs3", "2025-02-20T10:00:00Z", "2025-02-25T10:00:00Z", [[print("east"), 1]])
      await insertCart("cs4", "2025-03-02T18:00:00Z", "2025-03-05T10:00:00Z", [[print("north"), 1]])
      // Referrals: r1, r2 (north), r3 (south), r4 (east) in the range; r5 (north) before it.
      await insertReferral("r1", "north", "2025-03-01T09:00:00Z")
      await insertReferral("r2", "north", "2025-03-02T09:00:00Z")
      await insertReferral("r3", "south", "2025-03-02T10:00:00Z")
      await insertReferral("r4", "east", "2025-03-03T10:00:00Z")
      await insertReferral("r5", "north", "2025-02-27T10:00:00Z")
      // Conversions in the range: c1 (r5, a store order) and c2 (r1, gallery order o1) count; c3 is of the cancelled
      // o3, c4 of a canceled store order; c5 converted after the range.
      await pg.raw(`INSERT INTO "order" (id, status, currency_code) VALUES ('order_canceled_1', 'canceled', 'usd')`)
      await insertConversion("c1", "r5", "order_store_1", "store", 12_000, "2025-03-01T12:00:00Z")
      await insertConversion("c2", "r1", "o1", "gallery", 8_000, "2025-03-02T12:00:00Z")
      await insertConversion("c3", "r2", "o3", "gallery", 100_000, "2025-03-02T12:00:00Z")
      await insertConversion("c4", "r2", "order_canceled_1", "store", 5_000, "2025-03-02T15:00:00Z")
      await insertConversion("c5", "r3", "order_store_2", "store", 7_000, "2025-03-05T12:00:00Z")
    }

    const RANGE = "?start_date=2025-03-01&end_date=2025-03-03"

    describe("GET /api/admin/analytics", () => {
      it("computes every figure exactly: paid revenue, 12 % / 88 %, averages, statuses, top artists, carts, referrals", async () => {
        await insertMainDataSet()
        const res = await adminAnalytics(RANGE)
        expect(res.status).toBe(200)
        // Prices of the demo prints (the cart values use today's price): north 34.99, south 45.50, east 12.95.
        // Cart value: cs1 2 x 34.99 + 45.50 = 115.48, cs2 3 x 12.95 = 38.85; 154.33 / 2 carts = 77.165 -> 77.17.
        expect(res.data).toEqual({
          analytics: {
            overview: {
              totalOrders: 3,
              totalRevenue: 408.83,
              galleryRevenue: 49.06, // 12 % of 408.83 = 49.0596
              artistPayouts: 359.77,
              averageOrderValue: 136.28, // 408.83 / 3 = 136.2766...
              totalItemsSold: 7,
            },
            ordersByStatus: { pending: 1, paid: 1, processing: 0, partially_shipped: 1, shipped: 0, delivered: 1 },
            topArtists: [
              { orgId: orgs.south.id, artistName: orgs.south.name, totalOrders: 2, totalRevenue: 233.33, artistPayout: 205.33, itemsSold: 2 },
              { orgId: orgs.north.id, artistName: orgs.north.name, totalOrders: 2, totalRevenue: 130, artistPayout: 114.4, itemsSold: 4 },
              { orgId: orgs.east.id, artistName: orgs.east.name, totalOrders: 1, totalRevenue: 45.5, artistPayout: 40.04, itemsSold: 1 },
            ],
            cartMetrics: { activeCarts: 2, averageCartValue: 77.17, abandonmentRate: 40, averageItemsPerCart: 3 },
            referralMetrics: { totalReferrals: 4, conversions: 2, conversionRate: 50, attributedRevenue: 200 },
            timeline: [
              { date: "2025-03-01", orders: 1, revenue: 300, newCarts: 1 },
              { date: "2025-03-02", orders: 1, revenue: 75.5, newCarts: 1 },
              { date: "2025-03-03", orders: 1, revenue: 33.33, newCarts: 1 },
            ],
            dateRange: { start: "2025-03-01T00:00:00.000Z", end: "2025-03-03T23:59:59.999Z" },
          },
        })
      })

      it("splits days at UTC midnight and honours date-times with offsets (one day, a few hours)", async () => {
        await insertMainDataSet()
        // 2025-03-02T00:00Z .. 2025-03-02T05:00Z: only o2 (paid 00:01) was paid then.
        const res = await adminAnalytics("?start_date=2025-03-02T00:00:00Z&end_date=2025-03-02T06:00:00%2B01:00")
        expect(res.status).toBe(200)
        const { overview, timeline, dateRange, topArtists } = res.data.analytics
        expect(overview).toMatchObject({ totalOrders: 1, totalRevenue: 75.5, totalItemsSold: 2 })
        expect(timeline).toEqual([{ date: "2025-03-02", orders: 1, revenue: 75.5, newCarts: 0 }])
        expect(dateRange).toEqual({ start: "2025-03-02T00:00:00.000Z", end: "2025-03-02T05:00:00.000Z" })
        expect(topArtists.map((a: { orgId: string }) => a.orgId)).toEqual([orgs.east.id, orgs.north.id])
        // The day before: o1 only.
        const before = await adminAnalytics("?start_date=2025-03-01&end_date=2025-03-01")
        expect(before.data.analytics.overview).toMatchObject({ totalOrders: 1, totalRevenue: 300, totalItemsSold: 4 })
      })

      it("lists one timeline entry per UTC day with zeros, and nothing outside the range", async () => {
        await insertMainDataSet()
        const res = await adminAnalytics("?start_date=2025-01-10&end_date=2025-02-10")
        expect(res.status).toBe(200)
        const { analytics } = res.data
        expect(analytics.timeline).toHaveLength(32)
        expect(analytics.timeline[0]).toEqual({ date: "2025-01-10", orders: 0, revenue: 0, newCarts: 0 })
        expect(analytics.timeline[31]).toEqual({ date: "2025-02-10", orders: 0, revenue: 0, newCarts: 0 })
        expect(analytics.overview).toEqual({
          totalOrders: 0,
          totalRevenue: 0,
          galleryRevenue: 0,
          artistPayouts: 0,
          averageOrderValue: 0,
          totalItemsSold: 0,
        })
        expect(analytics.topArtists).toEqual([])
        expect(analytics.cartMetrics).toEqual({ activeCarts: 0, averageCartValue: 0, abandonmentRate: 0, averageItemsPerCart: 0 })
        expect(analytics.referralMetrics).toEqual({ totalReferrals: 0, conversions: 0, conversionRate: 0, attributedRevenue: 0 })
        // 2025-02-20..2025-02-28: o7 (paid 02-28), the cart cs3 (started 02-20, last active 02-25), referral r5.
        const february = await adminAnalytics("?start_date=2025-02-20&end_date=2025-02-28")
        const { overview, cartMetrics, referralMetrics, timeline, ordersByStatus } = february.data.analytics
        expect(overview).toMatchObject({ totalOrders: 1, totalRevenue: 99, totalItemsSold: 1 })
        // o5 was created on 02-28 and is processing now; o7 was created 02-28 and is shipped.
        expect(ordersByStatus).toEqual({ pending: 0, paid: 0, processing: 1, partially_shipped: 0, shipped: 1, delivered: 0 })
        expect(cartMetrics).toEqual({ activeCarts: 1, averageCartValue: 12.95, abandonmentRate: 50, averageItemsPerCart: 1 })
        expect(referralMetrics).toEqual({ totalReferrals: 1, conversions: 0, conversionRate: 0, attributedRevenue: 0 })
        expect(timeline.find((d: { date: string }) => d.date === "2025-02-20")).toEqual({
          date: "2025-02-20",
          orders: 0,
          revenue: 0,
          newCarts: 1,
        })
        expect(timeline.find((d: { date: string }) => d.date === "2025-02-28")).toEqual({
          date: "2025-02-28",
          orders: 1,
          revenue: 99,
          newCarts: 0,
        })
      })

      it("keeps the top 10 artists by revenue", async () => {
        for (let i = 1; i <= 12; i++) {
          const id = `org_top_${String(i).padStart(2, "0")}`
          await pg.raw(
            `INSERT INTO organization (id, name, slug, plan, gallery_approved) VALUES (?, ?, ?, 'starter', true)`,
            [id, `Top Studio ${i}`, `top-studio-${i}`]
          )
          await insertOrder({
            id: `top${i}`,
            status: "paid",
            createdAt: "2025-04-01T10:00:00Z",
            paidAt: "2025-04-01T10:00:00Z",
            artists: [{ org: id, status: "paid", items: [{ product: `prod_top_${i}`, quantity: 1, priceCents: i * 1_000 }] }],
          })
        }
        const res = await adminAnalytics("?start_date=2025-04-01&end_date=2025-04-01")
        expect(res.status).toBe(200)
        const top = res.data.analytics.topArtists
        expect(top).toHaveLength(10)
        expect(top.map((a: { orgId: string }) => a.orgId)).toEqual(
          [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `org_top_${String(i).padStart(2, "0")}`)
        )
        expect(top[0]).toEqual({
          orgId: "org_top_12",
          artistName: "Top Studio 12",
          totalOrders: 1,
          totalRevenue: 120,
          artistPayout: 105.6,
          itemsSold: 1,
        })
        expect(res.data.analytics.overview).toMatchObject({ totalOrders: 12, totalRevenue: 780, galleryRevenue: 93.6, artistPayouts: 686.4 })
      })

      it("defaults to the last 30 days; start alone ends now; end alone starts 30 days before it", async () => {
        const now = Date.now()
        const isoAgo = (days: number) => new Date(now - days * DAY).toISOString()
        await insertOrder({
          id: "recent",
          status: "shipped",
          createdAt: isoAgo(2),
          paidAt: isoAgo(2),
          artists: [{ org: "north", status: "shipped", items: [{ product: print("north"), quantity: 1, priceCents: 3_499 }] }],
        })
        await insertOrder({
          id: "old",
          status: "delivered",
          createdAt: isoAgo(40),
          paidAt: isoAgo(40),
          artists: [{ org: "south", status: "delivered", items: [{ product: print("south"), quantity: 1, priceCents: 4_550 }] }],
        })
        const res = await adminAnalytics()
        expect(res.status).toBe(200)
        const { analytics } = res.data
        const start = Date.parse(analytics.dateRange.start)
        const end = Date.parse(analytics.dateRange.end)
        expect(end - start).toBe(30 * DAY)
        expect(Math.abs(end - now)).toBeLessThan(60_000)
        expect(analytics.timeline).toHaveLength(31)
        expect(analytics.timeline[30].date).toBe(new Date(end).toISOString().slice(0, 10))
        expect(analytics.overview).toMatchObject({ totalOrders: 1, totalRevenue: 34.99 })
        expect(analytics.ordersByStatus.shipped).toBe(1)
        expect(analytics.ordersByStatus.delivered).toBe(0)

        const fromStart = await adminAnalytics(`?start_date=${isoAgo(45).slice(0, 10)}`)
        expect(fromStart.status).toBe(200)
        expect(Math.abs(Date.parse(fromStart.data.analytics.dateRange.end) - Date.now())).toBeLessThan(60_000)
        expect(fromStart.data.analytics.overview).toMatchObject({ totalOrders: 2, totalRevenue: 80.49 })

        const toEnd = await adminAnalytics("?end_date=2025-03-31")
        expect(toEnd.data.analytics.dateRange).toEqual({ start: "2025-03-01T23:59:59.999Z", end: "2025-03-31T23:59:59.999Z" })
      })

      it("refuses invalid dates and ranges over a year with 400", async () => {
        const cases: [string, string][] = [
          ["?start_date=yesterday", "Invalid date range"],
          ["?start_date=2025-02-30", "Invalid date range"],
          ["?end_date=2025-13-01", "Invalid date range"],
          ["?start_date=2025-03-05&end_date=2025-03-01", "Invalid date range"],
          ["?start_date=2025-03-01&start_date=2025-03-02", "Invalid date range"],
          ["?start_date=2024-01-01&end_date=2025-01-02", "Date range cannot exceed one year"],
          ["?start_date=2023-01-01&end_date=2025-01-01", "Date range cannot exceed one year"],
        ]
        for (const [query, message] of cases) {
          const res = await adminAnalytics(query)
          expect([query, res.status, res.data]).toEqual([query, 400, { error: message }])
        }
        // A leap year's whole calendar year (366 days) is still one year.
        const leap = await adminAnalytics("?start_date=2024-01-01&end_date=2024-12-31")
        expect(leap.status).toBe(200)
        expect(leap.data.analytics.timeline).toHaveLength(366)
        // Unknown parameters are refused like every Atelier query.
        const unknown = await adminAnalytics("?start_date=2025-03-01&foo=1")
        expect(unknown.status).toBe(400)
      })

      it("answers 401 without a valid token and 403 for an artist", async () => {
        const anonymous = await api.get(`/api/admin/analytics${RANGE}`, anyStatus)
        expect(anonymous.status).toBe(401)
        expect(anonymous.data).toEqual({ error: "Unauthorized", message: expect.any(String) })
        const garbage = await api.get(`/api/admin/analytics${RANGE}`, bearer("not-a-jwt"))
        expect(garbage.status).toBe(401)
        const artist = await api.get(`/api/admin/analytics${RANGE}`, north())
        expect(artist.status).toBe(403)
        expect(artist.data).toEqual({ error: "Forbidden", message: expect.any(String) })
        // Authentication comes before validation: a bad range without a token is still 401.
        expect((await api.get("/api/admin/analytics?start_date=nope", anyStatus)).status).toBe(401)
      })

      it("serves past days from the rollups, refreshes them when over an hour old, and the job picks up changes", async () => {
        await insertMainDataSet()
        const first = await adminAnalytics(RANGE)
        expect(first.data.analytics.overview.totalRevenue).toBe(408.83)
        // The first request built the rollups of every day.
        const [state] = (await pg.raw(`SELECT watermark FROM gallery_analytics_refresh WHERE id = 1`)).rows
        expect(state).toBeDefined()
        const { rows: built } = await pg.raw(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, orders, revenue_cents::int AS revenue_cents FROM gallery_analytics_day
           WHERE day BETWEEN '2025-03-01' AND '2025-03-03' ORDER BY day`
        )
        expect(built).toEqual([
          { day: "2025-03-01", orders: 1, revenue_cents: 30_000 },
          { day: "2025-03-02", orders: 1, revenue_cents: 7_550 },
          { day: "2025-03-03", orders: 1, revenue_cents: 3_333 },
        ])
        // o1 is cancelled (as the cancellation workflow writes it): the rollups, refreshed less than an hour ago,
        // still show it...
        await pg.raw(`UPDATE gallery_order SET status = 'cancelled', cancelled_at = now(), updated_at = now() WHERE id = 'o1'`)
        const kept = await adminAnalytics(RANGE)
        const { cartMetrics: keptCarts, ...keptDays } = kept.data.analytics
        const { cartMetrics: firstCarts, ...firstDays } = first.data.analytics
        expect(keptDays).toEqual(firstDays)
        // Cart metrics are always read live: the window's paid orders are now 2 (carts 2 + 2, 50 % abandoned).
        expect(firstCarts.abandonmentRate).toBe(40)
        expect(keptCarts).toEqual({ ...firstCarts, abandonmentRate: 50 })
        // ...until the last refresh is over an hour old: the request refreshes the touched days before answering.
        await pg.raw(`UPDATE gallery_analytics_refresh SET watermark = watermark - interval '61 minutes'`)
        const refreshed = await adminAnalytics(RANGE)
        expect(refreshed.data.analytics.overview).toMatchObject({ totalOrders: 2, totalRevenue: 108.83, totalItemsSold: 3 })
        expect(refreshed.data.analytics.topArtists.map((a: { orgId: string }) => a.orgId)).toEqual([orgs.east.id, orgs.south.id, orgs.north.id])
        expect(refreshed.data.analytics.ordersByStatus.delivered).toBe(0)
        const [after] = (await pg.raw(`SELECT watermark FROM gallery_analytics_refresh WHERE id = 1`)).rows
        expect(new Date(after.watermark).getTime()).toBeGreaterThan(Date.now() - 60_000)

        // The scheduled job's refresh (every 15 minutes) picks up a status change without waiting for the hour.
        await pg.raw(`UPDATE gallery_order SET status = 'cancelled', cancelled_at = now(), updated_at = now() WHERE id = 'o5'`)
        expect((await adminAnalytics(RANGE)).data.analytics.overview.totalRevenue).toBe(108.83)
        expect(refreshJobConfig.schedule).toBe("*/15 * * * *")
        await refreshJob(container)
        const afterJob = (await adminAnalytics(RANGE)).data.analytics
        expect(afterJob.overview).toMatchObject({ totalOrders: 1, totalRevenue: 75.5 })
        expect(afterJob.ordersByStatus.processing).toBe(0)
        // Only the touched days were re-aggregated; a full rebuild gives the same figures.
        const incremental = (await pg.raw(`SELECT * FROM gallery_analytics_day ORDER BY day`)).rows
        const full = await refreshGalleryAnalyticsRollups(pg, new Date(), { full: true })
        expect(full).toMatchObject({ refreshed: true, full: true })
        expect((await pg.raw(`SELECT * FROM gallery_analytics_day ORDER BY day`)).rows).toEqual(incremental)
        expect((await adminAnalytics(RANGE)).data.analytics).toEqual(afterJob)
      })
    })

    describe("GET /api/gallery/artist/analytics", () => {
      it("computes the organization's figures exactly", async () => {
        await insertMainDataSet()
        const res = await artistAnalytics(`${RANGE}&org_id=${orgs.north.id}`)
        expect(res.status).toBe(200)
        expect(res.data).toEqual({
          analytics: {
            overview: {
              totalOrders: 2,
              totalRevenue: 130,
              galleryCommission: 15.6,
              artistPayout: 114.4,
              averageOrderValue: 65,
              totalItemsSold: 4,
            },
            // Created in the range: o1 (delivered), o2 (shipped), o6 (paid); o3's part is of a cancelled order,
            // o4's is pending.
            ordersByStatus: { paid: 1, processing: 0, shipped: 1, delivered: 1 },
            topProducts: [
              {
                productId: products["studio-north-print"].id,
                productName: products["studio-north-print"].title,
                totalRevenue: 80,
                unitsSold: 3,
                averagePrice: 26.67,
              },
              {
                productId: products["studio-north-original"].id,
                productName: products["studio-north-original"].title,
                totalRevenue: 50,
                unitsSold: 1,
                averagePrice: 50,
              },
            ],
            // r1, r2 created in the range; conversions c1 (of r5, created earlier) and c2; c3 and c4 were cancelled.
            referrals: { totalReferrals: 2, conversions: 2, conversionRate: 100, attributedRevenue: 200 },
            timeline: [
              { date: "2025-03-01", orders: 1, revenue: 100 },
              { date: "2025-03-02", orders: 1, revenue: 30 },
              { date: "2025-03-03", orders: 0, revenue: 0 },
            ],
            dateRange: { start: "2025-03-01T00:00:00.000Z", end: "2025-03-03T23:59:59.999Z" },
          },
        })
      })

      it("shows only the organization's own orders (another organization's figures are not mixed in)", async () => {
        await insertMainDataSet()
        const southToken = await login(api, "member", "south@atelier.test", DEMO_PASSWORD)
        const res = await artistAnalytics(`${RANGE}&org_id=${orgs.south.id}`, bearer(southToken))
        expect(res.status).toBe(200)
        const { overview, ordersByStatus, topProducts, referrals, timeline } = res.data.analytics
        expect(overview).toEqual({
          totalOrders: 2,
          totalRevenue: 233.33,
          galleryCommission: 28,
          artistPayout: 205.33,
          averageOrderValue: 116.67, // 233.33 / 2 = 116.665
          totalItemsSold: 2,
        })
        // o5 (processing) was created before the range.
        expect(ordersByStatus).toEqual({ paid: 0, processing: 0, shipped: 0, delivered: 1 })
        expect(topProducts.map((p: { productId: string }) => p.productId)).toEqual([
          products["studio-south-original"].id,
          products["studio-south-print"].id,
        ])
        expect(referrals).toEqual({ totalReferrals: 1, conversions: 0, conversionRate: 0, attributedRevenue: 0 })
        expect(timeline.map((d: { revenue: number }) => d.revenue)).toEqual([200, 0, 33.33])
      })

      it("keeps the top 10 products; a deleted product keeps its snapshot name", async () => {
        const items = Array.from({ length: 12 }, (_, i) => ({
          product: `prod_gone_${String(i + 1).padStart(2, "0")}`,
          name: `Gone work ${i + 1}`,
          quantity: 2,
          priceCents: (i + 1) * 1_001,
        }))
        await insertOrder({
          id: "many",
          status: "paid",
          createdAt: "2025-05-05T10:00:00Z",
          paidAt: "2025-05-05T10:00:00Z",
          artists: [{ org: "north", status: "paid", items }],
        })
        const res = await artistAnalytics(`?start_date=2025-05-01&end_date=2025-05-31&org_id=${orgs.north.id}`)
        expect(res.status).toBe(200)
        const { topProducts, overview, timeline } = res.data.analytics
        expect(topProducts).toHaveLength(10)
        expect(topProducts[0]).toEqual({
          productId: "prod_gone_12",
          productName: "Gone work 12",
          totalRevenue: 240.24,
          unitsSold: 2,
          averagePrice: 120.12,
        })
        expect(topProducts.map((p: { productId: string }) => p.productId)).toEqual(
          [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `prod_gone_${String(i).padStart(2, "0")}`)
        )
        // Items sold counts every product, not only the ten listed.
        expect(overview).toMatchObject({ totalOrders: 1, totalItemsSold: 24, totalRevenue: 1561.56 })
        expect(timeline).toHaveLength(31)
      })

      it("defaults to the last 30 days and refuses invalid ranges", async () => {
        const res = await artistAnalytics(`?org_id=${orgs.north.id}`)
        expect(res.status).toBe(200)
        const { dateRange, timeline, overview } = res.data.analytics
        expect(Date.parse(dateRange.end) - Date.parse(dateRange.start)).toBe(30 * DAY)
        expect(timeline).toHaveLength(31)
        expect(overview.totalOrders).toBe(0)
        for (const [query, message] of [
          ["&start_date=03/01/2025", "Invalid date range"],
          ["&start_date=2025-03-02&end_date=2025-03-01", "Invalid date range"],
          ["&start_date=2024-03-01&end_date=2025-03-02", "Date range cannot exceed one year"],
        ]) {
          const bad = await artistAnalytics(`?org_id=${orgs.north.id}${query}`)
          expect([query, bad.status, bad.data]).toEqual([query, 400, { error: message }])
        }
      })

      it("answers 401 without a token, 403 for an administrator or another organization, 400 without org_id", async () => {
        const url = `/api/gallery/artist/analytics${RANGE}&org_id=${orgs.north.id}`
        const anonymous = await api.get(url, anyStatus)
        expect(anonymous.status).toBe(401)
        expect(anonymous.data).toEqual({ error: "Unauthorized", message: expect.any(String) })
        const garbage = await api.get(url, bearer("not-a-jwt"))
        expect(garbage.status).toBe(401)
        const asAdmin = await api.get(url, admin())
        expect(asAdmin.status).toBe(403)
        expect(asAdmin.data).toEqual({ error: "Forbidden", message: expect.any(String) })
        const otherOrg = await artistAnalytics(`${RANGE}&org_id=${orgs.south.id}`)
        expect(otherOrg.status).toBe(403)
        expect(otherOrg.data).toEqual({ error: "Forbidden", message: expect.any(String) })
        const unknownOrg = await artistAnalytics(`${RANGE}&org_id=org_does_not_exist`)
        expect(unknownOrg.status).toBe(403)
        const missing = await artistAnalytics(RANGE)
        expect(missing.status).toBe(400)
        expect(missing.data).toEqual({ error: "Organization ID required" })
        const empty = await artistAnalytics(`${RANGE}&org_id=`)
        expect(empty.status).toBe(400)
        expect(empty.data).toEqual({ error: "Organization ID required" })
      })
    })
  },
})
