import { currentScheduledJob } from "../../src/lib/scheduled-job"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Knex, SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { randomUUID } from "node:crypto"
import { GALLERY_PRODUCTS_MESSAGES } from "../../src/api/api/gallery/products/validators"
import { GALLERY_MODULE } from "../../src/modules/gallery"
import type GalleryModuleService from "../../src/modules/gallery/service"
import { MARK_ORDER_PAID } from "../../src/modules/gallery/service"
import expireGalleryCarts, { config as expireJobConfig } from "../../src/jobs/expire-gallery-carts"
import { anyStatus, type Api } from "../helpers/accounts"
import { responseCookie, withCookie } from "../helpers/cookies"
import { countQueries as countQueriesOn } from "../helpers/db"
import { demoImage, productIdsByHandle, seedDemo } from "../helpers/demo-data"

jest.setTimeout(240000)

type HttpResponse = Awaited<ReturnType<Api["post"]>>

const COOKIE = "gallery_cart_session"
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const ELIGIBLE = ["studio-east-print", "studio-north-original", "studio-north-print", "studio-south-original", "studio-south-print"]
const HANDLES = [
  ...ELIGIBLE,
  "studio-north-draft",
  "studio-north-not-eligible",
  "studio-pending-print",
]

const withSession = (sessionId: string) => withCookie(COOKIE, sessionId)
const cartCookie = (res: HttpResponse) => responseCookie(res, COOKIE)

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as Api
    let container: MedusaContainer
    let pg: Knex
    let gallery: GalleryModuleService
    const ids: Record<string, string> = {}

    // Seeded once; the runner snapshots the database after this and restores it before every test.
    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      gallery = container.resolve(GALLERY_MODULE)
      Object.assign(ids, await productIdsByHandle(container, HANDLES))
      expect(Object.keys(ids).sort()).toEqual([...HANDLES].sort())
    })

    async function add(body: unknown, sessionId?: string) {
      return api.post("/api/gallery/cart/add", body, sessionId ? withSession(sessionId) : anyStatus)
    }

    async function rows(sessionId?: string) {
      const { rows } = await pg.raw(
        `SELECT id, session_id, product_id, quantity, updated_at FROM gallery_cart_item
         ${sessionId ? "WHERE session_id = ?" : ""} ORDER BY created_at, id`,
        sessionId ? [sessionId] : []
      )
      return rows as { id: string; session_id: string; product_id: string; quantity: number; updated_at: Date }[]
    }

    /** A session with the given products (handle -> quantity) in its cart; returns its id and item ids by handle. */
    async function cartWith(items: Record<string, number>, sessionId = randomUUID()) {
      const itemIds: Record<string, string> = {}
      for (const [handle, quantity] of Object.entries(items)) {
        const res = await add({ productId: ids[handle], quantity }, sessionId)
        expect(res.status).toBe(200)
        itemIds[handle] = res.data.item.id
      }
      return { sessionId, itemIds }
    }

    const countQueries = <T>(fn: () => Promise<T>) => countQueriesOn(pg, fn)

    async function ageSession(sessionId: string, days: number) {
      await pg.raw(`UPDATE gallery_cart_item SET updated_at = now() - ?::float8 * interval '1 day' WHERE session_id = ?`, [
        days,
        sessionId,
      ])
    }

    describe("GET /api/gallery/products (public browsing)", () => {
      it("lists only eligible products, in the gallery's embedded view, with count, limit and offset", async () => {
        const res = await api.get("/api/gallery/products")
        expect(res.status).toBe(200)
        expect(res.data).toMatchObject({ count: 5, limit: 20, offset: 0 })
        const byId = new Map<string, any>(res.data.products.map((p: any) => [p.id, p]))
        expect([...byId.keys()].sort()).toEqual(ELIGIBLE.map((h) => ids[h]).sort())
        expect(byId.get(ids["studio-north-print"])).toEqual({
          id: ids["studio-north-print"],
          name: "Fjord at First Light (Giclée print)",
          price: 34.99,
          images: [demoImage("fjord-print")],
          org_id: expect.stringMatching(/^org_/),
          organizations: { name: "Studio North", slug: "studio-north" },
          handle: "studio-north-print",
          product_type: "print",
          sku: "NORTH-PRINT-001",
          inventory: 50,
        })
        // Not listed: draft, not gallery eligible, organization not approved.
        for (const handle of ["studio-north-draft", "studio-north-not-eligible", "studio-pending-print"]) {
          expect(byId.has(ids[handle])).toBe(false)
        }
      })

      it("filters by organization, product type, price range and title", async () => {
        const list = async (query: string) => {
          const res = await api.get(`/api/gallery/products?${query}`)
          expect(res.status).toBe(200)
          expect(res.data.count).toBe(res.data.products.length)
          return res.data.products.map((p: any) => p.handle).sort()
        }
        const north = (await api.get("/api/gallery/products?limit=1")).data.products[0]
        expect(await list(`org_id=${north.org_id}`)).toEqual(
          (ELIGIBLE.filter((h) => h.startsWith(north.organizations.slug)) as string[]).sort()
        )
        expect(await list("product_type=original")).toEqual(["studio-north-original", "studio-south-original"])
        expect(await list("product_type=print")).toEqual(["studio-east-print", "studio-north-print", "studio-south-print"])
        expect(await list("price_max=45.5")).toEqual(["studio-east-print", "studio-north-print", "studio-south-print"])
        expect(await list("price_min=34.99&price_max=45.5")).toEqual(["studio-north-print", "studio-south-print"])
        expect(await list("price_min=1000")).toEqual(["studio-north-original", "studio-south-original"])
        expect(await list("q=BLOOM")).toEqual(["studio-south-original", "studio-south-print"])
        expect(await list("q=bloom&product_type=print")).toEqual(["studio-south-print"])
        expect(await list("q=quiet")).toEqual([]) // studio-pending-print: organization not approved
        expect(await list("q=nothing-like-this")).toEqual([])
      })

      it("paginates with a stable count", async () => {
        const page = async (query: string) => (await api.get(`/api/gallery/products?${query}`)).data
        const all = await page("sort=price_asc&limit=100")
        expect(all.products.map((p: any) => p.price)).toEqual([12.95, 34.99, 45.5, 1250, 2400])
        const first = await page("sort=price_asc&limit=2")
        expect(first).toMatchObject({ count: 5, limit: 2, offset: 0 })
        expect(first.products.map((p: any) => p.price)).toEqual([12.95, 34.99])
        const last = await page("sort=price_asc&limit=2&offset=4")
        expect(last).toMatchObject({ count: 5, limit: 2, offset: 4 })
        expect(last.products.map((p: any) => p.price)).toEqual([2400])
        const beyond = await page("limit=2&offset=10")
        expect(beyond).toEqual({ products: [], count: 5, limit: 2, offset: 10 })
        expect((await page("limit=100")).products).toHaveLength(5)
      })

      it("answers 400 with a readable {error} message for invalid query values", async () => {
        for (const [query, field] of [
          ["limit=101", "limit"],
          ["limit=0", "limit"],
          ["limit=abc", "limit"],
          ["offset=-1", "offset"],
          ["product_type=sculpture", "product_type"],
          ["price_min=cheap", "price_min"],
          ["price_max=-5", "price_max"],
          ["price_min=50&price_max=10", "price_min"],
          ["sort=random", "sort"],
          ["color=blue", "color"],
        ]) {
          const res = await api.get(`/api/gallery/products?${query}`, anyStatus)
          expect([query, res.status]).toEqual([query, 400])
          expect(Object.keys(res.data)).toEqual(["error"])
          expect([query, res.data.error]).toEqual([query, expect.stringContaining(field)])
        }
        const tooMany = await api.get("/api/gallery/products?limit=101", anyStatus)
        expect(tooMany.data.error).toBe("limit must be at most 100")
        const notANumber = await api.get("/api/gallery/products?price_min=abc", anyStatus)
        expect(notANumber.data.error).toBe(GALLERY_PRODUCTS_MESSAGES.priceInvalid("price_min"))
      })
    })

    describe("cart session cookie", () => {
      it("GET without a session (or with a cookie that is not a UUID) is an empty cart with sessionId null", async () => {
        for (const config of [anyStatus, { headers: { cookie: `${COOKIE}=not-a-uuid` }, ...anyStatus }]) {
          const res = await api.get("/api/gallery/cart", config)
          expect(res.status).toBe(200)
          expect(res.data).toEqual({ cart: { sessionId: null, items: [], subtotal: 0, artistCount: 0, itemCount: 0 } })
          expect(cartCookie(res)).toBeNull()
        }
        const unknown = randomUUID()
        const res = await api.get("/api/gallery/cart", withSession(unknown))
        expect(res.data).toEqual({ cart: { sessionId: unknown, items: [], subtotal: 0, artistCount: 0, itemCount: 0 } })
        expect(cartCookie(res)).toBeNull() // reading is not activity
      })

      it("the first add creates the session: a UUID cookie, 30 days, HttpOnly, SameSite=Lax, Path=/, not Secure outside production", async () => {
        const res = await add({ productId: ids["studio-north-print"] })
        expect(res.status).toBe(200)
        const cookie = cartCookie(res)!
        expect(cookie.value).toMatch(UUID)
        expect(cookie.attrs.get("max-age")).toBe("2592000")
        expect(cookie.attrs.get("httponly")).toBe(true)
        expect(cookie.attrs.get("samesite")).toBe("Lax")
        expect(cookie.attrs.get("path")).toBe("/")
        expect(cookie.attrs.has("secure")).toBe(false)
        const expires = new Date(cookie.attrs.get("expires") as string).getTime()
        expect(Math.abs(expires - (Date.now() + 2592000 * 1000))).toBeLessThan(60_000)

        expect(res.data).toEqual({
          success: true,
          item: { id: expect.stringMatching(/^gci_/), productId: ids["studio-north-print"], quantity: 1, sessionId: cookie.value },
        })
        expect(await rows()).toEqual([
          expect.objectContaining({ id: res.data.item.id, session_id: cookie.value, product_id: ids["studio-north-print"], quantity: 1 }),
        ])
      })

      it("every successful write re-sets the same cookie; a cookie that is not a UUID is ignored (a new session starts)", async () => {
        const first = await add({ productId: ids["studio-north-print"] })
        const sessionId = cartCookie(first)!.value
        const second = await add({ productId: ids["studio-east-print"] }, sessionId)
        expect(cartCookie(second)).toMatchObject({ value: sessionId })
        expect(cartCookie(second)!.attrs.get("max-age")).toBe("2592000")
        const updated = await api.post("/api/gallery/cart/update", { itemId: second.data.item.id, quantity: 2 }, withSession(sessionId))
        expect(cartCookie(updated)).toMatchObject({ value: sessionId })
        const removed = await api.post("/api/gallery/cart/remove", { itemId: second.data.item.id }, withSession(sessionId))
        expect(cartCookie(removed)).toMatchObject({ value: sessionId })

        // Upper-case spelling of the same UUID is the same session.
        const upper = await add({ productId: ids["studio-north-print"] }, sessionId.toUpperCase())
        expect(upper.data.item).toMatchObject({ id: first.data.item.id, quantity: 2, sessionId })

        const garbage = await add({ productId: ids["studio-north-print"] }, "1234; DROP TABLE gallery_cart_item")
        expect(garbage.status).toBe(200)
        const fresh = cartCookie(garbage)!.value
        expect(fresh).toMatch(UUID)
        expect(fresh).not.toBe(sessionId)
        expect(garbage.data.item).toMatchObject({ quantity: 1, sessionId: fresh })
        expect(await rows(fresh)).toHaveLength(1)
      })

      it("a failed write sets no cookie and writes nothing", async () => {
        for (const body of [{}, { productId: ids["studio-north-draft"] }, { productId: "prod_missing" }, { productId: ids["studio-north-print"], quantity: 0 }]) {
          const res = await add(body)
          expect(res.status).toBeGreaterThanOrEqual(400)
          expect(cartCookie(res)).toBeNull()
        }
        expect(await rows()).toEqual([])
      })
    })

    describe("POST /api/gallery/cart/add", () => {
      it("merges a second add of the same product into one item (quantities sum, capped at 99)", async () => {
        const sessionId = randomUUID()
        const first = await add({ productId: ids["studio-south-print"], quantity: 2 }, sessionId)
        expect(first.data).toEqual({
          success: true,
          item: { id: expect.stringMatching(/^gci_/), productId: ids["studio-south-print"], quantity: 2, sessionId },
        })
        const second = await add({ productId: ids["studio-south-print"], quantity: 3 }, sessionId)
        expect(second.data.item).toEqual({ ...first.data.item, quantity: 5 })
        const third = await add({ productId: ids["studio-south-print"], quantity: 95 }, sessionId)
        expect(third.data.item).toEqual({ ...first.data.item, quantity: 99 })
        const fourth = await add({ productId: ids["studio-south-print"] }, sessionId)
        expect(fourth.data.item.quantity).toBe(99)
        expect(await rows(sessionId)).toEqual([expect.objectContaining({ id: first.data.item.id, quantity: 99 })])

        // Another session's cart is separate.
        const other = await add({ productId: ids["studio-south-print"] }, randomUUID())
        expect(other.data.item.id).not.toBe(first.data.item.id)
        expect(other.data.item.quantity).toBe(1)
      })

      it("caps a quantity above 99 at 99", async () => {
        const res = await add({ productId: ids["studio-east-print"], quantity: 150 })
        expect(res.status).toBe(200)
        expect(res.data.item.quantity).toBe(99)
        const huge = await add({ productId: ids["studio-north-print"], quantity: 1e12 })
        expect(huge.data.item.quantity).toBe(99)
      })

      it("refuses a quantity that is not a positive whole number with 400", async () => {
        for (const quantity of [0, -1, 2.5, "2", true, [3], {}]) {
          const res = await add({ productId: ids["studio-north-print"], quantity })
          expect([quantity, res.status]).toEqual([quantity, 400])
          expect(res.data).toEqual({ error: "Quantity must be a positive whole number" })
        }
        expect(await rows()).toEqual([])
      })

      it("400 Product ID required without a product id (checked before the quantity)", async () => {
        for (const body of [{}, { quantity: 2 }, { productId: "" }, { productId: "   " }, { productId: 42 }, { productId: null, quantity: 0 }]) {
          const res = await add(body)
          expect(res.status).toBe(400)
          expect(res.data).toEqual({ error: "Product ID required" })
        }
        const noBody = await api.post("/api/gallery/cart/add", undefined, anyStatus)
        expect(noBody.status).toBe(400)
        expect(noBody.data).toEqual({ error: "Product ID required" })
      })

      it("404 Product not found for an unknown or deleted product", async () => {
        const res = await add({ productId: "prod_01UNKNOWN" })
        expect(res.status).toBe(404)
        expect(res.data).toEqual({ error: "Product not found" })
        await pg.raw(`UPDATE product SET deleted_at = now() WHERE id = ?`, [ids["studio-east-print"]])
        const deleted = await add({ productId: ids["studio-east-print"] })
        expect(deleted.status).toBe(404)
        expect(deleted.data).toEqual({ error: "Product not found" })
      })

      it("400 Product not active for a draft (or artist-archived) product", async () => {
        const draft = await add({ productId: ids["studio-north-draft"] })
        expect(draft.status).toBe(400)
        expect(draft.data).toEqual({ error: "Product not active" })
        await pg.raw(
          `UPDATE artist_product SET archived_at = now() WHERE id = (
             SELECT artist_product_id FROM organization_artist_product_product_product WHERE product_id = ?)`,
          [ids["studio-south-print"]]
        )
        const archived = await add({ productId: ids["studio-south-print"] })
        expect(archived.status).toBe(400)
        expect(archived.data).toEqual({ error: "Product not active" })
      })

      it("400 Product not gallery eligible when the flag is off or the organization is not approved", async () => {
        const flagOff = await add({ productId: ids["studio-north-not-eligible"] })
        expect(flagOff.status).toBe(400)
        expect(flagOff.data).toEqual({ error: "Product not gallery eligible" })
        const pending = await add({ productId: ids["studio-pending-print"] })
        expect(pending.status).toBe(400)
        expect(pending.data).toEqual({ error: "Product not gallery eligible" })
      })

      it("checks eligibility before activity when both fail (the spec's error order)", async () => {
        await pg.raw(`UPDATE product SET status = 'draft' WHERE id = ANY(?)`, [
          [ids["studio-north-not-eligible"], ids["studio-pending-print"]],
        ])
        for (const handle of ["studio-north-not-eligible", "studio-pending-print"]) {
          const res = await add({ productId: ids[handle] })
          expect(res.status).toBe(400)
          expect(res.data).toEqual({ error: "Product not gallery eligible" })
        }
        expect(await rows()).toEqual([])
      })

      it("is ONE SQL statement (lookup + upsert), ignoring extra body fields", async () => {
        const sessionId = randomUUID()
        await add({ productId: ids["studio-east-print"] }, sessionId)
        const { result, queries } = await countQueries(() =>
          add({ productId: ids["studio-north-print"], quantity: 2, note: "gift" }, sessionId)
        )
        expect(result.status).toBe(200)
        expect(queries).toBe(1)
        const refused = await countQueries(() => add({ productId: ids["studio-north-draft"] }, sessionId))
        expect(refused.queries).toBe(1)
      })

      it("10 concurrent adds of one product in one session end in ONE row with quantity min(99, sum)", async () => {
        const small = randomUUID()
        const big = randomUUID()
        const results = await Promise.all([
          ...Array.from({ length: 10 }, () => add({ productId: ids["studio-north-print"], quantity: 3 }, small)),
          ...Array.from({ length: 10 }, () => add({ productId: ids["studio-north-print"], quantity: 15 }, big)),
        ])
        expect(results.map((r) => r.status)).toEqual(Array(20).fill(200))
        const { rows: counts } = await pg.raw(
          `SELECT session_id, count(*)::int AS n, sum(quantity)::int AS quantity FROM gallery_cart_item
           WHERE product_id = ? GROUP BY session_id`,
          [ids["studio-north-print"]]
        )
        expect(new Map(counts.map((r: any) => [r.session_id, { n: r.n, quantity: r.quantity }]))).toEqual(
          new Map([
            [small, { n: 1, quantity: 30 }],
            [big, { n: 1, quantity: 99 }],
          ])
        )
        // Every response named the same item; the quantities seen are the running totals.
        expect(new Set(results.slice(0, 10).map((r) => r.data.item.id)).size).toBe(1)
        expect(results.slice(0, 10).map((r) => r.data.item.quantity).sort((a, b) => a - b)).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30])
      })

      it("concurrent writes of different products in one session neither fail nor deadlock", async () => {
        const sessionId = randomUUID()
        const { itemIds } = await cartWith({ "studio-north-original": 1 }, sessionId)
        const others = ELIGIBLE.filter((h) => h !== "studio-north-original")
        const results = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            i % 10 === 9
              ? api.post("/api/gallery/cart/update", { itemId: itemIds["studio-north-original"], quantity: 1 }, withSession(sessionId))
              : add({ productId: ids[others[i % others.length]] }, sessionId)
          )
        )
        expect(results.map((r) => r.status)).toEqual(Array(30).fill(200))
        const stored = await rows(sessionId)
        expect(stored).toHaveLength(5)
        expect(stored.reduce((sum, r) => sum + r.quantity, 0)).toBe(1 + 27)
      })
    })

    describe("cart writes of the gallery service", () => {
      it("a payment empties its cart by the session index, not by reading every open cart", async () => {
        // The cart's indexes are partial (deleted_at IS NULL): a statement without that condition can only scan the
        // table. With sequential scans priced out, a plan that still scans gallery_cart_item has no index to use.
        type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] }
        const cartScans = (node: PlanNode): string[] => [
          ...(node["Relation Name"] === "gallery_cart_item" ? [node["Node Type"]] : []),
          ...(node.Plans ?? []).flatMap(cartScans),
        ]
        const bindings = Array.from(MARK_ORDER_PAID.sql.match(/\?/g) ?? [], () => null)
        const plan = await pg.transaction(async (trx) => {
          await trx.raw("SET LOCAL enable_seqscan = off")
          const { rows } = await trx.raw(`EXPLAIN (FORMAT JSON) ${MARK_ORDER_PAID.sql}`, bindings)
          return (rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0].Plan
        })
        const scans = cartScans(plan)
        expect(scans.length).toBeGreaterThan(0)
        expect(scans).not.toContain("Seq Scan")
      })

      it("mixed concurrent adds, updates and removes in one session never deadlock or break the 1..99 range", async () => {
        const sessionId = randomUUID()
        const productIds = ELIGIBLE.map((h) => ids[h])
        for (let round = 0; round < 6; round++) {
          const existing = await rows(sessionId)
          const ops = Array.from({ length: 40 }, (_, i) => {
            const target = existing[i % Math.max(existing.length, 1)]
            if (target && i % 7 === 3) return gallery.removeCartItem({ sessionId, itemId: target.id })
            if (target && i % 5 === 1) return gallery.setCartItemQuantity({ sessionId, itemId: target.id, quantity: 1 + (i % 99) })
            return gallery.addCartItem({ sessionId, productId: productIds[(i + round) % productIds.length], quantity: 1 + (i % 40) })
          })
          await Promise.all(ops) // a deadlock or a CHECK violation would reject
          const stored = await rows(sessionId)
          expect(new Set(stored.map((r) => r.product_id)).size).toBe(stored.length)
          for (const r of stored) expect(r.quantity >= 1 && r.quantity <= 99).toBe(true)
        }
      })

      it("sends each write as ONE named prepared statement, in the caller's transaction when it passes one", async () => {
        const sessionId = randomUUID()
        const sent: { options?: { name?: string } }[] = []
        const listener = (query: { options?: { name?: string } }) => {
          if (!currentScheduledJob()) sent.push(query)
        }
        pg.on("query", listener)
        try {
          expect((await gallery.addCartItem({ sessionId, productId: ids["studio-north-print"], quantity: 2 })).outcome).toBe("added")
        } finally {
          pg.removeListener("query", listener)
        }
        expect(sent.map((query) => query.options?.name)).toEqual([expect.stringMatching(/^atelier_cart_add_[0-9a-f]{12}$/)])

        // The module's own entity manager is internal to its Medusa container; a caller's transaction comes from it.
        const moduleManager = (gallery as unknown as { __container__: { manager: SqlEntityManager } }).__container__.manager
        await expect(
          moduleManager.fork().transactional(async (transactionManager) => {
            const added = await gallery.addCartItem(
              { sessionId, productId: ids["studio-east-print"], quantity: 1 },
              { transactionManager }
            )
            expect(added.outcome).toBe("added")
            const inside = await transactionManager.execute<{ product_id: string }[]>(
              `SELECT product_id FROM gallery_cart_item WHERE session_id = ?`,
              [sessionId]
            )
            expect(inside).toHaveLength(2)
            throw new Error("roll back")
          })
        ).rejects.toThrow("roll back")
        expect((await rows(sessionId)).map((r) => r.product_id)).toEqual([ids["studio-north-print"]])
      })
    })

    describe("POST /api/gallery/cart/update", () => {
      it("sets the quantity, caps above 99 and removes with 0", async () => {
        const { sessionId, itemIds } = await cartWith({ "studio-north-print": 1, "studio-east-print": 2 })
        const id = itemIds["studio-north-print"]
        const set = await api.post("/api/gallery/cart/update", { itemId: id, quantity: 7 }, withSession(sessionId))
        expect(set.status).toBe(200)
        expect(set.data).toEqual({ success: true, item: { id, productId: ids["studio-north-print"], quantity: 7 } })
        const capped = await api.post("/api/gallery/cart/update", { itemId: id, quantity: 250 }, withSession(sessionId))
        expect(capped.data).toEqual({ success: true, item: { id, productId: ids["studio-north-print"], quantity: 99 } })
        expect((await rows(sessionId)).find((r) => r.id === id)!.quantity).toBe(99)

        const zero = await api.post("/api/gallery/cart/update", { itemId: id, quantity: 0 }, withSession(sessionId))
        expect(zero.status).toBe(200)
        expect(zero.data).toEqual({ success: true, item: { id, productId: ids["studio-north-print"], quantity: 0 } })
        expect((await rows(sessionId)).map((r) => r.id)).toEqual([itemIds["studio-east-print"]])
        const again = await api.post("/api/gallery/cart/update", { itemId: id, quantity: 1 }, withSession(sessionId))
        expect(again.status).toBe(404)
      })

      it("400 Item ID and quantity required when either is missing", async () => {
        const { sessionId, itemIds } = await cartWith({ "studio-north-print": 1 })
        for (const body of [{}, { itemId: itemIds["studio-north-print"] }, { quantity: 2 }, { itemId: "", quantity: 2 }, { itemId: itemIds["studio-north-print"], quantity: null }]) {
          const res = await api.post("/api/gallery/cart/update", body, withSession(sessionId))
          expect(res.status).toBe(400)
          expect(res.data).toEqual({ error: "Item ID and quantity required" })
        }
        // Also without any session: the body is checked first.
        const res = await api.post("/api/gallery/cart/update", {}, anyStatus)
        expect(res.data).toEqual({ error: "Item ID and quantity required" })
      })

      it("400 for a quantity that is not a whole number of 0 or more", async () => {
        const { sessionId, itemIds } = await cartWith({ "studio-north-print": 1 })
        for (const quantity of [-1, 1.5, "3", false]) {
          const res = await api.post("/api/gallery/cart/update", { itemId: itemIds["studio-north-print"], quantity }, withSession(sessionId))
          expect([quantity, res.status]).toEqual([quantity, 400])
          expect(res.data).toEqual({ error: "Quantity must be a whole number, 0 or more (0 removes the item)" })
        }
        expect((await rows(sessionId))[0].quantity).toBe(1)
      })

      it("404 Cart item not found for an unknown id, another session's item, or no session", async () => {
        const mine = await cartWith({ "studio-north-print": 4 })
        const theirs = await cartWith({ "studio-south-print": 1 })
        for (const [itemId, config] of [
          ["gci_01UNKNOWN", withSession(mine.sessionId)],
          [theirs.itemIds["studio-south-print"], withSession(mine.sessionId)],
          [mine.itemIds["studio-north-print"], anyStatus],
          [mine.itemIds["studio-north-print"], { headers: { cookie: `${COOKIE}=garbage` }, ...anyStatus }],
        ] as const) {
          for (const quantity of [2, 0]) {
            const res = await api.post("/api/gallery/cart/update", { itemId, quantity }, config)
            expect(res.status).toBe(404)
            expect(res.data).toEqual({ error: "Cart item not found" })
            expect(cartCookie(res)).toBeNull()
          }
        }
        expect((await rows(theirs.sessionId))[0].quantity).toBe(1)
        expect((await rows(mine.sessionId))[0].quantity).toBe(4)
      })
    })

    describe("POST /api/gallery/cart/remove", () => {
      it("deletes the item (the row is gone) and answers {success:true}", async () => {
        const { sessionId, itemIds } = await cartWith({ "studio-north-print": 2, "studio-south-print": 1 })
        const res = await api.post("/api/gallery/cart/remove", { itemId: itemIds["studio-north-print"] }, withSession(sessionId))
        expect(res.status).toBe(200)
        expect(res.data).toEqual({ success: true })
        const { rows: all } = await pg.raw(`SELECT id FROM gallery_cart_item WHERE id = ?`, [itemIds["studio-north-print"]])
        expect(all).toEqual([]) // hard delete, not soft
        const cart = (await api.get("/api/gallery/cart", withSession(sessionId))).data.cart
        expect(cart.items.map((i: any) => i.id)).toEqual([itemIds["studio-south-print"]])
      })

      it("400 Item ID required", async () => {
        const { sessionId } = await cartWith({ "studio-north-print": 1 })
        for (const body of [{}, { itemId: "" }, { itemId: 5 }]) {
          const res = await api.post("/api/gallery/cart/remove", body, withSession(sessionId))
          expect(res.status).toBe(400)
          expect(res.data).toEqual({ error: "Item ID required" })
        }
      })

      it("404 Cart item not found for an unknown id, another session's item, or no session", async () => {
        const mine = await cartWith({ "studio-north-print": 1 })
        const theirs = await cartWith({ "studio-south-print": 1 })
        for (const [itemId, config] of [
          ["gci_01UNKNOWN", withSession(mine.sessionId)],
          [theirs.itemIds["studio-south-print"], withSession(mine.sessionId)],
          [theirs.itemIds["studio-south-print"], anyStatus],
        ] as const) {
          const res = await api.post("/api/gallery/cart/remove", { itemId }, config)
          expect(res.status).toBe(404)
          expect(res.data).toEqual({ error: "Cart item not found" })
        }
        expect(await rows(theirs.sessionId)).toHaveLength(1)
        expect(await rows(mine.sessionId)).toHaveLength(1)
      })
    })

    describe("GET /api/gallery/cart", () => {
      it("returns the items with their gallery view and exact totals", async () => {
        const { sessionId, itemIds } = await cartWith({ "studio-north-print": 3, "studio-east-print": 7, "studio-north-original": 1 })
        const { result: res, queries } = await countQueries(() => api.get("/api/gallery/cart", withSession(sessionId)))
        expect(queries).toBe(2) // the session's rows, then their products
        expect(res.status).toBe(200)
        const { cart } = res.data
        expect(cart).toMatchObject({
          sessionId,
          subtotal: 1445.62, // 3 x 34.99 + 7 x 12.95 + 1250 (a float sum gives 1445.6200000000001)
          artistCount: 2,
          itemCount: 11,
        })
        expect(cart.items).toEqual([
          {
            id: itemIds["studio-north-print"],
            productId: ids["studio-north-print"],
            quantity: 3,
            available: true,
            product: {
              id: ids["studio-north-print"],
              name: "Fjord at First Light (Giclée print)",
              price: 34.99,
              images: [demoImage("fjord-print")],
              org_id: expect.stringMatching(/^org_/),
              organizations: { name: "Studio North", slug: "studio-north" },
              sku: "NORTH-PRINT-001",
              inventory: 50,
            },
          },
          expect.objectContaining({ id: itemIds["studio-east-print"], productId: ids["studio-east-print"], quantity: 7 }),
          expect.objectContaining({ id: itemIds["studio-north-original"], productId: ids["studio-north-original"], quantity: 1 }),
        ])
        expect(cart.items[1].product.organizations).toEqual({ name: "Studio East", slug: "studio-east" })

        await add({ productId: ids["studio-south-print"], quantity: 2 }, sessionId)
        const more = (await api.get("/api/gallery/cart", withSession(sessionId))).data.cart
        expect(more).toMatchObject({ subtotal: 1536.62, artistCount: 3, itemCount: 13 })
      })

      it("sums awkward prices in exact cents", async () => {
        // 0.1 and 0.2 USD: a float sum of 3 x 0.1 + 3 x 0.2 is 0.9000000000000001.
        await pg.raw(
          `UPDATE price SET amount = CASE pvps.variant_id WHEN v1.id THEN 0.1 ELSE 0.2 END
           FROM product_variant_price_set pvps, product_variant v1, product_variant v2
           WHERE v1.product_id = ? AND v2.product_id = ?
             AND pvps.variant_id IN (v1.id, v2.id) AND price.price_set_id = pvps.price_set_id`,
          [ids["studio-east-print"], ids["studio-south-print"]]
        )
        const { sessionId } = await cartWith({ "studio-east-print": 3, "studio-south-print": 3 })
        const { cart } = (await api.get("/api/gallery/cart", withSession(sessionId))).data
        expect(cart.items.map((i: any) => i.product.price)).toEqual([0.1, 0.2])
        expect(cart).toMatchObject({ subtotal: 0.9, artistCount: 2, itemCount: 6 })

        const other = await cartWith({ "studio-north-print": 3, "studio-east-print": 7 })
        const { cart: cart2 } = (await api.get("/api/gallery/cart", withSession(other.sessionId))).data
        expect(cart2.subtotal).toBe(105.67) // 104.97 + 0.70
      })

      it("an emptied cart shows zeros with its session id", async () => {
        const { sessionId, itemIds } = await cartWith({ "studio-north-print": 3 })
        await api.post("/api/gallery/cart/remove", { itemId: itemIds["studio-north-print"] }, withSession(sessionId))
        const res = await api.get("/api/gallery/cart", withSession(sessionId))
        expect(res.data).toEqual({ cart: { sessionId, items: [], subtotal: 0, artistCount: 0, itemCount: 0 } })
      })

      it("flags an item whose product left the gallery after it was added, and drops one whose product was deleted", async () => {
        const { sessionId } = await cartWith({ "studio-north-print": 1, "studio-south-print": 1, "studio-east-print": 1 })
        await pg.raw(`UPDATE product SET status = 'draft' WHERE id = ?`, [ids["studio-north-print"]])
        await pg.raw(`UPDATE product SET deleted_at = now() WHERE id = ?`, [ids["studio-east-print"]])
        const { cart } = (await api.get("/api/gallery/cart", withSession(sessionId))).data
        expect(cart.items.map((i: any) => [i.productId, i.available])).toEqual([
          [ids["studio-north-print"], false],
          [ids["studio-south-print"], true],
        ])
        expect(cart).toMatchObject({ subtotal: 80.49, itemCount: 2, artistCount: 2 })
      })
    })

    describe("last activity and expiry", () => {
      it("every write stamps updated_at on all the session's rows", async () => {
        const { sessionId, itemIds } = await cartWith({ "studio-north-print": 1, "studio-south-print": 1, "studio-east-print": 1 })
        const other = await cartWith({ "studio-north-print": 1 })
        const recent = (r: { updated_at: Date }) => Date.now() - new Date(r.updated_at).getTime() < 60_000

        const writes: Array<() => Promise<HttpResponse>> = [
          () => add({ productId: ids["studio-north-original"] }, sessionId),
          () => add({ productId: ids["studio-north-print"] }, sessionId),
          () => api.post("/api/gallery/cart/update", { itemId: itemIds["studio-south-print"], quantity: 4 }, withSession(sessionId)),
          () => api.post("/api/gallery/cart/update", { itemId: itemIds["studio-east-print"], quantity: 0 }, withSession(sessionId)),
          () => api.post("/api/gallery/cart/remove", { itemId: itemIds["studio-south-print"] }, withSession(sessionId)),
        ]
        for (const write of writes) {
          await ageSession(sessionId, 10)
          await ageSession(other.sessionId, 10)
          expect((await write()).status).toBe(200)
          const stored = await rows(sessionId)
          expect(stored.length).toBeGreaterThan(0)
          expect(stored.every(recent)).toBe(true)
          expect((await rows(other.sessionId)).some(recent)).toBe(false) // other sessions untouched
        }
        // A failed write is not activity.
        await ageSession(sessionId, 10)
        await add({ productId: ids["studio-north-draft"] }, sessionId)
        expect((await rows(sessionId)).some(recent)).toBe(false)
      })

      it("the expiry job deletes the rows of sessions inactive for more than 30 days, and only those", async () => {
        const stale = await cartWith({ "studio-north-print": 1, "studio-south-print": 2 })
        const fresh = await cartWith({ "studio-north-print": 1 })
        const nearly = await cartWith({ "studio-east-print": 1 })
        const mixed = await cartWith({ "studio-north-print": 1, "studio-east-print": 1 })
        await ageSession(stale.sessionId, 31)
        await ageSession(nearly.sessionId, 29)
        await ageSession(mixed.sessionId, 45)
        await pg.raw(`UPDATE gallery_cart_item SET updated_at = now() - interval '1 day' WHERE id = ?`, [
          mixed.itemIds["studio-east-print"],
        ])

        const { result: deleted, queries } = await countQueries(() => gallery.deleteExpiredCartItems())
        expect(queries).toBe(1)
        expect(deleted).toBe(2)
        expect(await rows(stale.sessionId)).toEqual([])
        expect(await rows(fresh.sessionId)).toHaveLength(1)
        expect(await rows(nearly.sessionId)).toHaveLength(1)
        expect(await rows(mixed.sessionId)).toHaveLength(2) // its last activity is 1 day old

        // The job itself (daily at 03:00) runs the same statement.
        expect(expireJobConfig).toEqual({ name: "expire-gallery-carts", schedule: "0 3 * * *" })
        await ageSession(nearly.sessionId, 30.5)
        await expireGalleryCarts(container)
        expect(await rows(nearly.sessionId)).toEqual([])
        expect(await rows(fresh.sessionId)).toHaveLength(1)
        expect(await rows(mixed.sessionId)).toHaveLength(2)
        const { cart } = (await api.get("/api/gallery/cart", withSession(stale.sessionId))).data
        expect(cart).toEqual({ sessionId: stale.sessionId, items: [], subtotal: 0, artistCount: 0, itemCount: 0 })

        // An explicit cutoff: everything older than now.
        expect(await gallery.deleteExpiredCartItems({ cutoff: new Date(Date.now() + 60_000) })).toBe(3)
        expect(await rows()).toEqual([])
      })
    })
  },
})
