import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { processPendingPayouts } from "../../src/jobs/process-pending-payouts"
import { ARTIST_ORDER_MESSAGES } from "../../src/api/api/gallery/artist/orders/validators"
import { carrierTrackingUrl } from "../../src/lib/tracking-url"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../src/modules/payments"
import { sendShipmentEmail } from "../../src/processes/outbox/handlers/shipment-email"
import { getGalleryProductsByIds } from "../../src/queries/gallery-products"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { countRows, outboxDrained, selectRows, waitFor } from "../helpers/db"
import {
  COLLECTOR_ADDRESS,
  COLLECTOR_EMAIL,
  loginDemoAdmin,
  loginDemoMember,
  orgIdsBySlug,
  productIdsByHandle,
  seedDemo,
} from "../helpers/demo-data"

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const HANDLES = [
  "studio-north-original",
  "studio-north-print",
  "studio-south-original",
  "studio-south-print",
  "studio-east-print",
]
const ORG_SLUGS = ["studio-north", "studio-south", "studio-east"]
const ADDRESS = COLLECTOR_ADDRESS
const EMAIL = COLLECTOR_EMAIL
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

type Slug = "studio-north" | "studio-south" | "studio-east"

/** A gallery order as the tests use it: its ids and its artist order per organization. */
type PlacedOrder = {
  orderId: string
  publicId: string
  intentId: string
  totalCents: number
  artist: Partial<Record<Slug, string>>
}

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const product: Record<string, string> = {}
    const org: Record<string, string> = {}
    const token: Record<Slug | "admin", string> = {} as Record<Slug | "admin", string>

    // Seeded once; the runner snapshots the database after this and restores it before every test.
    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(product, await productIdsByHandle(container, HANDLES))
      expect(Object.keys(product).sort()).toEqual([...HANDLES].sort())
      Object.assign(org, await orgIdsBySlug(container, ORG_SLUGS))
      token.admin = await loginDemoAdmin(api)
      token["studio-north"] = await loginDemoMember(api, "north@atelier.test")
      token["studio-south"] = await loginDemoMember(api, "south@atelier.test")
      token["studio-east"] = await loginDemoMember(api, "east@atelier.test")
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    // ---------------------------------------------------------------------------------------------------------
    // helpers

    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)
    const count = (table: string, where = "true", bindings: unknown[] = []) => countRows(pg, table, where, bindings)

    async function setAccounts(accounts: Partial<Record<Slug, string | null>>) {
      const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
      for (const [slug, account] of Object.entries(accounts)) {
        // As completed payout onboarding leaves an account: able to receive payouts.
        const payable = Boolean(account)
        await organizations.updateOrganizations({ id: org[slug], stripe_account_id: account ?? null, payouts_enabled: payable, transfers_active: payable })
      }
    }

    async function inventoryOf(handle: string): Promise<number | null> {
      const views = await getGalleryProductsByIds(pg, [product[handle]])
      return views.get(product[handle])?.inventory ?? null
    }

    /**
     * A customer's order through the public routes: cart adds with the session cookie, checkout, the sandbox
     * payment (pm_card_visa) and the confirm call. `pay: false` leaves it pending.
     */
    async function placeOrder(
      lines: [string, number][],
      options: { pay?: boolean; shippingOption?: "single_address" | "per_artist" } = {}
    ): Promise<PlacedOrder> {
      const sessionId = crypto.randomUUID()
      const cookie = { headers: { cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
      for (const [handle, quantity] of lines) {
        const added = await api.post("/api/gallery/cart/add", { productId: product[handle], quantity }, cookie)
        expect(added.status).toBe(200)
      }
      const shippingOption = options.shippingOption ?? "single_address"
      const checkout = await api.post(
        "/api/gallery/checkout",
        {
          sessionId,
          email: EMAIL,
          shippingOption,
          ...(shippingOption === "single_address" ? { shippingAddress: ADDRESS } : {}),
        },
        anyStatus
      )
      expect(checkout.status).toBe(200)
      const [order] = await rows(`SELECT id, public_id, payment_intent_id, total_cents FROM gallery_order WHERE public_id = ?`, [
        checkout.data.publicId,
      ])
      if (options.pay !== false) {
        const paid = await api.post(
          `/api/sandbox/payment-intents/${order.payment_intent_id}/confirm`,
          { payment_method: "pm_card_visa" },
          anyStatus
        )
        expect(paid.status).toBe(200)
        const confirmed = await api.post("/api/gallery/checkout/confirm", { paymentIntentId: order.payment_intent_id }, anyStatus)
        expect(confirmed.status).toBe(200)
        expect(confirmed.data.order.status).toBe("paid")
        // Transfers and emails follow from the outbox, in the background.
        expect(await outboxDrained(pg)).toBe(0)
      }
      const artist: PlacedOrder["artist"] = {}
      for (const a of await rows(`SELECT id, organization_id FROM gallery_artist_order WHERE gallery_order_id = ?`, [order.id])) {
        const slug = Object.keys(org).find((s) => org[s] === a.organization_id) as Slug
        artist[slug] = a.id
      }
      return {
        orderId: order.id,
        publicId: order.public_id,
        intentId: order.payment_intent_id,
        totalCents: order.total_cents,
        artist,
      }
    }

    const MIXED: [string, number][] = [
      ["studio-north-print", 3],
      ["studio-south-print", 1],
      ["studio-east-print", 2],
    ]

    function list(slug: Slug, query = "", as: Slug | "admin" = slug) {
      const orgParam = `org_id=${org[slug]}`
      return api.get(`/api/gallery/artist/orders?${orgParam}${query ? `&${query}` : ""}`, bearer(token[as]))
    }

    function ship(slug: Slug, artistOrderId: string, body: Record<string, unknown>, as: Slug | "admin" = slug) {
      return api.post(
        `/api/gallery/artist/orders/${artistOrderId}/ship`,
        { org_id: org[slug], ...body },
        bearer(token[as])
      )
    }

    function setStatus(slug: Slug, artistOrderId: string, status: unknown, as: Slug | "admin" = slug) {
      return api.post(`/api/gallery/artist/orders/${artistOrderId}/status`, { org_id: org[slug], status }, bearer(token[as]))
    }

    function cancel(id: string, as: Slug | "admin" = "admin") {
      return api.post(`/api/admin/gallery-orders/${id}/cancel`, {}, bearer(token[as]))
    }

    function publicView(publicId: string) {
      return api.get(`/api/gallery/orders/${publicId}`, anyStatus)
    }

    async function transitionsOf(orderId: string) {
      return rows(
        `SELECT artist_order_id, from_status, to_status, occurred_at FROM gallery_order_transition
         WHERE gallery_order_id = ? ORDER BY occurred_at, created_at, id`,
        [orderId]
      )
    }

    // ---------------------------------------------------------------------------------------------------------

    describe("authentication and membership (spec 5)", () => {
      it("artist routes: 401 without a token, 403 for an administrator, 403 for another org; the list needs org_id", async () => {
        const order = await placeOrder(MIXED)
        const north = order.artist["studio-north"] as string
        type Route = { needsOrgId?: true; call: (config: object, orgId?: string) => Promise<{ status: number; data: any }> }
        const routes: Route[] = [
          { needsOrgId: true, call: (config, orgId) => api.get(`/api/gallery/artist/orders${orgId ? `?org_id=${orgId}` : ""}`, config) },
          {
            needsOrgId: true,
            call: (config, orgId) => api.get(`/api/gallery/artist/analytics${orgId ? `?org_id=${orgId}` : ""}`, config),
          },
          {
            call: (config, orgId) =>
              api.post(`/api/gallery/artist/orders/${north}/ship`, { trackingNumber: "1Z1", ...(orgId ? { org_id: orgId } : {}) }, config),
          },
          {
            call: (config, orgId) =>
              api.post(`/api/gallery/artist/orders/${north}/status`, { status: "processing", ...(orgId ? { org_id: orgId } : {}) }, config),
          },
        ]
        for (const route of routes) {
          const none = await route.call(anyStatus, org["studio-north"])
          expect(none.status).toBe(401)
          expect(none.data).toEqual({ error: "Unauthorized", message: expect.any(String) })

          const garbage = await route.call(bearer("not-a-jwt"), org["studio-north"])
          expect(garbage.status).toBe(401)

          const admin = await route.call(bearer(token.admin), org["studio-north"])
          expect(admin.status).toBe(403)
          expect(admin.data).toEqual({ error: "Forbidden", message: expect.any(String) })

          if (route.needsOrgId) {
            const noOrg = await route.call(bearer(token["studio-north"]))
            expect(noOrg.status).toBe(400)
            expect(noOrg.data).toEqual({ error: "Organization ID required" })
          }

          const otherOrg = await route.call(bearer(token["studio-north"]), org["studio-south"])
          expect(otherOrg.status).toBe(403)
          expect(otherOrg.data).toEqual({ error: "Forbidden", message: expect.any(String) })
        }
        // Nothing moved.
        const [north_] = await rows(`SELECT status FROM gallery_artist_order WHERE id = ?`, [north])
        expect(north_.status).toBe("paid")
      })

      it("ship and status take the organization from the order: no org_id needed, a different one is 403", async () => {
        const order = await placeOrder(MIXED)
        const north = order.artist["studio-north"] as string
        const south = order.artist["studio-south"] as string
        const post = (path: string, body: object, config: object) => api.post(`/api/gallery/artist/orders/${path}`, body, config)
        const asNorth = bearer(token["studio-north"])
        const forbidden = { error: "Forbidden", message: "You do not have access to this order" }
        const southTransitions = await count("gallery_order_transition", `artist_order_id = ?`, [south])

        // Spec 4.8's client sends only trackingNumber and carrier.
        const shipped = await post(`${north}/ship`, { trackingNumber: "1ZNOORG", carrier: "UPS" }, asNorth)
        expect(shipped.status).toBe(200)
        expect(shipped.data.order).toMatchObject({ id: north, status: "shipped", trackingNumber: "1ZNOORG" })
        const delivered = await post(`${north}/status`, { status: "delivered" }, asNorth)
        expect(delivered.status).toBe(200)
        expect(delivered.data.order).toEqual({ id: north, status: "delivered" })

        // Another organization's order, however the caller names its own organization (or none): 403.
        for (const [body, config] of [
          [{}, asNorth],
          [{ org_id: org["studio-north"] }, asNorth],
          [{ org_id: org["studio-south"] }, asNorth],
          [{}, { ...asNorth, headers: { ...asNorth.headers, "x-organization-id": org["studio-south"] } }],
        ] as const) {
          const ship = await post(`${south}/ship`, { trackingNumber: "1ZX", ...body }, config)
          expect([body, ship.status, ship.data]).toEqual([body, 403, forbidden])
          const status = await post(`${south}/status`, { status: "processing", ...body }, config)
          expect([body, status.status, status.data]).toEqual([body, 403, forbidden])
        }
        // Its own order with another organization named (body, query or header): 403 too.
        const southToken = bearer(token["studio-south"])
        for (const [path, body, config] of [
          [`${south}/ship`, { trackingNumber: "1ZX", org_id: org["studio-north"] }, southToken],
          [`${south}/ship?org_id=${org["studio-north"]}`, { trackingNumber: "1ZX" }, southToken],
          [`${south}/status`, { status: "processing" }, { ...southToken, headers: { ...southToken.headers, "x-organization-id": org["studio-east"] } }],
        ] as const) {
          const res = await post(path, body, config)
          expect([path, res.status, res.data]).toEqual([path, 403, forbidden])
        }
        for (const path of ["aord_unknown/ship", "aord_unknown/status"]) {
          const res = await post(path, { trackingNumber: "1ZX", status: "processing" }, asNorth)
          expect([path, res.status, res.data]).toEqual([path, 404, { error: "Order not found" }])
        }
        const [southRow] = await rows(`SELECT status, tracking_number FROM gallery_artist_order WHERE id = ?`, [south])
        expect(southRow).toEqual({ status: "paid", tracking_number: null })
        expect(await count("gallery_order_transition", `artist_order_id = ?`, [south])).toBe(southTransitions)
      })

      it("POST routes also take org_id from the query", async () => {
        const order = await placeOrder(MIXED)
        const res = await api.post(
          `/api/gallery/artist/orders/${order.artist["studio-north"]}/status?org_id=${org["studio-north"]}`,
          { status: "processing" },
          bearer(token["studio-north"])
        )
        expect(res.status).toBe(200)
        expect(res.data.order.status).toBe("processing")
      })

      it("admin cancel: 401 without a token, 403 for a member", async () => {
        const order = await placeOrder(MIXED)
        const none = await api.post(`/api/admin/gallery-orders/${order.orderId}/cancel`, {}, anyStatus)
        expect(none.status).toBe(401)
        expect(none.data).toEqual({ error: "Unauthorized", message: expect.any(String) })
        const member = await cancel(order.orderId, "studio-north")
        expect(member.status).toBe(403)
        expect(member.data).toEqual({ error: "Forbidden", message: expect.any(String) })
        const [row] = await rows(`SELECT status FROM gallery_order WHERE id = ?`, [order.orderId])
        expect(row.status).toBe("paid")
        expect(await count("sandbox_refund")).toBe(0)
      })
    })

    // ---------------------------------------------------------------------------------------------------------

    describe("GET /api/gallery/artist/orders (spec 4.8)", () => {
      it("an organization without orders gets an empty page", async () => {
        const res = await list("studio-north")
        expect(res.status).toBe(200)
        expect(res.data).toEqual({ orders: [], pagination: { total: 0, limit: 50, offset: 0, hasMore: false } })
      })

      it("lists only the organization's paid artist orders, with parentOrder, items, product sku and inventory", async () => {
        const order = await placeOrder(MIXED)
        await placeOrder([["studio-north-print", 1]], { pay: false }) // pending: never listed
        const res = await list("studio-north")
        expect(res.status).toBe(200)
        expect(res.data.pagination).toEqual({ total: 1, limit: 50, offset: 0, hasMore: false })
        const [parent] = await rows(`SELECT created_at, paid_at FROM gallery_order WHERE id = ?`, [order.orderId])
        const [item] = await rows(
          `SELECT id FROM gallery_artist_order_item WHERE artist_order_id = ?`,
          [order.artist["studio-north"]]
        )
        expect(res.data.orders).toEqual([
          {
            id: order.artist["studio-north"],
            orgId: org["studio-north"],
            artistName: "Studio North",
            status: "paid",
            subtotal: 104.97,
            artistPayout: 92.37,
            carrier: null,
            trackingNumber: null,
            trackingUrl: null,
            shippedAt: null,
            deliveredAt: null,
            shippingAddress: ADDRESS,
            items: [
              {
                id: item.id,
                productId: product["studio-north-print"],
                productName: expect.any(String),
                quantity: 3,
                price: 34.99,
                image: expect.stringMatching(/\/api\/gallery\/images\/demo\//),
                // 50 in stock, 3 reserved by this paid order (the pending one reserves nothing).
                product: { sku: "NORTH-PRINT-001", inventory: 47 },
              },
            ],
            parentOrder: {
              id: order.orderId,
              publicId: order.publicId,
              createdAt: new Date(parent.created_at).toISOString(),
              paidAt: new Date(parent.paid_at).toISOString(),
            },
          },
        ])
        // Another organization sees its own part only.
        const south = await list("studio-south")
        expect(south.data.orders.map((o: Row) => o.id)).toEqual([order.artist["studio-south"]])
        expect(south.data.orders[0]).toMatchObject({ subtotal: 45.5, artistPayout: 40.04 })
        expect(south.data.orders[0].items[0].product).toEqual({ sku: "SOUTH-PRINT-001", inventory: 49 })
      })

      it("filters by status, pages newest first, caps the limit at 100 and refuses bad values", async () => {
        const placed: PlacedOrder[] = []
        for (let i = 0; i < 3; i++) placed.push(await placeOrder([["studio-north-print", 1]]))
        const [first, second, third] = placed.map((p) => p.artist["studio-north"] as string)
        expect((await setStatus("studio-north", second, "processing")).status).toBe(200)
        expect((await ship("studio-north", third, { trackingNumber: "1ZABC" })).status).toBe(200)

        const all = await list("studio-north")
        expect(all.data.orders.map((o: Row) => o.id)).toEqual([third, second, first])
        expect(all.data.pagination).toEqual({ total: 3, limit: 50, offset: 0, hasMore: false })

        const page = await list("studio-north", "limit=1&offset=1")
        expect(page.data.orders.map((o: Row) => o.id)).toEqual([second])
        expect(page.data.pagination).toEqual({ total: 3, limit: 1, offset: 1, hasMore: true })
        const last = await list("studio-north", "limit=2&offset=2")
        expect(last.data.orders.map((o: Row) => o.id)).toEqual([first])
        expect(last.data.pagination).toEqual({ total: 3, limit: 2, offset: 2, hasMore: false })
        const beyond = await list("studio-north", "offset=10")
        expect(beyond.data).toEqual({ orders: [], pagination: { total: 3, limit: 50, offset: 10, hasMore: false } })

        for (const [status, expected] of [
          ["paid", [first]],
          ["processing", [second]],
          ["shipped", [third]],
          ["delivered", []],
        ] as const) {
          const res = await list("studio-north", `status=${status}`)
          expect(res.status).toBe(200)
          expect(res.data.orders.map((o: Row) => o.id)).toEqual(expected)
          expect(res.data.pagination.total).toBe(expected.length)
        }
        const shipped = (await list("studio-north", "status=shipped")).data.orders[0]
        expect(shipped).toMatchObject({
          status: "shipped",
          trackingNumber: "1ZABC",
          trackingUrl: carrierTrackingUrl("UPS", "1ZABC"),
          shippedAt: expect.stringMatching(ISO),
        })

        const capped = await list("studio-north", "limit=1000")
        expect(capped.status).toBe(200)
        expect(capped.data.pagination.limit).toBe(100)
        expect((await list("studio-north", "limit=100")).data.pagination.limit).toBe(100)

        for (const bad of ["status=pending", "status=cancelled", "status=bogus", "limit=0", "limit=-5", "limit=abc", "offset=-1"]) {
          const res = await list("studio-north", bad)
          expect(res.status).toBe(400)
          expect(res.data).toEqual({ error: expect.any(String) })
        }
      })

      it("runs a bounded number of queries whatever the page size (no query per order or item)", async () => {
        const ORDERS = 6
        for (let i = 0; i < ORDERS; i++) await placeOrder([["studio-north-print", 1], ["studio-south-print", 1]])
        // Let the paid-order emails (which read these tables too) finish first.
        await waitFor(() => count("notification"), (n) => n >= ORDERS * 3)
        await new Promise((resolve) => setTimeout(resolve, 300))
        const queries: string[] = []
        const onQuery = (q: { sql: string }) => queries.push(q.sql)
        pg.on("query", onQuery)
        try {
          const res = await list("studio-north")
          expect(res.data.orders).toHaveLength(ORDERS)
        } finally {
          pg.removeListener("query", onQuery)
        }
        const ours = queries.filter((sql) => /gallery_artist_order|product/.test(sql))
        // page + count, items, product views: 3 (the membership check reads the organization module's tables).
        // Per-order queries would make it at least ORDERS + 2; the slack only absorbs unrelated background reads.
        expect(ours.length).toBeGreaterThanOrEqual(3)
        expect(ours.length).toBeLessThan(ORDERS)
      })
    })

    // ---------------------------------------------------------------------------------------------------------

    describe("POST /api/gallery/artist/orders/{id}/ship (spec 4.8, rule A)", () => {
      it("refuses with the spec's messages", async () => {
        const order = await placeOrder(MIXED)
        const pending = await placeOrder([["studio-north-print", 1]], { pay: false })
        const north = order.artist["studio-north"] as string

        for (const body of [{}, { trackingNumber: "" }, { trackingNumber: "   " }, { trackingNumber: null }, { carrier: "UPS" }]) {
          const res = await ship("studio-north", north, body)
          expect(res.status).toBe(400)
          expect(res.data).toEqual({ error: "Tracking number required" })
        }
        const missing = await ship("studio-north", "aord_does_not_exist", { trackingNumber: "1Z1" })
        expect(missing.status).toBe(404)
        expect(missing.data).toEqual({ error: "Order not found" })

        // North is a member of its own org, but the artist order is South's.
        const foreign = await ship("studio-north", order.artist["studio-south"] as string, { trackingNumber: "1Z1" })
        expect(foreign.status).toBe(403)
        expect(foreign.data).toEqual({ error: "Forbidden", message: expect.any(String) })

        const unpaid = await ship("studio-north", pending.artist["studio-north"] as string, { trackingNumber: "1Z1" })
        expect(unpaid.status).toBe(400)
        expect(unpaid.data).toEqual({ error: "Order is not paid" })

        const first = await ship("studio-north", north, { trackingNumber: "1Z999AA10123456784", carrier: "UPS" })
        expect(first.status).toBe(200)
        const again = await ship("studio-north", north, { trackingNumber: "OTHER", carrier: "FedEx" })
        expect(again.status).toBe(400)
        expect(again.data).toEqual({ error: "Order already shipped" })
        // The first shipment's tracking stays.
        const [row] = await rows(`SELECT tracking_number, carrier FROM gallery_artist_order WHERE id = ?`, [north])
        expect(row).toEqual({ tracking_number: "1Z999AA10123456784", carrier: "UPS" })

        expect((await setStatus("studio-north", north, "delivered")).status).toBe(200)
        const delivered = await ship("studio-north", north, { trackingNumber: "X" })
        expect(delivered.status).toBe(400)
        expect(delivered.data).toEqual({ error: "Order already shipped" })
      })

      it("shipping every artist's part walks the parent paid -> partially_shipped -> shipped, visible on the tracking route", async () => {
        const order = await placeOrder(MIXED)
        const north = order.artist["studio-north"] as string
        const south = order.artist["studio-south"] as string
        const east = order.artist["studio-east"] as string
        expect((await publicView(order.publicId)).data.order.status).toBe("paid")

        const shippedNorth = await ship("studio-north", north, { trackingNumber: "1Z999AA10123456784", carrier: "ups" })
        expect(shippedNorth.status).toBe(200)
        expect(shippedNorth.data).toEqual({
          success: true,
          order: {
            id: north,
            status: "shipped",
            carrier: "UPS",
            trackingNumber: "1Z999AA10123456784",
            trackingUrl: carrierTrackingUrl("UPS", "1Z999AA10123456784"),
            shippedAt: expect.stringMatching(ISO),
          },
          parentOrderStatus: "partially_shipped",
        })
        let view = (await publicView(order.publicId)).data.order
        expect(view.status).toBe("partially_shipped")
        expect(view.artistOrders.find((a: Row) => a.orgId === org["studio-north"])).toMatchObject({
          status: "shipped",
          trackingNumber: "1Z999AA10123456784",
          trackingUrl: carrierTrackingUrl("UPS", "1Z999AA10123456784"),
          shippedAt: shippedNorth.data.order.shippedAt,
        })

        // A custom carrier value is stored as given.
        const custom = "https://parcels.example/track/ABC-123"
        const shippedSouth = await ship("studio-south", south, { trackingNumber: "ABC-123", carrier: custom })
        expect(shippedSouth.status).toBe(200)
        expect(shippedSouth.data.order.trackingUrl).toBe(custom)
        expect(shippedSouth.data.parentOrderStatus).toBe("partially_shipped")

        // No carrier: the URL is derived from the number (22 digits: USPS).
        const usps = "9400111899223100000000"
        const shippedEast = await ship("studio-east", east, { trackingNumber: usps })
        expect(shippedEast.status).toBe(200)
        expect(shippedEast.data.order.trackingUrl).toBe(carrierTrackingUrl("USPS", usps))
        expect(shippedEast.data.parentOrderStatus).toBe("shipped")

        view = (await publicView(order.publicId)).data.order
        expect(view.status).toBe("shipped")
        expect(view.artistOrders.map((a: Row) => [a.status, a.trackingUrl]).sort()).toEqual(
          [
            ["shipped", carrierTrackingUrl("UPS", "1Z999AA10123456784")],
            ["shipped", custom],
            ["shipped", carrierTrackingUrl("USPS", usps)],
          ].sort()
        )

        // Stored facts and every transition with its time.
        const [parent] = await rows(`SELECT status FROM gallery_order WHERE id = ?`, [order.orderId])
        expect(parent.status).toBe("shipped")
        const [southRow] = await rows(`SELECT * FROM gallery_artist_order WHERE id = ?`, [south])
        expect(southRow).toMatchObject({ status: "shipped", carrier: custom, tracking_number: "ABC-123", tracking_url: custom })
        expect(southRow.shipped_at).toBeInstanceOf(Date)
        // Artist and parent transitions of one operation share its time, so each list is checked on its own.
        const transitions = await transitionsOf(order.orderId)
        expect(
          transitions.filter((t) => t.artist_order_id && t.to_status === "shipped").map((t) => [t.artist_order_id, t.from_status])
        ).toEqual([
          [north, "paid"],
          [south, "paid"],
          [east, "paid"],
        ])
        expect(transitions.filter((t) => !t.artist_order_id).map((t) => `${t.from_status}->${t.to_status}`)).toEqual([
          "null->pending",
          "pending->paid",
          "paid->partially_shipped",
          "partially_shipped->shipped",
        ])
        const northShipped = transitions.find((t) => t.artist_order_id === north && t.to_status === "shipped") as Row
        expect(northShipped.occurred_at.toISOString()).toBe(shippedNorth.data.order.shippedAt)
      })

      it("emails the customer once per shipped artist order", async () => {
        const order = await placeOrder([["studio-north-print", 1], ["studio-south-print", 1]])
        // The paid emails (confirmation + artist notifications) are sent first.
        await waitFor(() => count("notification"), (n) => n >= 3)
        const before = await count("notification")

        expect((await ship("studio-north", order.artist["studio-north"] as string, { trackingNumber: "1ZN" })).status).toBe(200)
        expect((await ship("studio-north", order.artist["studio-north"] as string, { trackingNumber: "1ZN" })).status).toBe(400)
        expect((await ship("studio-south", order.artist["studio-south"] as string, { trackingNumber: "1ZS" })).status).toBe(200)

        const shipped = await waitFor(
          () => rows(`SELECT * FROM notification WHERE template = 'gallery-order-shipped' ORDER BY resource_id`),
          (list) => list.length >= 2
        )
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(await count("notification", `template = 'gallery-order-shipped'`)).toBe(2)
        expect(await count("notification")).toBe(before + 2)
        expect(shipped.map((n) => [n.to, n.channel, n.resource_id, n.idempotency_key]).sort()).toEqual(
          [
            [EMAIL, "email", order.artist["studio-north"], `gallery-order-shipped:${order.artist["studio-north"]}`],
            [EMAIL, "email", order.artist["studio-south"], `gallery-order-shipped:${order.artist["studio-south"]}`],
          ].sort()
        )
        const north = shipped.find((n) => n.resource_id === order.artist["studio-north"]) as Row
        expect(north.data).toMatchObject({
          publicId: order.publicId,
          trackingPage: `/gallery/orders/${order.publicId}`,
          artistName: "Studio North",
          trackingNumber: "1ZN",
          trackingUrl: carrierTrackingUrl("UPS", "1ZN"),
          items: [{ productId: product["studio-north-print"], quantity: 1, price: 34.99 }],
        })
      })

      it("a custom carrier must be an https tracking URL: anything else is refused and never becomes a link", async () => {
        const order = await placeOrder([["studio-north-print", 1], ["studio-south-print", 1]])
        const north = order.artist["studio-north"] as string
        const south = order.artist["studio-south"] as string
        for (const carrier of [
          "javascript:alert(document.cookie)",
          " JavaScript:alert(1)",
          "data:text/html;base64,PHNjcmlwdD4=",
          "http://parcels.example/track/1",
          "//parcels.example/track/1",
          "/track/1",
          "DHL",
          "https:///parcels.example",
        ]) {
          const res = await ship("studio-north", north, { trackingNumber: "1ZX", carrier })
          expect([carrier, res.status, res.data]).toEqual([carrier, 400, { error: ARTIST_ORDER_MESSAGES.carrierNotAccepted }])
        }
        const [untouched] = await rows(`SELECT status, carrier, tracking_url FROM gallery_artist_order WHERE id = ?`, [north])
        expect(untouched).toEqual({ status: "paid", carrier: null, tracking_url: null })

        const custom = "https://parcels.example/track?n=ABC-1"
        const shipped = await ship("studio-north", north, { trackingNumber: "ABC-1", carrier: ` ${custom} ` })
        expect(shipped.status).toBe(200)
        expect(shipped.data.order).toMatchObject({ carrier: custom, trackingUrl: custom })
        const email = await waitFor(
          () => rows(`SELECT data FROM notification WHERE template = 'gallery-order-shipped' AND resource_id = ?`, [north]),
          (list) => list.length === 1
        )
        expect(email[0].data.trackingUrl).toBe(custom)

        // A value stored before carriers were checked: neither the order view nor the shipping email links it.
        const unsafe = "javascript:alert(document.cookie)"
        await pg.raw(
          `UPDATE gallery_artist_order SET status = 'shipped', carrier = ?, tracking_number = 'S-1', tracking_url = ?, shipped_at = now()
           WHERE id = ?`,
          [unsafe, unsafe, south]
        )
        const view = (await publicView(order.publicId)).data.order
        expect(view.artistOrders.find((a: Row) => a.orgId === org["studio-south"]).trackingUrl).toBeNull()
        expect(JSON.stringify(view)).not.toContain("javascript:")
        await sendShipmentEmail(container, { id: south })
        const [southEmail] = await rows(
          `SELECT "to", data FROM notification WHERE template = 'gallery-order-shipped' AND resource_id = ?`,
          [south]
        )
        expect(southEmail.to).toBe(EMAIL)
        expect(southEmail.data).toMatchObject({ trackingNumber: "S-1", trackingUrl: null, carrier: null })
        expect(JSON.stringify(southEmail.data)).not.toContain("javascript:")
      })

      it("two ships of one artist order at once: exactly one succeeds", async () => {
        const order = await placeOrder([["studio-north-print", 1], ["studio-south-print", 1]])
        const north = order.artist["studio-north"] as string
        const results = await Promise.all(
          ["1ZRACE1", "1ZRACE2", "1ZRACE3", "1ZRACE4"].map((n) => ship("studio-north", north, { trackingNumber: n }))
        )
        const ok = results.filter((r) => r.status === 200)
        expect(ok).toHaveLength(1)
        for (const r of results.filter((r) => r.status !== 200)) {
          expect(r.status).toBe(400)
          expect(r.data).toEqual({ error: "Order already shipped" })
        }
        const [row] = await rows(`SELECT tracking_number FROM gallery_artist_order WHERE id = ?`, [north])
        expect(row.tracking_number).toBe(ok[0].data.order.trackingNumber)
        expect(await count("gallery_order_transition", `artist_order_id = ? AND to_status = 'shipped'`, [north])).toBe(1)
        await waitFor(() => count("notification", `template = 'gallery-order-shipped'`), (n) => n >= 1)
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(await count("notification", `template = 'gallery-order-shipped'`)).toBe(1)
      })

      it("two artists shipping their parts of one order at once end with the parent shipped", async () => {
        for (let round = 0; round < 3; round++) {
          const order = await placeOrder([["studio-north-print", 1], ["studio-south-print", 1], ["studio-east-print", 1]])
          const results = await Promise.all(
            (["studio-north", "studio-south", "studio-east"] as Slug[]).map((slug) =>
              ship(slug, order.artist[slug] as string, { trackingNumber: `1Z${slug}` })
            )
          )
          expect(results.map((r) => r.status)).toEqual([200, 200, 200])
          expect(results.map((r) => r.data.parentOrderStatus).sort()).toEqual(["partially_shipped", "partially_shipped", "shipped"])
          const [parent] = await rows(`SELECT status FROM gallery_order WHERE id = ?`, [order.orderId])
          expect(parent.status).toBe("shipped")
          const parentTransitions = (await transitionsOf(order.orderId))
            .filter((t) => t.artist_order_id === null)
            .map((t) => `${t.from_status}->${t.to_status}`)
          expect(parentTransitions).toEqual(["null->pending", "pending->paid", "paid->partially_shipped", "partially_shipped->shipped"])
        }
      })

      it("a per_artist order ships with the address the customer gave that artist", async () => {
        const order = await placeOrder([["studio-north-print", 1], ["studio-south-print", 1]], { shippingOption: "per_artist" })
        const address = { ...ADDRESS, name: "North Recipient" }
        const given = await api.post(
          `/api/gallery/orders/${order.publicId}/addresses`,
          { orgId: org["studio-north"], shippingAddress: address, email: EMAIL },
          anyStatus
        )
        expect(given.status).toBe(200)
        const listed = await list("studio-north")
        expect(listed.data.orders[0].shippingAddress).toEqual(address)
        expect((await list("studio-south")).data.orders[0].shippingAddress).toBeNull()
        expect((await ship("studio-north", order.artist["studio-north"] as string, { trackingNumber: "1ZPA" })).status).toBe(200)
      })
    })

    // ---------------------------------------------------------------------------------------------------------

    describe("POST /api/gallery/artist/orders/{id}/status (paid -> processing, shipped -> delivered, rule B)", () => {
      it("moves paid -> processing -> shipped -> delivered and stores the parent's derived status", async () => {
        const order = await placeOrder([["studio-north-print", 1], ["studio-south-print", 1]])
        const north = order.artist["studio-north"] as string
        const south = order.artist["studio-south"] as string

        const processing = await setStatus("studio-north", north, "processing")
        expect(processing.status).toBe(200)
        expect(processing.data).toEqual({ success: true, order: { id: north, status: "processing" }, parentOrderStatus: "processing" })
        expect((await publicView(order.publicId)).data.order.status).toBe("processing")

        expect((await ship("studio-north", north, { trackingNumber: "1ZP" })).data.parentOrderStatus).toBe("partially_shipped")
        expect((await ship("studio-south", south, { trackingNumber: "1ZQ" })).data.parentOrderStatus).toBe("shipped")

        const northDelivered = await setStatus("studio-north", north, "delivered")
        expect(northDelivered.status).toBe(200)
        expect(northDelivered.data).toEqual({ success: true, order: { id: north, status: "delivered" }, parentOrderStatus: "shipped" })
        const southDelivered = await setStatus("studio-south", south, "DELIVERED")
        expect(southDelivered.data.parentOrderStatus).toBe("delivered")

        const view = (await publicView(order.publicId)).data.order
        expect(view.status).toBe("delivered")
        expect(view.artistOrders.map((a: Row) => a.status)).toEqual(["delivered", "delivered"])
        const [parent] = await rows(`SELECT status FROM gallery_order WHERE id = ?`, [order.orderId])
        expect(parent.status).toBe("delivered")
        const [northRow] = await rows(`SELECT delivered_at, shipped_at FROM gallery_artist_order WHERE id = ?`, [north])
        expect(northRow.delivered_at).toBeInstanceOf(Date)
        expect(northRow.delivered_at.getTime()).toBeGreaterThanOrEqual(northRow.shipped_at.getTime())
        const delivered = (await list("studio-north", "status=delivered")).data.orders
        expect(delivered.map((o: Row) => o.id)).toEqual([north])
        expect(delivered[0].deliveredAt).toEqual(new Date(northRow.delivered_at).toISOString())

        const transitions = await transitionsOf(order.orderId)
        const moves = (artistOrderId: string | null) =>
          transitions.filter((t) => t.artist_order_id === artistOrderId).map((t) => `${t.from_status}->${t.to_status}`)
        expect(moves(north)).toEqual(["null->pending", "pending->paid", "paid->processing", "processing->shipped", "shipped->delivered"])
        expect(moves(south)).toEqual(["null->pending", "pending->paid", "paid->shipped", "shipped->delivered"])
        expect(moves(null)).toEqual([
          "null->pending",
          "pending->paid",
          "paid->processing",
          "processing->partially_shipped",
          "partially_shipped->shipped",
          "shipped->delivered",
        ])
        for (const t of await transitionsOf(order.orderId)) expect(t.occurred_at).toBeInstanceOf(Date)
      })

      it("refuses every other move", async () => {
        const order = await placeOrder([["studio-north-print", 1]])
        const pending = await placeOrder([["studio-north-print", 1]], { pay: false })
        const north = order.artist["studio-north"] as string

        const cases: [string, unknown, number, unknown][] = [
          [north, undefined, 400, { error: "Status required: processing or delivered" }],
          [north, "delivered", 400, { error: "Cannot move order from paid to delivered" }],
          [north, "shipped", 400, { error: "Cannot move order from paid to shipped" }],
          [north, "paid", 400, { error: "Cannot move order from paid to paid" }],
          [north, "cancelled", 400, { error: "Cannot move order from paid to cancelled" }],
          [pending.artist["studio-north"] as string, "processing", 400, { error: "Cannot move order from pending to processing" }],
          ["aord_missing", "processing", 404, { error: "Order not found" }],
        ]
        for (const [id, status, code, body] of cases) {
          const res = await setStatus("studio-north", id, status)
          expect([status, res.status, res.data]).toEqual([status, code, body])
        }
        expect((await setStatus("studio-north", north, "processing")).status).toBe(200)
        const again = await setStatus("studio-north", north, "processing")
        expect(again.data).toEqual({ error: "Cannot move order from processing to processing" })
        const foreign = await placeOrder([["studio-south-print", 1]])
        const forbidden = await setStatus("studio-north", foreign.artist["studio-south"] as string, "processing")
        expect(forbidden.status).toBe(403)
        const [row] = await rows(`SELECT status FROM gallery_artist_order WHERE id = ?`, [foreign.artist["studio-south"]])
        expect(row.status).toBe("paid")
      })
    })

    // ---------------------------------------------------------------------------------------------------------

    describe("POST /api/admin/gallery-orders/{id}/cancel", () => {
      it("refunds, reverses the transfers, fails pending payouts, releases the stock, exactly once", async () => {
        // North and South have connected accounts (transferred at payment); East has none (its payout stays pending).
        await setAccounts({ "studio-north": "acct_north", "studio-south": "acct_south", "studio-east": null })
        const lines: [string, number][] = [["studio-north-original", 1], ["studio-south-print", 2], ["studio-east-print", 3]]
        const before = {
          original: await inventoryOf("studio-north-original"),
          south: await inventoryOf("studio-south-print"),
          east: await inventoryOf("studio-east-print"),
        }
        const order = await placeOrder(lines)
        expect(await inventoryOf("studio-north-original")).toBe(0)
        expect(await inventoryOf("studio-south-print")).toBe((before.south as number) - 2)
        const payoutsBefore = await rows(`SELECT * FROM gallery_payout WHERE gallery_order_id = ? ORDER BY organization_id`, [
          order.orderId,
        ])
        expect(payoutsBefore.map((p) => p.status).sort()).toEqual(["pending", "transferred", "transferred"])

        const res = await cancel(order.orderId)
        expect(res.status).toBe(200)
        expect(res.data).toEqual({
          success: true,
          order: { id: order.orderId, publicId: order.publicId, status: "cancelled", cancelledAt: expect.stringMatching(ISO) },
        })

        const [parent] = await rows(`SELECT * FROM gallery_order WHERE id = ?`, [order.orderId])
        expect(parent.status).toBe("cancelled")
        expect(parent.cancelled_at.toISOString()).toBe(res.data.order.cancelledAt)
        expect(parent.refund_id).toMatch(/^re_/)

        const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
        const refunds = await payments.listSandboxRefunds({})
        expect(refunds.map((r) => [r.id, r.amount])).toEqual([[parent.refund_id, order.totalCents]])
        const reversals = await rows(`SELECT * FROM sandbox_transfer_reversal ORDER BY transfer_id`)
        const transferred = payoutsBefore.filter((p) => p.status === "transferred")
        expect(reversals.map((r) => [r.transfer_id, r.amount]).sort()).toEqual(
          transferred.map((p) => [p.transfer_id, p.amount_cents]).sort()
        )
        const payouts = await rows(`SELECT * FROM gallery_payout WHERE gallery_order_id = ?`, [order.orderId])
        for (const payout of payouts) {
          if (payout.organization_id === org["studio-east"]) {
            expect(payout).toMatchObject({ status: "failed", transfer_id: null, failure_reason: "order_cancelled" })
          } else {
            const reversal = reversals.find((r) => r.transfer_id === payout.transfer_id) as Row
            expect(payout).toMatchObject({ status: "reversed", reversal_id: reversal.id })
            expect(payout.reversed_at).toBeInstanceOf(Date)
          }
        }

        // Stock back where it was.
        expect(await inventoryOf("studio-north-original")).toBe(before.original)
        expect(await inventoryOf("studio-south-print")).toBe(before.south)
        expect(await inventoryOf("studio-east-print")).toBe(before.east)
        expect(await count("reservation_item", "deleted_at IS NULL")).toBe(0)

        // Transition recorded; the public view shows the cancellation; the artists no longer see the order.
        const parentTransitions = (await transitionsOf(order.orderId)).filter((t) => t.artist_order_id === null)
        expect(parentTransitions.at(-1)).toMatchObject({ from_status: "paid", to_status: "cancelled" })
        expect((await publicView(order.publicId)).data.order.status).toBe("cancelled")
        expect((await list("studio-north")).data.orders).toEqual([])

        // Again, and concurrently: 200 with the same order, nothing repeated.
        const again = await Promise.all([cancel(order.orderId), cancel(order.publicId), cancel(order.orderId)])
        for (const r of again) {
          expect(r.status).toBe(200)
          expect(r.data).toEqual(res.data)
        }
        expect(await payments.listSandboxRefunds({})).toHaveLength(1)
        expect(await payments.listSandboxTransferReversals({})).toHaveLength(2)
        expect(await count("gallery_order_transition", `gallery_order_id = ? AND to_status = 'cancelled'`, [order.orderId])).toBe(1)
        expect(await inventoryOf("studio-north-original")).toBe(before.original)

        // East connects its account later: the cancelled payout is never transferred.
        await setAccounts({ "studio-east": "acct_east" })
        expect(await processPendingPayouts(container)).toEqual({ transferred: 0, failed: 0 })
        expect(await count("sandbox_transfer", `destination = 'acct_east'`)).toBe(0)

        // Nothing can ship or change any more.
        const shipAfter = await ship("studio-north", order.artist["studio-north"] as string, { trackingNumber: "1Z" })
        expect(shipAfter.status).toBe(400)
        expect(shipAfter.data).toEqual({ error: "Order has been cancelled" })
        const statusAfter = await setStatus("studio-south", order.artist["studio-south"] as string, "processing")
        expect(statusAfter.data).toEqual({ error: "Order has been cancelled" })
      })

      it("concurrent first cancellations refund and reverse exactly once", async () => {
        await setAccounts({ "studio-north": "acct_north", "studio-south": "acct_south" })
        const order = await placeOrder([["studio-north-print", 2], ["studio-south-print", 1]])
        const results = await Promise.all(Array.from({ length: 5 }, () => cancel(order.orderId)))
        expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
        expect(new Set(results.map((r) => r.data.order.cancelledAt)).size).toBe(1)
        expect(await count("sandbox_refund")).toBe(1)
        expect(await count("sandbox_transfer_reversal")).toBe(2)
        expect(await count("gallery_payout", `gallery_order_id = ? AND status = 'reversed'`, [order.orderId])).toBe(2)
        expect(await count("gallery_order_transition", `gallery_order_id = ? AND to_status = 'cancelled'`, [order.orderId])).toBe(1)
        expect(await inventoryOf("studio-north-print")).toBe(50)
      })

      it("is refused after any shipment, with nothing refunded", async () => {
        await setAccounts({ "studio-north": "acct_north", "studio-south": "acct_south" })
        const order = await placeOrder([["studio-north-print", 1], ["studio-south-print", 1]])
        expect((await ship("studio-south", order.artist["studio-south"] as string, { trackingNumber: "1Z" })).status).toBe(200)
        const res = await cancel(order.orderId)
        expect(res.status).toBe(400)
        expect(res.data).toEqual({ error: "Order cannot be cancelled after shipment" })
        const [parent] = await rows(`SELECT status, refund_id, cancelled_at FROM gallery_order WHERE id = ?`, [order.orderId])
        expect(parent).toEqual({ status: "partially_shipped", refund_id: null, cancelled_at: null })
        expect(await count("sandbox_refund")).toBe(0)
        expect(await count("sandbox_transfer_reversal")).toBe(0)
        expect(await count("gallery_payout", `status = 'transferred'`)).toBe(2)
        expect(await inventoryOf("studio-north-print")).toBe(49)
      })

      it("cancels a pending order without a refund; 404 for an unknown order", async () => {
        const order = await placeOrder([["studio-north-print", 1]], { pay: false })
        const res = await cancel(order.publicId)
        expect(res.status).toBe(200)
        expect(res.data.order).toMatchObject({ id: order.orderId, publicId: order.publicId, status: "cancelled" })
        const [parent] = await rows(`SELECT status, refund_id FROM gallery_order WHERE id = ?`, [order.orderId])
        expect(parent).toEqual({ status: "cancelled", refund_id: null })
        expect(await count("sandbox_refund")).toBe(0)
        const transitions = (await transitionsOf(order.orderId)).filter((t) => t.artist_order_id === null)
        expect(transitions.map((t) => `${t.from_status}->${t.to_status}`)).toEqual(["null->pending", "pending->cancelled"])

        const missing = await cancel("gord_does_not_exist")
        expect(missing.status).toBe(404)
        expect(missing.data).toEqual({ error: "Order not found" })
        expect((await cancel("GAL-2020-ZZZZZZ")).status).toBe(404)
      })

      it("a pending order whose payment went through before settlement is refunded", async () => {
        const order = await placeOrder([["studio-north-print", 1]], { pay: false })
        // The customer's payment succeeds at the gateway, but neither confirm nor the webhook has settled it yet.
        const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
        await payments.confirmPaymentIntent(order.intentId, "pm_card_visa")
        const res = await cancel(order.orderId)
        expect(res.status).toBe(200)
        const refunds = await payments.listSandboxRefunds({})
        expect(refunds.map((r) => r.amount)).toEqual([order.totalCents])
        // Settling afterwards changes nothing: the order stays cancelled and nothing is reserved or transferred.
        await api.post("/api/gallery/checkout/confirm", { paymentIntentId: order.intentId }, anyStatus)
        const [parent] = await rows(`SELECT status FROM gallery_order WHERE id = ?`, [order.orderId])
        expect(parent.status).toBe("cancelled")
        expect(await inventoryOf("studio-north-print")).toBe(50)
      })
    })
  },
})
