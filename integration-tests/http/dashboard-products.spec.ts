import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { Modules } from "@medusajs/framework/utils"
import { randomUUID } from "node:crypto"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { anyStatus, bearer, registerMember, type Api } from "../helpers/accounts"
import { withCookie } from "../helpers/cookies"
import { loginDemoAdmin, loginDemoMember, orgIdsBySlug, productIdsByHandle, seedDemo } from "../helpers/demo-data"

jest.setTimeout(240000)

// Response bodies are asserted field by field.
type Body = any // eslint-disable-line @typescript-eslint/no-explicit-any

const HANDLES = ["studio-north-original", "studio-north-print", "studio-north-draft", "studio-north-not-eligible", "studio-south-print"]

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as Api
    let container: MedusaContainer
    let pg: Knex
    let north: string
    let south: string
    let plain: string
    let admin: string
    const orgs: Record<string, string> = {}
    const ids: Record<string, string> = {}

    // Seeded once; the runner snapshots the database after this and restores it before every test.
    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(ids, await productIdsByHandle(container, HANDLES))
      Object.assign(orgs, await orgIdsBySlug(container, ["studio-north", "studio-south"]))
      north = await loginDemoMember(api, "north@atelier.test")
      south = await loginDemoMember(api, "south@atelier.test")
      admin = await loginDemoAdmin(api)
      // A plain member (role `member`, not owner) of studio-north.
      const registered = await registerMember(api, `plain-${randomUUID()}@atelier.test`)
      const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
      await organizations.createMemberships({ member_id: registered.member.id, organization_id: orgs["studio-north"], role: "member" })
      plain = registered.token
    })

    const as = (token: string) => bearer(token)
    const create = (token: string, body: Body) => api.post("/api/products", body, as(token))
    const get = (token: string, path: string) => api.get(path, as(token))
    const put = (token: string, path: string, body: Body) => api.request({ method: "PUT", url: path, data: body, ...as(token) })
    const patch = (token: string, path: string, body: Body) => api.patch(path, body, as(token))
    const del = (token: string, path: string) => api.delete(path, as(token))

    async function created(token: string, body: Body) {
      const res = await create(token, body)
      expect(res.status).toBe(201)
      return res.data.product as Body
    }

    const expectError = (res: { status: number; data: Body }, status: number, field?: string, message?: string | RegExp) => {
      expect(res.status).toBe(status)
      expect(res.data).toMatchObject({ error: expect.any(String), code: expect.any(String) })
      if (field) expect(res.data.details).toEqual({ field })
      if (message) expect(res.data.error).toMatch(message)
    }

    async function rowCounts() {
      const { rows } = await pg.raw(`SELECT
          (SELECT count(*) FROM product WHERE deleted_at IS NULL)::int AS products,
          (SELECT count(*) FROM product_variant WHERE deleted_at IS NULL)::int AS variants,
          (SELECT count(*) FROM inventory_item WHERE deleted_at IS NULL)::int AS items,
          (SELECT count(*) FROM artist_product WHERE deleted_at IS NULL)::int AS artist_products,
          (SELECT count(*) FROM price WHERE deleted_at IS NULL)::int AS prices`)
      return rows[0]
    }

    describe("create and read", () => {
      it("creates with product_type (+ base_price): draft by default, a priced default variant, slug from the title", async () => {
        const product = await created(north, {
          title: "Harbour at Dusk",
          description: "Oil on board.",
          product_type: "original",
          base_price: 480.5,
          sku: "NORTH-HARBOUR-1",
          inventory_quantity: 1,
          product_images: ["https://images.atelier.test/north/harbour.jpg"],
        })
        expect(product).toEqual({
          id: expect.stringMatching(/^prod_/),
          title: "Harbour at Dusk",
          slug: "harbour-at-dusk",
          description: "Oil on board.",
          status: "draft",
          featured: false,
          created_at: expect.any(String),
          updated_at: expect.any(String),
          product_images: ["https://images.atelier.test/north/harbour.jpg"],
          product_variants: [
            {
              id: expect.stringMatching(/^variant_/),
              title: "Standard",
              price: 480.5,
              compare_at_price: null,
              inventory_quantity: 1,
              sku: "NORTH-HARBOUR-1",
              is_default: true,
              created_at: expect.any(String),
            },
          ],
          product_type: "original",
          product_type_id: null,
          gallery_eligible: false,
          base_price: 480.5,
        })
        const again = await get(north, `/api/products/${product.id}`)
        expect(again.status).toBe(200)
        expect(again.data.product).toEqual(product)

        // Medusa truth: its admin API shows the same product, title and price, in the organization's sales channel.
        const medusa = await api.get(`/admin/products/${product.id}?fields=id,title,handle,status,*variants,*variants.prices,*sales_channels`, as(admin))
        expect(medusa.status).toBe(200)
        expect(medusa.data.product).toMatchObject({ title: "Harbour at Dusk", handle: "harbour-at-dusk", status: "draft" })
        expect(medusa.data.product.variants[0].prices).toEqual([expect.objectContaining({ amount: 480.5, currency_code: "usd" })])
        const listed = await api.get(`/admin/products?limit=20&q=Harbour`, as(admin))
        expect(listed.data.products.map((p: Body) => p.title)).toEqual(["Harbour at Dusk"])

        // The same title again gets the next free slug.
        const twin = await created(north, { title: "Harbour at Dusk", product_type: "print" })
        expect(twin.slug).toBe("harbour-at-dusk-2")
        expect(twin.base_price).toBeNull()
        expect(twin.product_variants).toHaveLength(1)
      })

      it("creates with base_price + product_type_id (a Medusa product type); an unknown type is 400 and writes nothing", async () => {
        const typeRes = await api.post("/admin/product-types", { value: "Sculpture" }, as(admin))
        expect(typeRes.status).toBe(200)
        const typeId = typeRes.data.product_type.id
        const product = await created(north, { title: "Bronze Gull", base_price: 900, product_type_id: typeId, status: "active" })
        expect(product).toMatchObject({ status: "active", base_price: 900, product_type_id: typeId, product_type: "print" })
        const { rows } = await pg.raw(`SELECT status, type_id FROM product WHERE id = ?`, [product.id])
        expect(rows[0]).toEqual({ status: "published", type_id: typeId })

        const before = await rowCounts()
        expectError(await create(north, { title: "Ghost", base_price: 5, product_type_id: "ptyp_missing" }), 400, "product_type_id", /product type/)
        expect(await rowCounts()).toEqual(before)
      })

      it("refuses publishing without a price, a taken slug and a taken SKU, writing nothing", async () => {
        const before = await rowCounts()
        expectError(await create(north, { title: "No price", status: "active" }), 400, "base_price", /price/)
        expectError(await create(north, { title: "Taken", slug: "studio-south-print", base_price: 3 }), 400, "slug", /already taken/)
        expectError(await create(north, { title: "Taken sku", base_price: 3, sku: "NORTH-PRINT-001" }), 400, "sku", /already taken/)
        expect(await rowCounts()).toEqual(before)
        // Draft without a price is fine; publishing it later is refused until it has one.
        const draft = await created(north, { title: "Priceless", slug: "priceless" })
        expectError(await patch(north, `/api/products/${draft.id}`, { status: "active" }), 400, "base_price")
        const published = await patch(north, `/api/products/${draft.id}`, { status: "active", base_price: 12 })
        expect(published.status).toBe(200)
        expect(published.data.product).toMatchObject({ status: "active", base_price: 12, slug: "priceless" })
      })

      it("two creates racing for one slug or SKU: one product, the other refused with a 4xx", async () => {
        const before = await rowCounts()
        const racing = await Promise.all([
          create(north, { title: "Race A", slug: "race-slug", base_price: 1 }),
          create(plain, { title: "Race B", slug: "race-slug", base_price: 2 }),
          create(north, { title: "Race C", base_price: 1, sku: "RACE-SKU" }),
          create(plain, { title: "Race D", base_price: 2, sku: "RACE-SKU" }),
        ])
        const statuses = racing.map((res) => res.status)
        expect([statuses[0], statuses[1]].filter((s) => s === 201)).toHaveLength(1)
        expect([statuses[2], statuses[3]].filter((s) => s === 201)).toHaveLength(1)
        for (const status of statuses) expect(status).toBeLessThan(500)
        const { rows } = await pg.raw(
          `SELECT (SELECT count(*) FROM product WHERE handle = 'race-slug' AND deleted_at IS NULL)::int AS slugs,
                  (SELECT count(*) FROM product_variant WHERE sku = 'RACE-SKU' AND deleted_at IS NULL)::int AS skus`
        )
        expect(rows[0]).toEqual({ slugs: 1, skus: 1 })
        // The losers left nothing behind: exactly two more products, variants, items and rows.
        const after = await rowCounts()
        expect(after.products - before.products).toBe(2)
        expect(after.variants - before.variants).toBe(2)
        expect(after.items - before.items).toBe(2)
        expect(after.artist_products - before.artist_products).toBe(2)
      })

      it("validates every field: 400 {error, code, details.field}, never 5xx", async () => {
        const cases: [Body, string][] = [
          [{}, "title"],
          [{ title: 42 }, "title"],
          [{ title: "x".repeat(10_000) }, "title"],
          [{ title: "   " }, "title"],
          [{ title: "ok", description: "d".repeat(10_001) }, "description"],
          [{ title: "ok", status: "published" }, "status"],
          [{ title: "ok", product_type: "poster" }, "product_type"],
          [{ title: "ok", base_price: -1 }, "base_price"],
          [{ title: "ok", base_price: 10.999 }, "base_price"],
          [{ title: "ok", base_price: "10" }, "base_price"],
          [{ title: "ok", inventory_quantity: 1.5 }, "inventory_quantity"],
          [{ title: "ok", inventory_quantity: -3 }, "inventory_quantity"],
          [{ title: "ok", slug: "Not A Slug" }, "slug"],
          [{ title: "ok", featured: "yes" }, "featured"],
          [{ title: "ok", product_images: ["javascript:alert(1)"] }, "product_images.0"],
          [{ title: "ok", product_images: "https://x.test/a.jpg" }, "product_images"],
        ]
        const before = await rowCounts()
        for (const [body, field] of cases) {
          const res = await create(north, body)
          expect([res.status, res.data.details?.field]).toEqual([400, field])
          expect(res.data.code).toBe("invalid_request")
        }
        expect(await rowCounts()).toEqual(before)
      })

      it("a plain member (not owner) may manage products", async () => {
        const product = await created(plain, { title: "By a member", base_price: 10 })
        expect((await patch(plain, `/api/products/${product.id}`, { featured: true })).data.product.featured).toBe(true)
        expect((await get(north, `/api/products/${product.id}`)).status).toBe(200)
        expect((await del(plain, `/api/products/${product.id}`)).status).toBe(200)
      })
    })

    describe("list", () => {
      it("lists the organization's products with status, search and pagination", async () => {
        const list = async (query: string, token = north) => {
          const res = await get(token, `/api/products?${query}`)
          expect(res.status).toBe(200)
          return res.data
        }
        const all = await list("")
        expect(all).toMatchObject({ count: 4, limit: 20, offset: 0 })
        expect(all.products.map((p: Body) => p.slug).sort()).toEqual(HANDLES.filter((h) => h.startsWith("studio-north")).sort())
        const print = all.products.find((p: Body) => p.slug === "studio-north-print")
        expect(print).toMatchObject({ status: "active", base_price: 34.99, product_type: "print", gallery_eligible: true })
        expect(print.product_variants[0]).toMatchObject({ sku: "NORTH-PRINT-001", inventory_quantity: 50, is_default: true })

        expect((await list("status=draft")).products.map((p: Body) => p.slug)).toEqual(["studio-north-draft"])
        expect((await list("status=active")).count).toBe(3)
        expect((await list("status=archived")).count).toBe(0)
        expect((await list("search=FJORD")).products.map((p: Body) => p.slug).sort()).toEqual(["studio-north-original", "studio-north-print"])
        expect((await list("search=%25")).count).toBe(0)
        expect((await list(`org_id=${orgs["studio-north"]}&limit=2`)).products).toHaveLength(2)
        const second = await list("limit=2&offset=2")
        expect(second).toMatchObject({ count: 4, limit: 2, offset: 2 })
        expect(second.products).toHaveLength(2)
        expect(await list("offset=50")).toEqual({ products: [], count: 4, limit: 20, offset: 50 })
        expect(await list("limit=101")).toMatchObject({ limit: 100, count: 4 })
        // Studio south sees only its own.
        expect((await list("", south)).products.every((p: Body) => p.slug.startsWith("studio-south"))).toBe(true)
      })

      it("refuses bad list parameters with 400 and the field", async () => {
        for (const [query, field] of [
          ["limit=0", "limit"],
          ["limit=x", "limit"],
          ["limit=2.5", "limit"],
          ["offset=-1", "offset"],
          ["status=published", "status"],
        ]) {
          expectError(await get(north, `/api/products?${query}`), 400, field)
        }
        expect((await get(south, `/api/products?org_id=${orgs["studio-north"]}`)).status).toBe(403)
        expect((await api.get("/api/products", anyStatus)).status).toBe(401)
        expect((await api.get("/api/products", as(admin))).status).toBe(403)
      })
    })

    describe("update, archive, delete", () => {
      it("PUT and PATCH change only the fields given, in Medusa too", async () => {
        const product = await created(north, { title: "Tide", description: "Keep me", base_price: 20, product_type: "print" })
        const res = await put(north, `/api/products/${product.id}`, { title: "Tide II", base_price: 25.5, slug: "tide-two" })
        expect(res.status).toBe(200)
        expect(res.data.product).toMatchObject({ title: "Tide II", slug: "tide-two", description: "Keep me", base_price: 25.5 })
        const patched = await patch(north, `/api/products/${product.id}`, {
          description: null,
          featured: true,
          gallery_eligible: true,
          product_type: "original",
        })
        expect(patched.data.product).toMatchObject({
          title: "Tide II",
          description: null,
          featured: true,
          gallery_eligible: true,
          product_type: "original",
          base_price: 25.5,
        })
        const medusa = await api.get(`/admin/products/${product.id}?fields=title,handle,*variants.prices`, as(admin))
        expect(medusa.data.product).toMatchObject({ title: "Tide II", handle: "tide-two" })
        expect(medusa.data.product.variants[0].prices.map((p: Body) => p.amount)).toEqual([25.5])

        expectError(await patch(north, `/api/products/${product.id}`, {}), 400, undefined, /Nothing to update/)
        expectError(await patch(north, `/api/products/${product.id}`, { base_price: null }), 400, "base_price")
        expectError(await patch(north, `/api/products/${product.id}`, { slug: "studio-north-print" }), 400, "slug", /already taken/)
        expectError(await patch(north, `/api/products/${product.id}`, { status: "gone" }), 400, "status")
        expect((await get(north, `/api/products/${product.id}`)).data.product.slug).toBe("tide-two")
      })

      it("an active, eligible product of an approved organization can be carted; archived, it leaves the gallery", async () => {
        const product = await created(north, {
          title: "Gallery Piece",
          base_price: 64,
          inventory_quantity: 3,
          status: "active",
          gallery_eligible: true,
        })
        const session = randomUUID()
        const gallery = async () =>
          (await api.get(`/api/gallery/products?org_id=${orgs["studio-north"]}&limit=100`)).data.products.map((p: Body) => p.id)
        expect(await gallery()).toContain(product.id)
        const cart = await api.post("/api/gallery/cart/add", { productId: product.id, quantity: 1 }, withCookie("gallery_cart_session", session))
        expect(cart.status).toBe(200)

        const archived = await patch(north, `/api/products/${product.id}`, { status: "archived" })
        expect(archived.data.product.status).toBe("archived")
        const { rows } = await pg.raw(
          `SELECT p.status, ap.archived_at FROM product p
           JOIN organization_artist_product_product_product l ON l.product_id = p.id
           JOIN artist_product ap ON ap.id = l.artist_product_id WHERE p.id = ?`,
          [product.id]
        )
        expect(rows[0].status).toBe("draft")
        expect(rows[0].archived_at).not.toBeNull()
        expect(await gallery()).not.toContain(product.id)
        const again = await api.post("/api/gallery/cart/add", { productId: product.id, quantity: 1 }, { ...anyStatus, ...withCookie("gallery_cart_session", randomUUID()) })
        expect(again.status).toBeGreaterThanOrEqual(400)
        expect(again.status).toBeLessThan(500)
        expect((await get(north, "/api/products?status=archived")).data.products.map((p: Body) => p.id)).toEqual([product.id])
        // Un-archiving makes it active again.
        expect((await patch(north, `/api/products/${product.id}`, { status: "active" })).data.product.status).toBe("active")
        expect(await gallery()).toContain(product.id)
      })

      it("DELETE soft-deletes the Medusa product: gone from the dashboard, Medusa and the gallery", async () => {
        const product = await created(north, { title: "Short-lived", base_price: 5, status: "active", gallery_eligible: true })
        const res = await del(north, `/api/products/${product.id}`)
        expect(res.status).toBe(200)
        expect(res.data).toEqual({ id: product.id, object: "product", deleted: true })
        const { rows } = await pg.raw(`SELECT deleted_at FROM product WHERE id = ?`, [product.id])
        expect(rows[0].deleted_at).not.toBeNull()
        expect((await get(north, `/api/products/${product.id}`)).status).toBe(404)
        expect((await del(north, `/api/products/${product.id}`)).status).toBe(404)
        expect((await api.get(`/admin/products/${product.id}`, as(admin))).status).toBe(404)
        const gallery = await api.get(`/api/gallery/products?limit=100`)
        expect(gallery.data.products.map((p: Body) => p.id)).not.toContain(product.id)
      })
    })

    describe("variants", () => {
      it("adds, lists, updates and deletes variants with exactly one default", async () => {
        const product = await created(north, { title: "Editions", base_price: 100, inventory_quantity: 2, product_type: "print" })
        const base = `/api/products/${product.id}/variants`
        const large = await api.post(base, { title: "Large", price: 150, compare_at_price: 180, inventory_quantity: 4, sku: "ED-L" }, as(north))
        expect(large.status).toBe(201)
        expect(large.data.variant).toEqual({
          id: expect.stringMatching(/^variant_/),
          title: "Large",
          price: 150,
          compare_at_price: 180,
          inventory_quantity: 4,
          sku: "ED-L",
          is_default: false,
          created_at: expect.any(String),
        })
        const small = await api.post(base, { title: "Small", price: 60, is_default: true }, as(north))
        expect(small.status).toBe(201)
        expect(small.data.variant).toMatchObject({ is_default: true, inventory_quantity: 0 })

        let list = (await get(north, base)).data.variants
        expect(list.map((v: Body) => [v.title, v.is_default])).toEqual([["Small", true], ["Standard", false], ["Large", false]])
        expect((await get(north, `/api/products/${product.id}`)).data.product.base_price).toBe(60)

        // Update: price, stock (the Medusa inventory level), sku, compare_at_price cleared, made default.
        const updated = await put(north, `${base}/${large.data.variant.id}`, {
          price: 155.25,
          inventory_quantity: 9,
          sku: "ED-L2",
          compare_at_price: null,
          is_default: true,
        })
        expect(updated.status).toBe(200)
        expect(updated.data.variant).toMatchObject({ price: 155.25, inventory_quantity: 9, sku: "ED-L2", compare_at_price: null, is_default: true })
        const { rows } = await pg.raw(
          `SELECT il.stocked_quantity::int AS stocked FROM product_variant_inventory_item pvii
           JOIN inventory_level il ON il.inventory_item_id = pvii.inventory_item_id AND il.deleted_at IS NULL
           WHERE pvii.variant_id = ? AND pvii.deleted_at IS NULL`,
          [large.data.variant.id]
        )
        expect(rows).toEqual([{ stocked: 9 }])
        list = (await get(north, base)).data.variants
        expect(list.filter((v: Body) => v.is_default).map((v: Body) => v.title)).toEqual(["Large"])

        // The default cannot be unset directly; a title or SKU already used is refused.
        expectError(await put(north, `${base}/${large.data.variant.id}`, { is_default: false }), 400, "is_default")
        expectError(await api.post(base, { title: "Small", price: 1 }, as(north)), 400, "title", /already has a variant/)
        expectError(await api.post(base, { title: "Other", price: 1, sku: "NORTH-PRINT-001" }, as(north)), 400, "sku", /already taken/)
        expectError(await put(north, `${base}/${small.data.variant.id}`, { sku: "ED-L2" }), 400, "sku", /already taken/)

        // Deleting the default promotes the next; the last variant cannot be deleted.
        expect((await del(north, `${base}/${large.data.variant.id}`)).data).toEqual({
          id: large.data.variant.id,
          object: "variant",
          deleted: true,
        })
        list = (await get(north, base)).data.variants
        expect(list.map((v: Body) => [v.title, v.is_default])).toEqual([["Small", true], ["Standard", false]])
        expect((await del(north, `${base}/${list[1].id}`)).status).toBe(200)
        const before = await rowCounts()
        expectError(await del(north, `${base}/${list[0].id}`), 400, undefined, /last variant/)
        expect(await rowCounts()).toEqual(before)
      })

      it("validates variant input and refuses a variant of another product (404)", async () => {
        const product = await created(north, { title: "V", base_price: 10 })
        const base = `/api/products/${product.id}/variants`
        for (const [body, field] of [
          [{ price: 1 }, "title"],
          [{ title: "A" }, "price"],
          [{ title: "A", price: -2 }, "price"],
          [{ title: "A", price: 1.234 }, "price"],
          [{ title: "A", price: 1, inventory_quantity: 0.5 }, "inventory_quantity"],
          [{ title: "A", price: 1, inventory_quantity: "3" }, "inventory_quantity"],
          [{ title: "t".repeat(10_000), price: 1 }, "title"],
        ] as [Body, string][]) {
          expectError(await api.post(base, body, as(north)), 400, field)
        }
        expectError(await put(north, `${base}/${product.product_variants[0].id}`, {}), 400, undefined, /Nothing to update/)
        const other = (await get(north, `/api/products/${ids["studio-north-print"]}`)).data.product.product_variants[0].id
        expectError(await put(north, `${base}/${other}`, { price: 3 }), 404, undefined, /Variant not found/)
        expectError(await del(north, `${base}/${other}`), 404)
        expectError(await del(north, `${base}/variant_missing`), 404)
      })
    })

    describe("organizations", () => {
      it("a member of another organization gets 403 on every route of the product; an unknown id 404", async () => {
        const id = ids["studio-north-print"]
        const variantId = (await get(north, `/api/products/${id}`)).data.product.product_variants[0].id
        const before = await rowCounts()
        const attempts = [
          await get(south, `/api/products/${id}`),
          await put(south, `/api/products/${id}`, { title: "Mine now" }),
          await patch(south, `/api/products/${id}`, { title: "Mine now" }),
          await del(south, `/api/products/${id}`),
          await get(south, `/api/products/${id}/variants`),
          await api.post(`/api/products/${id}/variants`, { title: "X", price: 1 }, as(south)),
          await put(south, `/api/products/${id}/variants/${variantId}`, { price: 1 }),
          await del(south, `/api/products/${id}/variants/${variantId}`),
        ]
        expect(attempts.map((res) => res.status)).toEqual(Array(attempts.length).fill(403))
        expect(await rowCounts()).toEqual(before)
        // Naming another organization than the product's is refused too, even for its own member.
        expect((await get(north, `/api/products/${id}?org_id=${orgs["studio-south"]}`)).status).toBe(403)
        expect((await get(north, `/api/products/${id}?org_id=${orgs["studio-north"]}`)).status).toBe(200)
        // South cannot create in North.
        expect((await create(south, { title: "Intruder", org_id: orgs["studio-north"] })).status).toBe(403)

        for (const res of [
          await get(north, "/api/products/prod_missing"),
          await patch(north, "/api/products/prod_missing", { title: "x" }),
          await del(north, "/api/products/prod_missing"),
          await get(north, "/api/products/prod_missing/variants"),
        ]) {
          expectError(res, 404, undefined, "Product not found")
        }
        expect((await get(south, `/api/products/${ids["studio-south-print"]}`)).status).toBe(200)
        expect(container.resolve(Modules.PRODUCT)).toBeDefined()
      })
    })
  },
})
