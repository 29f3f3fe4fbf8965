import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { responseCookie } from "../helpers/cookies"
import { countRows, outboxDrained, selectRows, waitFor } from "../helpers/db"
import {
  COLLECTOR_ADDRESS,
  loginDemoAdmin,
  loginDemoMember,
  orgIdsBySlug,
  productIdsByHandle,
  seedDemo,
} from "../helpers/demo-data"

// The routes the admin extension (src/admin, docs/admin-extension.md) adds to /api/admin, and the Medusa admin
// session it calls them with: gallery orders list and detail, the collection rule preview, and the product and order
// reads of the widgets on Medusa's own pages.

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const HANDLES = [
  "studio-north-original",
  "studio-north-print",
  "studio-north-draft",
  "studio-north-not-eligible",
  "studio-south-original",
  "studio-south-print",
  "studio-east-print",
  "studio-pending-print",
] as const
const ORG_SLUGS = ["studio-north", "studio-south", "studio-east", "studio-pending"]
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    let adminToken: string
    let memberToken: string
    const product: Record<string, string> = {}
    const org: Record<string, string> = {}

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(product, await productIdsByHandle(container, HANDLES))
      expect(Object.keys(product).sort()).toEqual([...HANDLES].sort())
      Object.assign(org, await orgIdsBySlug(container, ORG_SLUGS))
      adminToken = await loginDemoAdmin(api)
      memberToken = await loginDemoMember(api, "north@atelier.test")
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    const admin = () => bearer(adminToken)
    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)

    /** A Medusa session for a token, as the admin at /app makes one after logging in: the session cookie. */
    async function sessionCookie(token: string): Promise<string> {
      const res = await api.post("/auth/session", {}, bearer(token))
      expect(res.status).toBe(200)
      const cookie = responseCookie(res, "connect.sid")
      expect(cookie).not.toBeNull()
      return `connect.sid=${cookie!.value}`
    }

    /** A shopper's order through the public routes; paid with the sandbox card unless `pay: false`. */
    async function placeOrder(lines: [string, number][], options: { pay?: boolean; email?: string } = {}) {
      const sessionId = crypto.randomUUID()
      const cookie = { headers: { cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
      for (const [handle, quantity] of lines) {
        const added = await api.post("/api/gallery/cart/add", { productId: product[handle], quantity }, cookie)
        expect(added.status).toBe(200)
      }
      const checkout = await api.post(
        "/api/gallery/checkout",
        { sessionId, email: options.email ?? "ada@collector.test", shippingOption: "single_address", shippingAddress: COLLECTOR_ADDRESS },
        anyStatus
      )
      expect(checkout.status).toBe(200)
      const [order] = await rows(`SELECT id, public_id, payment_intent_id FROM gallery_order WHERE public_id = ?`, [
        checkout.data.publicId,
      ])
      if (options.pay !== false) {
        const paid = await api.post(`/api/sandbox/payment-intents/${order.payment_intent_id}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)
        expect(paid.status).toBe(200)
        const confirmed = await api.post("/api/gallery/checkout/confirm", { paymentIntentId: order.payment_intent_id }, anyStatus)
        expect(confirmed.status).toBe(200)
        expect(await outboxDrained(pg)).toBe(0)
      }
      return { id: order.id as string, publicId: order.public_id as string, intentId: order.payment_intent_id as string }
    }

    /** The Medusa orders mirroring an order's artist orders (docs/order-book.md), once the outbox made all of them. */
    async function mirrorsOf(orderId: string, expected: number): Promise<Row[]> {
      const found = await waitFor(
        () =>
          rows(
            `SELECT l.gallery_artist_order_id, l.order_id FROM gallery_gallery_artist_order_order_order l
             JOIN gallery_artist_order ao ON ao.id = l.gallery_artist_order_id
             WHERE ao.gallery_order_id = ? AND l.deleted_at IS NULL`,
            [orderId]
          ),
        (links) => links.length === expected
      )
      expect(found).toHaveLength(expected)
      return found
    }

    // ---------------------------------------------------------------------------------------------------------

    describe("the Medusa admin session on /api/admin", () => {
      it("accepts the administrator's session cookie as well as the bearer token; refuses a member's session and no session", async () => {
        const adminSession = await sessionCookie(adminToken)
        const viaSession = await api.get("/api/admin/organizations", { headers: { cookie: adminSession }, ...anyStatus })
        expect(viaSession.status).toBe(200)
        expect(viaSession.data.organizations.map((o: Row) => o.slug).sort()).toEqual([...ORG_SLUGS].sort())
        // Counted per actor (the authenticated limit), not per client address like an anonymous caller. The limits
        // are read from the environment at most every 250 ms.
        const limits = [process.env.APP_RATE_LIMIT_AUTHENTICATED_PER_MIN, process.env.APP_RATE_LIMIT_ANONYMOUS_PER_MIN]
        process.env.APP_RATE_LIMIT_AUTHENTICATED_PER_MIN = "900000"
        process.env.APP_RATE_LIMIT_ANONYMOUS_PER_MIN = "800000"
        try {
          await new Promise((resolve) => setTimeout(resolve, 300))
          const counted = await api.get("/api/admin/organizations", { headers: { cookie: adminSession }, ...anyStatus })
          expect(counted.headers["x-ratelimit-limit"]).toBe("900000")
          expect((await api.get("/api/admin/organizations", anyStatus)).headers["x-ratelimit-limit"]).toBe("800000")
        } finally {
          ;[process.env.APP_RATE_LIMIT_AUTHENTICATED_PER_MIN, process.env.APP_RATE_LIMIT_ANONYMOUS_PER_MIN] = limits
        }

        const viaBearer = await api.get("/api/admin/organizations", admin())
        expect(viaBearer.status).toBe(200)
        expect(viaBearer.data).toEqual(viaSession.data)

        const memberSession = await sessionCookie(memberToken)
        const member = await api.get("/api/admin/gallery-orders", { headers: { cookie: memberSession }, ...anyStatus })
        expect(member.status).toBe(403)
        expect(member.data).toEqual({ error: "Forbidden", message: "Administrator access required" })

        for (const path of ["/api/admin/gallery-orders", "/api/admin/products/x/gallery", "/api/admin/orders/x/gallery"]) {
          const none = await api.get(path, anyStatus)
          expect(none.status).toBe(401)
          expect(none.data).toEqual({ error: "Unauthorized", message: "Authentication required" })
          const forged = await api.get(path, { headers: { cookie: "connect.sid=s%3Aforged.signature" }, ...anyStatus })
          expect(forged.status).toBe(401)
          expect((await api.get(path, bearer(memberToken))).status).toBe(403)
        }
        const preview = await api.post("/api/admin/collections/preview", { type: "smart", rules: {} }, bearer(memberToken))
        expect(preview.status).toBe(403)

        // Logging out of /app ends the session for /api/admin too.
        expect((await api.delete("/auth/session", { headers: { cookie: adminSession }, ...anyStatus })).status).toBe(200)
        const after = await api.get("/api/admin/organizations", { headers: { cookie: adminSession }, ...anyStatus })
        expect(after.status).toBe(401)
      })

      it("names the refused field of an admin error in X-Error-Field, the body staying {error}", async () => {
        const res = await api.post("/api/admin/collections", { name: "Spring", slug: "Not A Slug", type: "manual" }, admin())
        expect(res.status).toBe(400)
        expect(res.data).toEqual({ error: "Slug must be lowercase letters and digits separated by hyphens" })
        expect(res.headers["x-error-field"]).toBe("slug")
        const missing = await api.get("/api/admin/collections/col_missing", admin())
        expect(missing.status).toBe(404)
        expect(missing.headers["x-error-field"]).toBeUndefined()
      })
    })

    describe("GET /api/admin/gallery-orders", () => {
      it("lists parent orders newest first with their artists and totals; filters by status and q; pages", async () => {
        const empty = await api.get("/api/admin/gallery-orders", admin())
        expect(empty.status).toBe(200)
        expect(empty.data).toEqual({ orders: [], count: 0, limit: 20, offset: 0 })

        const first = await placeOrder([["studio-north-print", 2], ["studio-south-print", 1]])
        const second = await placeOrder([["studio-east-print", 1]], { pay: false, email: "Bob@Example.test" })

        const all = await api.get("/api/admin/gallery-orders", admin())
        expect(all.status).toBe(200)
        expect(all.data.count).toBe(2)
        expect(all.data.orders.map((o: Row) => o.publicId)).toEqual([second.publicId, first.publicId])
        const [pending, paid] = all.data.orders
        expect(paid).toEqual({
          id: first.id,
          publicId: first.publicId,
          status: "paid",
          email: "ada@collector.test",
          shippingOption: "single_address",
          subtotal: expect.any(Number),
          galleryFee: expect.any(Number),
          total: expect.any(Number),
          artists: ["Studio North", "Studio South"],
          createdAt: expect.stringMatching(ISO),
          paidAt: expect.stringMatching(ISO),
          cancelledAt: null,
        })
        const [stored] = await rows(`SELECT subtotal_cents, gallery_fee_cents, total_cents FROM gallery_order WHERE id = ?`, [first.id])
        expect([paid.subtotal, paid.galleryFee, paid.total]).toEqual([
          stored.subtotal_cents / 100,
          stored.gallery_fee_cents / 100,
          stored.total_cents / 100,
        ])
        expect(pending).toMatchObject({ status: "pending", email: "bob@example.test", artists: ["Studio East"], paidAt: null })

        const byStatus = await api.get("/api/admin/gallery-orders?status=paid", admin())
        expect(byStatus.data.orders.map((o: Row) => o.id)).toEqual([first.id])
        expect(byStatus.data.count).toBe(1)
        const byEmail = await api.get("/api/admin/gallery-orders?q=BOB@example", admin())
        expect(byEmail.data.orders.map((o: Row) => o.id)).toEqual([second.id])
        const byPublicId = await api.get(`/api/admin/gallery-orders?q=${first.publicId.toLowerCase()}`, admin())
        expect(byPublicId.data.orders.map((o: Row) => o.id)).toEqual([first.id])
        // LIKE wildcards match literally.
        expect((await api.get("/api/admin/gallery-orders?q=%25", admin())).data).toEqual({ orders: [], count: 0, limit: 20, offset: 0 })

        const page2 = await api.get("/api/admin/gallery-orders?limit=1&offset=1", admin())
        expect(page2.data).toMatchObject({ count: 2, limit: 1, offset: 1 })
        expect(page2.data.orders.map((o: Row) => o.id)).toEqual([first.id])
        const past = await api.get("/api/admin/gallery-orders?offset=10", admin())
        expect(past.data).toEqual({ orders: [], count: 2, limit: 20, offset: 10 })
      })

      it("refuses bad queries with a message and the field", async () => {
        const cases: [string, string, string][] = [
          ["status=lost", "status must be one of: pending, paid, processing, partially_shipped, shipped, delivered, cancelled", "status"],
          ["limit=0", "limit must be a whole number from 1 to 100", "limit"],
          ["limit=101", "limit must be a whole number from 1 to 100", "limit"],
          ["limit=x", "limit must be a whole number from 1 to 100", "limit"],
          ["offset=-1", "offset must be a whole number, 0 or more", "offset"],
          [`q=${"a".repeat(101)}`, "q must be a string of at most 100 characters", "q"],
        ]
        for (const [query, message, field] of cases) {
          const res = await api.get(`/api/admin/gallery-orders?${query}`, admin())
          expect([query, res.status, res.data]).toEqual([query, 400, { error: message }])
          expect(res.headers["x-error-field"]).toBe(field)
        }
        const unknown = await api.get("/api/admin/gallery-orders?sort=asc", admin())
        expect(unknown.status).toBe(400)
      })
    })

    describe("GET /api/admin/gallery-orders/{id}", () => {
      it("shows the order with its artist orders, items, payouts and transfers, Medusa mirrors and history, by id or public id", async () => {
        const order = await placeOrder([["studio-north-print", 2], ["studio-south-print", 1]])
        const mirrors = await mirrorsOf(order.id, 2)

        const res = await api.get(`/api/admin/gallery-orders/${order.id}`, admin())
        expect(res.status).toBe(200)
        const o = res.data.order
        expect(o).toMatchObject({
          id: order.id,
          publicId: order.publicId,
          status: "paid",
          paymentIntentId: order.intentId,
          transferGroup: expect.stringContaining(order.id),
          refundId: null,
          currencyCode: "usd",
          shippingAddress: expect.objectContaining({ city: COLLECTOR_ADDRESS.city }),
        })
        expect(o.artistOrders).toHaveLength(2)
        const payouts = await rows(
          `SELECT artist_order_id, amount_cents, status, transfer_id FROM gallery_payout WHERE gallery_order_id = ?`,
          [order.id]
        )
        for (const a of o.artistOrders) {
          const payout = payouts.find((p) => p.artist_order_id === a.id)!
          expect(a.payout).toMatchObject({
            status: "transferred",
            amount: payout.amount_cents / 100,
            transferId: payout.transfer_id,
            reversalId: null,
            transferredAt: expect.stringMatching(ISO),
          })
          expect(a.payout.transferId).toMatch(/^tr_/)
          expect(a.medusaOrder).toEqual({
            id: mirrors.find((m) => m.gallery_artist_order_id === a.id)!.order_id,
            displayId: expect.any(Number),
          })
        }
        const north = o.artistOrders.find((a: Row) => a.orgId === org["studio-north"])
        expect(north).toMatchObject({ artistName: "Studio North", organizationSlug: "studio-north", status: "paid" })
        expect(north.items).toEqual([
          expect.objectContaining({ productId: product["studio-north-print"], quantity: 2, price: expect.any(Number) }),
        ])
        expect(o.transitions.map((t: Row) => [t.artistOrderId === null ? "order" : "artist", t.toStatus])).toEqual(
          expect.arrayContaining([
            ["order", "pending"],
            ["order", "paid"],
            ["artist", "paid"],
          ])
        )

        const byPublicId = await api.get(`/api/admin/gallery-orders/${order.publicId}`, admin())
        expect(byPublicId.status).toBe(200)
        expect(byPublicId.data.order.id).toBe(order.id)

        const missing = await api.get("/api/admin/gallery-orders/GAL-2000-NOPE00", admin())
        expect(missing.status).toBe(404)
        expect(missing.data).toEqual({ error: "Order not found" })
      })

      it("after a cancellation shows the refund and the reversed payouts", async () => {
        const order = await placeOrder([["studio-north-print", 1], ["studio-east-print", 1]])
        const cancelled = await api.post(`/api/admin/gallery-orders/${order.id}/cancel`, {}, admin())
        expect(cancelled.status).toBe(200)
        const res = await api.get(`/api/admin/gallery-orders/${order.id}`, admin())
        expect(res.data.order).toMatchObject({ status: "cancelled", cancelledAt: expect.stringMatching(ISO), refundId: expect.any(String) })
        for (const a of res.data.order.artistOrders) {
          expect(a.payout).toMatchObject({ status: "reversed", reversalId: expect.any(String), reversedAt: expect.stringMatching(ISO) })
        }
        expect(res.data.order.transitions.some((t: Row) => t.toStatus === "cancelled")).toBe(true)
        const list = await api.get("/api/admin/gallery-orders?status=cancelled", admin())
        expect(list.data.orders.map((o: Row) => o.id)).toEqual([order.id])
      })
    })

    describe("POST /api/admin/collections/preview", () => {
      it("shows what rules match now, as a saved collection would, and writes nothing", async () => {
        const prints = await api.post("/api/admin/collections/preview", { type: "smart", rules: { product_type: "print" } }, admin())
        expect(prints.status).toBe(200)
        // Eligible prints: studio-north-print, studio-south-print, studio-east-print (pending org and drafts excluded).
        expect(prints.data.count).toBe(3)
        expect(prints.data.products.map((p: Row) => p.productId).sort()).toEqual(
          [product["studio-north-print"], product["studio-south-print"], product["studio-east-print"]].sort()
        )
        expect(prints.data.products[0]).toEqual({
          id: null,
          productId: expect.any(String),
          position: 0,
          product: expect.objectContaining({ id: expect.any(String), name: expect.any(String), organizations: expect.any(Object) }),
        })

        const limited = await api.post("/api/admin/collections/preview", { type: "smart", rules: {}, limit: 1 }, admin())
        expect(limited.data.products).toHaveLength(1)
        expect(limited.data.count).toBeGreaterThan(1)

        // A saved smart collection with the same rules shows the same products.
        const saved = await api.post(
          "/api/admin/collections",
          { name: "Prints", slug: "prints", type: "smart", rules: { product_type: "print", org_ids: [org["studio-north"], org["studio-south"]] } },
          admin()
        )
        expect(saved.status).toBe(201)
        const detail = await api.get(`/api/admin/collections/${saved.data.collection.id}`, admin())
        const preview = await api.post(
          "/api/admin/collections/preview",
          { type: "smart", rules: { product_type: "print", org_ids: [org["studio-north"], org["studio-south"]] } },
          admin()
        )
        expect(preview.data.count).toBe(detail.data.collection.itemCount)
        expect(preview.data.products).toEqual(detail.data.collection.items)

        // A hybrid lists its hand-picked products first.
        const hybrid = await api.post(
          "/api/admin/collections/preview",
          { type: "hybrid", rules: { product_type: "print" }, manualInclusions: [product["studio-north-original"]] },
          admin()
        )
        expect(hybrid.status).toBe(200)
        expect(hybrid.data.products[0].productId).toBe(product["studio-north-original"])
        expect(hybrid.data.count).toBe(4)
        expect(await countRows(pg, "gallery_collection")).toBe(1)
      })

      it("refuses what saving would refuse, with the same messages and the field", async () => {
        const cases: [Record<string, unknown>, number, string, string | undefined][] = [
          [{ type: "manual", rules: {} }, 400, "Type must be smart or hybrid: a manual collection has no rules to preview", "type"],
          [{ type: "smart" }, 400, "Rules are required for smart and hybrid collections", "rules"],
          [{ type: "smart", rules: { price_min: -1 } }, 400, "Invalid rules: price_min must be a number of 0 or more", "rules"],
          [{ type: "smart", rules: { colour: "red" } }, 400, expect.stringContaining("Invalid rules: unknown key 'colour'") as unknown as string, "rules"],
          [{ type: "smart", rules: {}, manualInclusions: [product["studio-north-print"]] }, 400, "manualInclusions apply only to hybrid collections", "manualInclusions"],
          [{ type: "smart", rules: {}, limit: 0 }, 400, "Limit must be a whole number from 1 to 100", "limit"],
          [{ type: "hybrid", rules: {}, manualInclusions: ["prod_missing"] }, 404, "Product not found", undefined],
          [{ type: "hybrid", rules: {}, manualInclusions: [product["studio-north-draft"]] }, 400, "Product not gallery eligible", undefined],
          [{ type: "hybrid", rules: {}, manualInclusions: [product["studio-pending-print"]] }, 400, "Product not gallery eligible", undefined],
        ]
        for (const [body, status, message, field] of cases) {
          const res = await api.post("/api/admin/collections/preview", body, admin())
          expect([body, res.status, res.data]).toEqual([body, status, { error: message }])
          expect(res.headers["x-error-field"]).toBe(field)
        }
        expect(await countRows(pg, "gallery_collection")).toBe(0)
      })
    })

    describe("widget reads", () => {
      it("GET /api/admin/products/{id}/gallery: a product's gallery attributes and why it is not sold in the gallery", async () => {
        const eligible = await api.get(`/api/admin/products/${product["studio-north-original"]}/gallery`, admin())
        expect(eligible.status).toBe(200)
        expect(eligible.data).toEqual({
          galleryProduct: {
            id: product["studio-north-original"],
            organization: { id: org["studio-north"], name: "Studio North", slug: "studio-north", galleryApproved: true },
            galleryEligible: true,
            productType: "original",
            featured: expect.any(Boolean),
            isActive: true,
            price: expect.any(Number),
            inventory: 1,
            eligibilityFailures: [],
          },
        })
        const notEligible = await api.get(`/api/admin/products/${product["studio-north-not-eligible"]}/gallery`, admin())
        expect(notEligible.data.galleryProduct.eligibilityFailures).toEqual(["not_gallery_eligible"])
        const pendingOrg = await api.get(`/api/admin/products/${product["studio-pending-print"]}/gallery`, admin())
        expect(pendingOrg.data.galleryProduct).toMatchObject({
          organization: { slug: "studio-pending", galleryApproved: false },
          eligibilityFailures: ["organization_not_approved"],
        })
        const draft = await api.get(`/api/admin/products/${product["studio-north-draft"]}/gallery`, admin())
        expect(draft.data.galleryProduct.eligibilityFailures).toContain("not_active")
        const unknown = await api.get("/api/admin/products/prod_unknown/gallery", admin())
        expect(unknown.status).toBe(200)
        expect(unknown.data).toEqual({ galleryProduct: null })
      })

      it("GET /api/admin/orders/{id}/gallery: a gallery mirror's parent order, artist order and payout; store otherwise", async () => {
        const order = await placeOrder([["studio-south-print", 1], ["studio-east-print", 1]])
        const [mirror] = await mirrorsOf(order.id, 2)
        const res = await api.get(`/api/admin/orders/${mirror.order_id}/gallery`, admin())
        expect(res.status).toBe(200)
        expect(res.data.source).toBe("gallery")
        expect(res.data.artistOrderId).toBe(mirror.gallery_artist_order_id)
        expect(res.data.galleryOrder).toMatchObject({ id: order.id, publicId: order.publicId, status: "paid" })
        const own = res.data.galleryOrder.artistOrders.find((a: Row) => a.id === mirror.gallery_artist_order_id)
        expect(own.payout).toMatchObject({ status: "transferred", transferId: expect.stringMatching(/^tr_/) })
        expect(own.medusaOrder.id).toBe(mirror.order_id)

        const unknown = await api.get("/api/admin/orders/order_unknown/gallery", admin())
        expect(unknown.status).toBe(200)
        expect(unknown.data).toEqual({ source: "store", artistOrderId: null, galleryOrder: null })
      })
    })
  },
})
