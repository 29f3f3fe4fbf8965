// The platform API (issue 10, docs/platform-api.md): API keys managed by owners, the /v1 key authentication and
// its 401/403 matrix, products and orders with filters, sort, pages, cursor and expand, the sandbox, rate limits
// (plan limits on /v1, application limits on /api), deprecation headers and the OpenAPI document.

// Spec 8's anonymous application limit is lowered for this suite (its own test sends the 6th request); the
// other application limits stay raised (integration-tests/setup.js).
process.env.APP_RATE_LIMIT_ANONYMOUS_PER_MIN = "5"
// The suite sends hundreds of /v1 requests per organization within a minute: plan limits are raised, except in
// the test of the plan limits itself.
const RAISED_PLAN_LIMITS = "1000"
process.env.PLATFORM_RATE_LIMIT_MULTIPLIER = RAISED_PLAN_LIMITS

import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createOrderWorkflow } from "@medusajs/medusa/core-flows"
import { validate as validateOpenApi } from "@readme/openapi-parser"
import { API_KEY_RANDOM_LENGTH, generateApiKey, hashApiKey } from "../../src/lib/api-key"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { ensureOrderBookSetup } from "../../src/workflows/order-book/utils/shipping-setup"
import { OrderListResponse, OrderResponse, ProductListResponse, ProductResponse } from "../../src/api/v1/validators"
import { anyStatus, bearer, createOrganization, registerMember, type Api } from "../helpers/accounts"
import { countRows, outboxDrained, selectRows } from "../helpers/db"
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

const ALL_SCOPES = ["read:products", "write:products", "read:orders", "write:orders", "admin"]

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const org: Record<string, string> = {}
    const token: Record<string, string> = {}

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(org, await orgIdsBySlug(container, ["studio-north", "studio-south", "studio-east"]))
      token.north = await loginDemoMember(api, "north@atelier.test")
      token.south = await loginDemoMember(api, "south@atelier.test")
      // A plain member (role member) of studio-north.
      const plain = await registerMember(api, "plain-member@atelier.test")
      await container
        .resolve<OrganizationModuleService>(ORGANIZATION_MODULE)
        .createMemberships({ member_id: plain.member.id, organization_id: org["studio-north"], role: "member" })
      token.member = plain.token
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)
    const key = (k: string) => bearer(k)

    async function createKey(
      ownerToken: string,
      body: { name?: string; scopes?: string[]; environment?: string; org_id?: string } = {}
    ): Promise<{ key: string; api_key: Row }> {
      const res = await api.post("/api/settings/api-keys", { name: "Test key", scopes: ALL_SCOPES, ...body }, bearer(ownerToken))
      if (res.status !== 201) throw new Error(`key: ${res.status} ${JSON.stringify(res.data)}`)
      return res.data
    }

    async function salesChannelOf(organizationId: string): Promise<string> {
      const [row] = await rows(
        `SELECT sales_channel_id FROM organization_organization_sales_channel_sales_channel WHERE organization_id = ? AND deleted_at IS NULL`,
        [organizationId]
      )
      return row.sales_channel_id
    }

    /** A store order of the organization (a Medusa order in its sales channel), `total` USD. */
    async function storeOrder(organizationId: string, unitPrice: number, email = "walkin@store.test", quantity = 1) {
      const setup = await ensureOrderBookSetup(container)
      const { result } = await createOrderWorkflow(container).run({
        input: {
          region_id: setup.regionId,
          sales_channel_id: await salesChannelOf(organizationId),
          email,
          items: [{ title: "Commission", quantity, unit_price: unitPrice }],
          shipping_address: { first_name: "Walk", last_name: "In", address_1: "1 Main", city: "Austin", country_code: "us", postal_code: "73301" },
          metadata: { source: "store" },
        },
      })
      return result.id as string
    }

    describe("API keys (creator dashboard, owners only)", () => {
      it("creates a key shown once, stored as SHA-256 only, listed without secrets, revoked at once", async () => {
        const created = await api.post(
          "/api/settings/api-keys",
          { name: "  My site  ", scopes: ["read:orders", "read:products", "read:orders"], environment: "live" },
          bearer(token.north)
        )
        expect(created.status).toBe(201)
        const { key, api_key } = created.data
        expect(key).toMatch(new RegExp(`^atl_live_[0-9A-Za-z]{${API_KEY_RANDOM_LENGTH + 6}}$`))
        expect(api_key).toEqual({
          id: expect.stringMatching(/^apikey_/),
          name: "My site",
          prefix: key.slice(0, 15),
          scopes: ["read:products", "read:orders"],
          environment: "live",
          created_at: expect.any(String),
          last_used_at: null,
          revoked_at: null,
        })
        const [stored] = await rows(`SELECT * FROM platform_api_key WHERE id = ?`, [api_key.id])
        expect(stored).toMatchObject({ organization_id: org["studio-north"], data_organization_id: org["studio-north"], hash: hashApiKey(key) })
        expect(JSON.stringify(stored)).not.toContain(key.slice(15))

        const list = await api.get("/api/settings/api-keys", bearer(token.north))
        expect(list.status).toBe(200)
        expect(list.data.api_keys).toEqual([api_key])
        expect(JSON.stringify(list.data)).not.toContain(key.slice(15))

        // Used: last_used_at set once, not rewritten by the next request within the minute.
        expect((await api.get("/v1/products", key && bearer(key))).status).toBe(200)
        const [used] = await rows(`SELECT last_used_at FROM platform_api_key WHERE id = ?`, [api_key.id])
        expect(used.last_used_at).not.toBeNull()
        expect((await api.get("/v1/products", bearer(key))).status).toBe(200)
        const [again] = await rows(`SELECT last_used_at FROM platform_api_key WHERE id = ?`, [api_key.id])
        expect(again.last_used_at).toEqual(used.last_used_at)

        const revoked = await api.delete(`/api/settings/api-keys/${api_key.id}`, bearer(token.north))
        expect(revoked.status).toBe(200)
        expect(revoked.data).toMatchObject({ id: api_key.id, object: "api_key", deleted: true, revoked_at: expect.any(String) })
        const refused = await api.get("/v1/products", bearer(key))
        expect(refused.status).toBe(401)
        expect(refused.data.error).toMatchObject({ code: "invalid_api_key", message: "This API key has been revoked" })
        // Revoking again answers the first revocation.
        const twice = await api.delete(`/api/settings/api-keys/${api_key.id}`, bearer(token.north))
        expect(twice.data.revoked_at).toBe(revoked.data.revoked_at)
        expect((await api.get("/api/settings/api-keys", bearer(token.north))).data.api_keys[0].revoked_at).toBe(revoked.data.revoked_at)
      })

      it("owners only; another organization's key 403; unknown 404; bad input 400 with the field, nothing written", async () => {
        const { api_key } = await createKey(token.north)
        for (const res of [
          await api.get("/api/settings/api-keys", bearer(token.member)),
          await api.post("/api/settings/api-keys", { name: "x", scopes: ["admin"] }, bearer(token.member)),
          await api.delete(`/api/settings/api-keys/${api_key.id}`, bearer(token.member)),
        ]) {
          expect([res.status, res.data]).toEqual([403, { error: "Forbidden", message: expect.any(String) }])
        }
        expect((await api.delete(`/api/settings/api-keys/${api_key.id}`, bearer(token.south))).status).toBe(403)
        expect((await api.get(`/api/settings/api-keys?org_id=${org["studio-north"]}`, bearer(token.south))).status).toBe(403)
        expect((await api.delete(`/api/settings/api-keys/${api_key.id}?org_id=${org["studio-south"]}`, bearer(token.north))).status).toBe(403)
        expect((await api.delete(`/api/settings/api-keys/apikey_missing`, bearer(token.north))).status).toBe(404)
        expect((await api.get("/api/settings/api-keys", anyStatus)).status).toBe(401)
        // South's list does not show north's key.
        expect((await api.get("/api/settings/api-keys", bearer(token.south))).data.api_keys).toEqual([])

        const before = await countRows(pg, "platform_api_key")
        const bad: [Row, string][] = [
          [{ scopes: ["admin"] }, "name"],
          [{ name: "x".repeat(10_000), scopes: ["admin"] }, "name"],
          [{ name: 12, scopes: ["admin"] }, "name"],
          [{ name: "x", scopes: [] }, "scopes"],
          [{ name: "x", scopes: ["read:everything"] }, "scopes.0"],
          [{ name: "x", scopes: "admin" }, "scopes"],
          [{ name: "x", scopes: ["admin"], environment: "staging" }, "environment"],
          [{ name: "x", scopes: ["admin"], extra: true }, ""],
        ]
        for (const [body, field] of bad) {
          const res = await api.post("/api/settings/api-keys", body, bearer(token.north))
          expect([JSON.stringify(body).slice(0, 60), res.status]).toEqual([JSON.stringify(body).slice(0, 60), 400])
          if (field) expect(res.data.details.field).toBe(field)
        }
        expect(await countRows(pg, "platform_api_key")).toBe(before)
      })
    })

    describe("authentication and scopes on /v1", () => {
      it("401 for no key, a malformed header or key, a wrong checksum, an unknown key; 403 for a missing scope", async () => {
        const { key } = await createKey(token.north)
        const cases: [Row, number, string, string][] = [
          [anyStatus, 401, "authentication_required", "missing"],
          [{ headers: { authorization: `Basic ${key}` }, ...anyStatus }, 401, "invalid_api_key", "malformed"],
          [bearer("sk_live_123"), 401, "invalid_api_key", "malformed"],
          [bearer(key.slice(0, -1)), 401, "invalid_api_key", "malformed"],
          [bearer(`${key.slice(0, 12)}${key[12] === "A" ? "B" : "A"}${key.slice(13)}`), 401, "invalid_api_key", "checksum"],
        ]
        for (const [config, status, code, reason] of cases) {
          const res = await api.get("/v1/products", config)
          expect([res.status, res.data]).toEqual([
            status,
            { error: { code, message: expect.any(String), details: { field: "Authorization", reason } } },
          ])
        }
        // Well-formed with a valid checksum, but never issued: looked up, unknown.
        const unknown = await api.get("/v1/orders", bearer(generateApiKey("live").key))
        expect([unknown.status, unknown.data.error.code, unknown.data.error.details.reason]).toEqual([401, "invalid_api_key", "unknown"])

        // Scopes: write implies read, admin implies all; each route's scope.
        const scoped = async (scopes: string[]) => (await createKey(token.north, { scopes })).key
        const readOrders = await scoped(["read:orders"])
        const readProducts = await scoped(["read:products"])
        const writeProducts = await scoped(["write:products"])
        const writeOrders = await scoped(["write:orders"])
        const admin = await scoped(["admin"])
        const orderId = await storeOrder(org["studio-north"], 10)
        const matrix: [string, string, string, number][] = [
          [readOrders, "GET", "/v1/products", 403],
          [readOrders, "POST", "/v1/products", 403],
          [readOrders, "GET", "/v1/orders", 200],
          [readOrders, "GET", `/v1/orders/${orderId}`, 200],
          [readProducts, "GET", "/v1/products", 200],
          [readProducts, "POST", "/v1/products", 403],
          [readProducts, "GET", "/v1/orders", 403],
          [readProducts, "GET", `/v1/orders/${orderId}`, 403],
          [writeProducts, "GET", "/v1/products", 200],
          [writeProducts, "POST", "/v1/products", 201],
          [writeOrders, "GET", "/v1/orders", 200],
          [writeOrders, "GET", "/v1/products", 403],
          [admin, "GET", "/v1/products", 200],
          [admin, "POST", "/v1/products", 201],
          [admin, "GET", `/v1/orders/${orderId}`, 200],
        ]
        for (const [k, method, url, status] of matrix) {
          // One title for all: each product gets its own handle.
          const data = method === "POST" ? { title: "Scoped", product_type: "print", base_price: 5 } : undefined
          const res = await api.request({ method, url, data, ...bearer(k) })
          expect([method, url, res.status]).toEqual([method, url, status])
          if (status === 403) expect(res.data.error).toMatchObject({ code: "insufficient_scope", message: expect.stringContaining("scope") })
        }
      })

      it("a key reaches only its organization: another's order is 403, an unknown one 404; /api/v1 is the same API", async () => {
        const north = (await createKey(token.north)).key
        const south = (await createKey(token.south)).key
        const northOrder = await storeOrder(org["studio-north"], 25)
        const other = await api.get(`/v1/orders/${northOrder}`, bearer(south))
        expect([other.status, other.data.error.code, other.data.error.details.field]).toEqual([403, "insufficient_scope", "id"])
        const unknown = await api.get(`/v1/orders/order_missing`, bearer(north))
        expect([unknown.status, unknown.data.error.code]).toEqual([404, "not_found"])
        expect((await api.get(`/v1/orders/${encodeURIComponent("bad id!")}`, bearer(north))).status).toBe(404)
        expect((await api.get("/v1/orders", bearer(south))).data.data).toEqual([])
        const variant = await api.get(`/api/v1/orders/${northOrder}`, bearer(north))
        expect(variant.status).toBe(200)
        expect(variant.data.data.id).toBe(northOrder)
        expect((await api.get("/api/v1/products", anyStatus)).data.error.code).toBe("authentication_required")
        // A member's dashboard token is no API key.
        expect((await api.get("/v1/products", bearer(token.north))).data.error.code).toBe("invalid_api_key")
      })
    })

    describe("products", () => {
      it("lists with every filter operator, sort and page edges; 400 naming the parameter", async () => {
        const { key } = await createKey(token.north)
        const auth = bearer(key)
        const all = await api.get("/v1/products?per_page=100", auth)
        expect(all.status).toBe(200)
        expect(() => ProductListResponse.parse(all.data)).not.toThrow()
        const products = all.data.data as Row[]
        expect(products.map((p) => p.title).sort()).toHaveLength(4)
        expect(all.data.meta).toEqual({ total: 4, page: 1, per_page: 100, total_pages: 1 })
        const byPrice = Object.fromEntries(products.map((p) => [p.base_price, p]))
        expect(byPrice[1250]).toMatchObject({ product_type: "original", status: "active" })
        expect(byPrice[28.75]).toMatchObject({ status: "draft" })
        // Default order: newest first.
        const created = products.map((p) => p.created_at)
        expect([...created].sort().reverse()).toEqual(created)

        const ids = async (query: string) => {
          const res = await api.get(`/v1/products?${query}`, auth)
          expect([query, res.status]).toEqual([query, 200])
          return (res.data.data as Row[]).map((p) => p.base_price)
        }
        expect(await ids("status=active&sort=base_price")).toEqual([19.99, 34.99, 1250])
        expect(await ids("status!=active")).toEqual([28.75])
        expect(await ids("status[in]=draft,active&product_type=original")).toEqual([1250])
        expect(await ids("product_type!=original&sort=-base_price")).toEqual([34.99, 28.75, 19.99])
        expect(await ids("base_price>=28.75&base_price<=1000&sort=base_price")).toEqual([28.75, 34.99])
        expect(await ids("base_price=34.99")).toEqual([34.99])
        expect(await ids("base_price!=34.99&sort=base_price")).toEqual([19.99, 28.75, 1250])
        expect(await ids("base_price[in]=19.99,1250&sort=-base_price")).toEqual([1250, 19.99])
        expect(await ids(`created_at<=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}&sort=base_price`)).toHaveLength(4)
        expect(await ids("created_at>=2100-01-01")).toEqual([])
        expect(await ids("sort=title,-base_price")).toHaveLength(4)

        const page2 = await api.get("/v1/products?per_page=3&page=2&sort=base_price", auth)
        expect(page2.data).toEqual({ data: [expect.objectContaining({ base_price: 1250 })], meta: { total: 4, page: 2, per_page: 3, total_pages: 2 } })
        const past = await api.get("/v1/products?page=9", auth)
        expect(past.data).toEqual({ data: [], meta: { total: 4, page: 9, per_page: 20, total_pages: 1 } })

        const bad: [string, string][] = [
          ["per_page=0", "per_page"],
          ["per_page=101", "per_page"],
          ["per_page=x", "per_page"],
          ["page=0", "page"],
          ["page=1.5", "page"],
          ["status=bogus", "status"],
          ["status>=active", "status"],
          ["colour=red", "colour"],
          ["base_price>=cheap", "base_price"],
          ["base_price>=-1", "base_price"],
          ["created_at<=yesterday", "created_at"],
          ["sort=price", "sort"],
          ["sort=title,title", "sort"],
          ["status[nin]=draft", "status"],
        ]
        for (const [query, field] of bad) {
          const res = await api.get(`/v1/products?${query}`, auth)
          expect([query, res.status, res.data.error.code, res.data.error.details.field]).toEqual([query, 400, "invalid_request", field])
        }
      })

      it("creates a draft Medusa product in the organization's sales channel; validation refuses bad bodies with nothing written", async () => {
        const { key } = await createKey(token.north, { scopes: ["write:products"] })
        const res = await api.post("/v1/products", { title: "Harbour at Dusk", product_type: "original", base_price: 880.5 }, bearer(key))
        expect(res.status).toBe(201)
        expect(() => ProductResponse.parse(res.data)).not.toThrow()
        expect(res.data.data).toMatchObject({ title: "Harbour at Dusk", product_type: "original", base_price: 880.5, status: "draft" })
        const [inChannel] = await rows(`SELECT sales_channel_id FROM product_sales_channel WHERE product_id = ? AND deleted_at IS NULL`, [res.data.data.id])
        expect(inChannel.sales_channel_id).toBe(await salesChannelOf(org["studio-north"]))
        const active = await api.post("/v1/products", { title: "Print run", product_type: "print", base_price: 20, status: "active" }, bearer(key))
        expect(active.data.data.status).toBe("active")
        const archived = await api.post("/v1/products", { title: "Old run", product_type: "print", base_price: 20, status: "archived" }, bearer(key))
        expect(archived.data.data.status).toBe("archived")
        expect((await api.get("/v1/products?status=draft&product_type=original", bearer(key))).data.data.map((p: Row) => p.title)).toEqual(["Harbour at Dusk"])

        const before = await countRows(pg, "product")
        const bad: [Row, string][] = [
          [{ product_type: "print", base_price: 5 }, "title"],
          [{ title: "x".repeat(10_000), product_type: "print", base_price: 5 }, "title"],
          [{ title: 42, product_type: "print", base_price: 5 }, "title"],
          [{ title: "Ok", product_type: "sculpture", base_price: 5 }, "product_type"],
          [{ title: "Ok", product_type: "print", base_price: -1 }, "base_price"],
          [{ title: "Ok", product_type: "print", base_price: "5" }, "base_price"],
          [{ title: "Ok", product_type: "print", base_price: 5.001 }, "base_price"],
          [{ title: "Ok", product_type: "print", base_price: 5, status: "published" }, "status"],
          [{ title: "Ok", product_type: "print", base_price: 5, sku: "X" }, ""],
        ]
        for (const [body, field] of bad) {
          const r = await api.post("/v1/products", body, bearer(key))
          expect([JSON.stringify(body).slice(0, 50), r.status, r.data.error.code]).toEqual([JSON.stringify(body).slice(0, 50), 400, "invalid_request"])
          if (field) expect(r.data.error.details.field).toBe(field)
        }
        expect(await countRows(pg, "product")).toBe(before)
      })
    })

    describe("orders", () => {
      it("walks a changing list by cursor with no duplicates or gaps; filters; expand; deprecated page; same status as the dashboard", async () => {
        const { key } = await createKey(token.north, { scopes: ["read:orders"] })
        const auth = bearer(key)
        const existing: string[] = []
        for (let i = 0; i < 23; i++) existing.push(await storeOrder(org["studio-north"], 10 + i, `buyer${i}@store.test`))
        await storeOrder(org["studio-south"], 99)

        // Walk 5 at a time while new orders arrive: each existing order exactly once; the newcomers (newer) are not in it.
        const seen: string[] = []
        let cursor: string | null = null
        let pages = 0
        do {
          const res: Row = await api.get(`/v1/orders?per_page=5${cursor ? `&cursor=${cursor}` : ""}`, auth)
          expect(res.status).toBe(200)
          expect(() => OrderListResponse.parse(res.data)).not.toThrow()
          expect(res.headers.deprecation).toBeUndefined()
          seen.push(...(res.data.data as Row[]).map((o) => o.id))
          cursor = res.data.meta.next_cursor
          expect(res.data.meta.has_more).toBe(cursor !== null)
          await storeOrder(org["studio-north"], 1, "newcomer@store.test")
          pages++
        } while (cursor)
        expect(pages).toBe(5)
        expect(new Set(seen).size).toBe(seen.length)
        expect(seen).toEqual([...existing].reverse())

        // Filters (each operator) over total, status, source, created_at.
        const totals = async (query: string) => {
          const res = await api.get(`/v1/orders?per_page=100&${query}`, auth)
          expect([query, res.status]).toEqual([query, 200])
          return (res.data.data as Row[]).filter((o) => o.customer_email !== "newcomer@store.test").map((o) => o.total)
        }
        expect(await totals("total>=30&total<=32")).toEqual([32, 31, 30])
        expect(await totals("total=15")).toEqual([15])
        expect(await totals("total[in]=11,12")).toEqual([12, 11])
        expect((await totals("total!=15")).length).toBe(22)
        expect((await totals("status=pending&source=store")).length).toBe(23)
        expect(await totals("status!=pending")).toEqual([])
        expect(await totals("status[in]=paid,shipped")).toEqual([])
        expect(await totals("source=gallery")).toEqual([])
        expect(await totals("source[in]=gallery,store&total>=32")).toEqual([32])
        expect((await totals(`created_at<=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).length).toBe(23)
        expect(await totals("created_at>=2100-01-01")).toEqual([])
        // Filters and the cursor together: pages of the filtered list.
        const first = await api.get("/v1/orders?per_page=2&total>=20&total<=24", auth)
        const second = await api.get(`/v1/orders?per_page=2&total>=20&total<=24&cursor=${first.data.meta.next_cursor}`, auth)
        const third = await api.get(`/v1/orders?per_page=2&total>=20&total<=24&cursor=${second.data.meta.next_cursor}`, auth)
        expect([...first.data.data, ...second.data.data, ...third.data.data].map((o: Row) => o.total)).toEqual([24, 23, 22, 21, 20])
        expect(third.data.meta).toEqual({ has_more: false, next_cursor: null })

        // The same status as the dashboard's order book for every order.
        const dashboard = await api.get("/api/dashboard/orders?per_page=100", bearer(token.north))
        const v1 = await api.get("/v1/orders?per_page=100", auth)
        const statusOf = (list: Row[]) => Object.fromEntries(list.map((o) => [o.id, [o.status, o.payment_status, o.total, o.order_number]]))
        expect(statusOf(v1.data.data)).toEqual(statusOf(dashboard.data.orders))

        // Deprecated offset paging still works, with the headers.
        const paged = await api.get("/v1/orders?page=2&per_page=5&total>=10&total<=32", auth)
        expect(paged.status).toBe(200)
        expect(paged.data.data.map((o: Row) => o.total)).toEqual([27, 26, 25, 24, 23])
        expect(paged.headers.deprecation).toMatch(/^@\d+$/)
        expect(paged.headers.sunset).toBe("Mon, 01 Nov 2027 00:00:00 GMT")
        expect(paged.headers.link).toMatch(/^<https:\/\/[^>]+>; rel="deprecation"/)
        expect((await api.get(`/v1/orders?page=1&cursor=${first.data.meta.next_cursor}`, auth)).status).toBe(400)

        for (const [query, field] of [
          ["cursor=garbage", "cursor"],
          [`cursor=${Buffer.from('["2026-01-01","x"]').toString("base64url")}`, "cursor"],
          ["per_page=101", "per_page"],
          ["per_page=0", "per_page"],
          ["status=lost", "status"],
          ["total>=x", "total"],
          ["customer=me", "customer"],
          ["sort=total", "sort"],
          ["source>=store", "source"],
        ]) {
          const res = await api.get(`/v1/orders?${query}`, auth)
          expect([query, res.status, res.data.error.details.field]).toEqual([query, 400, field])
        }

        // One order, with and without expand.
        const id = existing[3]
        const plain = await api.get(`/v1/orders/${id}`, auth)
        expect(() => OrderResponse.parse(plain.data)).not.toThrow()
        expect(plain.data.data).toMatchObject({ id, total: 13, status: "pending", source: "store", customer_email: "buyer3@store.test" })
        expect(plain.data.data).not.toHaveProperty("customer")
        expect(plain.data.data).not.toHaveProperty("items")
        const expanded = await api.get(`/v1/orders/${id}?expand=customer,items`, auth)
        expect(expanded.data.data.customer).toEqual({ id: expect.any(String), name: "Walk In", email: "buyer3@store.test" })
        expect(expanded.data.data.items).toEqual([{ id: expect.any(String), title: "Commission", quantity: 1 }])
        expect(Object.keys((await api.get(`/v1/orders/${id}?expand=items`, auth)).data.data)).not.toContain("customer")
        const badExpand = await api.get(`/v1/orders/${id}?expand=payments`, auth)
        expect([badExpand.status, badExpand.data.error.details.field]).toEqual([400, "expand"])
      })

      it("says of a gallery order what the dashboard and Medusa's admin say: paid, then refunded once cancelled", async () => {
        const product = await productIdsByHandle(container, ["studio-north-print"])
        const sessionId = crypto.randomUUID()
        // The shopper's calls carry a member's token only so that this suite's lowered anonymous limit (5 a minute,
        // spent by other tests) does not refuse them; the gallery's routes ignore it.
        const shopper = { headers: { cookie: `gallery_cart_session=${sessionId}`, authorization: `Bearer ${token.member}` }, ...anyStatus }
        expect((await api.post("/api/gallery/cart/add", { productId: product["studio-north-print"], quantity: 1 }, shopper)).status).toBe(200)
        const checkout = await api.post(
          "/api/gallery/checkout",
          { sessionId, email: COLLECTOR_EMAIL, shippingOption: "single_address", shippingAddress: COLLECTOR_ADDRESS },
          shopper
        )
        expect(checkout.status).toBe(200)
        const [order] = await rows(`SELECT id, payment_intent_id FROM gallery_order WHERE public_id = ?`, [checkout.data.publicId])
        expect((await api.post(`/api/sandbox/payment-intents/${order.payment_intent_id}/confirm`, { payment_method: "pm_card_visa" }, shopper)).status).toBe(200)
        expect((await api.post("/api/gallery/checkout/confirm", { paymentIntentId: order.payment_intent_id }, shopper)).status).toBe(200)
        expect(await outboxDrained(pg, 20000)).toBe(0)
        const [{ order_id: mirror }] = await rows(
          `SELECT l.order_id FROM gallery_gallery_artist_order_order_order l
           JOIN gallery_artist_order ao ON ao.id = l.gallery_artist_order_id WHERE ao.gallery_order_id = ?`,
          [order.id]
        )
        const auth = key((await createKey(token.north)).key)
        const admin = bearer(await loginDemoAdmin(api))
        const views = async () => ({
          v1: (await api.get(`/v1/orders/${mirror}`, auth)).data.data.payment_status,
          v1List: ((await api.get(`/v1/orders?per_page=100&source=gallery`, auth)).data.data as Row[]).find((o) => o.id === mirror)?.payment_status,
          dashboard: (await api.get(`/api/dashboard/orders/${mirror}`, bearer(token.north))).data.order.payment_status,
          medusa: (await api.get(`/admin/orders/${mirror}?fields=id,payment_status`, admin)).data.order.payment_status,
        })
        expect(await views()).toEqual({ v1: "paid", v1List: "paid", dashboard: "paid", medusa: "captured" })

        expect((await api.post(`/api/admin/gallery-orders/${checkout.data.publicId}/cancel`, {}, admin)).status).toBe(200)
        expect(await outboxDrained(pg, 20000)).toBe(0)
        expect(await views()).toEqual({ v1: "refunded", v1List: "refunded", dashboard: "refunded", medusa: "refunded" })
      })
    })

    describe("sandbox", () => {
      it("a sandbox key creates the paired sandbox organization once and acts only there; environments are refused across", async () => {
        const live = (await createKey(token.north)).key
        const first = await createKey(token.north, { environment: "sandbox" })
        const second = await createKey(token.north, { environment: "sandbox", name: "Second" })
        expect(first.key).toMatch(/^atl_test_/)
        expect(first.api_key.environment).toBe("sandbox")
        const pairs = await rows(`SELECT * FROM platform_sandbox_organization WHERE organization_id = ?`, [org["studio-north"]])
        expect(pairs).toHaveLength(1)
        const [sandboxOrg] = await rows(`SELECT * FROM organization WHERE id = ?`, [pairs[0].sandbox_organization_id])
        expect(sandboxOrg).toMatchObject({ gallery_approved: false, plan: "starter" })
        expect(await countRows(pg, "membership", "organization_id = ?", [sandboxOrg.id])).toBe(0)
        const keyRows = await rows(`SELECT data_organization_id FROM platform_api_key WHERE environment = 'sandbox'`)
        expect(keyRows.map((r) => r.data_organization_id)).toEqual([sandboxOrg.id, sandboxOrg.id])

        // Isolated both ways.
        expect((await api.get("/sandbox/v1/products", bearer(first.key))).data.data).toEqual([])
        const made = await api.post("/sandbox/v1/products", { title: "Test piece", product_type: "print", base_price: 1, status: "active" }, bearer(second.key))
        expect(made.status).toBe(201)
        expect((await api.get("/sandbox/v1/products", bearer(first.key))).data.data.map((p: Row) => p.id)).toEqual([made.data.data.id])
        expect((await api.get("/v1/products?per_page=100", bearer(live))).data.data.map((p: Row) => p.id)).not.toContain(made.data.data.id)
        const liveOrder = await storeOrder(org["studio-north"], 5)
        expect((await api.get(`/sandbox/v1/orders/${liveOrder}`, bearer(first.key))).status).toBe(403)
        expect((await api.get("/sandbox/v1/orders", bearer(first.key))).data.data).toEqual([])
        const gallery = await api.get("/api/gallery/products?limit=100", bearer(token.north))
        expect(gallery.data.products.map((p: Row) => p.id)).not.toContain(made.data.data.id)

        // Wrong environment: 401 naming the right one.
        const sandboxOnLive = await api.get("/v1/products", bearer(first.key))
        expect([sandboxOnLive.status, sandboxOnLive.data.error.code]).toEqual([401, "invalid_api_key"])
        expect(sandboxOnLive.data.error.message).toContain("/sandbox/v1")
        const liveOnSandbox = await api.get("/sandbox/v1/products", bearer(live))
        expect(liveOnSandbox.status).toBe(401)
        expect(liveOnSandbox.data.error.message).toContain("live key")

        // SANDBOX_HOSTS: /v1 on such a host is the sandbox.
        process.env.SANDBOX_HOSTS = "sandbox.atelier.test"
        try {
          const onHost = await api.get("/v1/products", { headers: { authorization: `Bearer ${first.key}`, host: "sandbox.atelier.test" }, ...anyStatus })
          expect(onHost.status).toBe(200)
          expect((await api.get("/v1/products", { headers: { authorization: `Bearer ${live}`, host: "sandbox.atelier.test" }, ...anyStatus })).status).toBe(401)
        } finally {
          delete process.env.SANDBOX_HOSTS
        }

        // No rate limits in the sandbox.
        const unlimited = await api.get("/sandbox/v1/orders", bearer(first.key))
        expect(unlimited.headers["x-ratelimit-limit"]).toBeUndefined()
      })
    })

    describe("rate limits", () => {
      it("the 61st request of a starter organization in a minute is 429 with the headers; other organizations are unaffected", async () => {
        process.env.PLATFORM_RATE_LIMIT_MULTIPLIER = "1"
        try {
          await planLimits()
        } finally {
          process.env.PLATFORM_RATE_LIMIT_MULTIPLIER = RAISED_PLAN_LIMITS
        }
      })

      async function planLimits() {
        const owner = await registerMember(api, "ratelimited@atelier.test")
        await createOrganization(api, owner.token, "Busy Studio", "busy-studio")
        const { key } = await createKey(owner.token, { scopes: ["read:products"] })
        const started = Math.floor(Date.now() / 1000)
        let last: Row | null = null
        for (let i = 1; i <= 60; i++) {
          last = await api.get("/v1/products", bearer(key))
          expect([i, last!.status]).toEqual([i, 200])
        }
        expect(last!.headers["x-ratelimit-limit"]).toBe("60")
        expect(last!.headers["x-ratelimit-remaining"]).toBe("0")
        const reset = Number(last!.headers["x-ratelimit-reset"])
        expect(reset).toBeGreaterThanOrEqual(started + 59)
        expect(reset).toBeLessThanOrEqual(started + 120)
        const refused = await api.get("/v1/products", bearer(key))
        expect(refused.status).toBe(429)
        expect(refused.data).toEqual({
          error: { code: "rate_limit_exceeded", message: expect.any(String), details: { field: null, reason: "rate_limited" } },
        })
        expect(refused.headers).toMatchObject({ "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0" })
        expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1)
        expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60)
        // The limit is the organization's, whatever its key; others go on.
        const secondKey = (await createKey(owner.token, { scopes: ["read:orders"] })).key
        expect((await api.get("/v1/orders", bearer(secondKey))).status).toBe(429)
        const other = await api.get("/v1/products", bearer((await createKey(token.south)).key))
        expect(other.status).toBe(200)
        expect(other.headers["x-ratelimit-limit"]).toBe("120") // growth
      }

      it("application routes: anonymous callers per client address (X-Forwarded-For not trusted by default), with headers", async () => {
        const spoof = (ip: string) => ({ headers: { "x-forwarded-for": ip }, ...anyStatus })
        // Earlier tests of this minute made anonymous /api calls too (a registration, a 401): count from here.
        const first = await api.get("/api/gallery/spotlights", spoof("10.0.0.1"))
        expect(first.status).toBe(200)
        expect(first.headers["x-ratelimit-limit"]).toBe("5")
        const left = Number(first.headers["x-ratelimit-remaining"])
        expect(left).toBeLessThan(5)
        for (let i = 1; i <= left; i++) {
          const res = await api.get("/api/gallery/spotlights", spoof(`10.0.0.${i + 1}`))
          expect([i, res.status, res.headers["x-ratelimit-remaining"]]).toEqual([i, 200, String(left - i)])
        }
        const refused = await api.get("/api/gallery/spotlights", spoof("10.0.0.99"))
        expect(refused.status).toBe(429)
        expect(refused.data).toEqual({ error: expect.any(String) })
        expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1)
        // Authenticated callers are counted per actor, not per address.
        const member = await api.get("/api/settings/api-keys", bearer(token.north))
        expect(member.status).toBe(200)
        expect(member.headers["x-ratelimit-limit"]).toBe("1000000")
      })
    })

    describe("OpenAPI", () => {
      it("serves a valid OpenAPI 3.1 document without a key, describing every v1 route", async () => {
        const res = await api.get("/v1/openapi.json", anyStatus)
        expect(res.status).toBe(200)
        const document = res.data
        expect(document.openapi).toBe("3.1.0")
        await expect(validateOpenApi(structuredClone(document))).resolves.toMatchObject({ valid: true })
        expect(Object.keys(document.paths).sort()).toEqual(["/v1/openapi.json", "/v1/orders", "/v1/orders/{id}", "/v1/payouts/ledger", "/v1/products"])
        const listOrders = document.paths["/v1/orders"].get
        const names = listOrders.parameters.map((p: Row) => p.name)
        expect(names).toEqual(expect.arrayContaining(["cursor", "per_page", "page", "status", "status!", "status[in]", "total>", "total<", "created_at>"]))
        expect(listOrders.parameters.find((p: Row) => p.name === "page").deprecated).toBe(true)
        expect(document.paths["/v1/products"].post.requestBody.content["application/json"].schema.required).toEqual(
          expect.arrayContaining(["title", "product_type", "base_price"])
        )
        expect(document.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" })
        for (const [path, methods] of Object.entries(document.paths as Record<string, Row>)) {
          if (path === "/v1/openapi.json") continue
          for (const operation of Object.values(methods)) {
            expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["400", "401", "403", "429", "500"]))
          }
        }
        expect((await api.get("/api/v1/openapi.json", anyStatus)).status).toBe(200)
      })
    })
  },
})
