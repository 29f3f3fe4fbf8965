import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { countRows } from "../helpers/db"
import { demoImage, loginDemoAdmin, loginDemoMember, organizationsBySlug, productIdsByHandle, seedDemo } from "../helpers/demo-data"

jest.setTimeout(240000)

const HANDLES = [
  "studio-north-original",
  "studio-north-print",
  "studio-north-draft",
  "studio-north-not-eligible",
  "studio-south-original",
  "studio-south-print",
  "studio-east-print",
  "studio-pending-print",
]
const ORG_SLUGS = ["studio-north", "studio-south", "studio-east", "studio-pending"]
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/
const DAY = 24 * 60 * 60 * 1000

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    let adminToken: string
    let memberToken: string
    const ids: Record<string, string> = {}
    const orgs: Record<string, { id: string; name: string; slug: string }> = {}

    // Seeded once; the runner snapshots the database after this and restores it before every test.
    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      adminToken = await loginDemoAdmin(api)
      memberToken = await loginDemoMember(api, "north@atelier.test")
      Object.assign(ids, await productIdsByHandle(container, HANDLES))
      expect(Object.keys(ids).sort()).toEqual([...HANDLES].sort())
      Object.assign(orgs, await organizationsBySlug(container, ORG_SLUGS))
      expect(Object.keys(orgs).sort()).toEqual([...ORG_SLUGS].sort())
    })

    const admin = () => bearer(adminToken)

    async function createCollection(body: Record<string, unknown>) {
      const res = await api.post("/api/admin/collections", body, admin())
      if (res.status !== 201) throw new Error(`create collection: ${res.status} ${JSON.stringify(res.data)}`)
      return res.data.collection as { id: string; slug: string }
    }

    async function addItem(collectionId: string, handle: string, position?: number) {
      const body = position === undefined ? { productId: ids[handle] } : { productId: ids[handle], position }
      return api.post(`/api/admin/collections/${collectionId}/items`, body, admin())
    }

    async function manualWith(slug: string, handles: string[]) {
      const collection = await createCollection({ name: slug, slug, type: "manual" })
      const itemIds: Record<string, string> = {}
      for (const handle of handles) {
        const res = await addItem(collection.id, handle)
        expect(res.status).toBe(201)
        itemIds[handle] = res.data.item.id
      }
      return { collection, itemIds }
    }

    const rowCount = (table: string, where = "true", bindings: Knex.RawBinding[] = []) => countRows(pg, table, where, bindings)

    const handleOf = (productId: string) => Object.keys(ids).find((h) => ids[h] === productId)

    describe("access: every admin route", () => {
      it("answers 401 without a (valid) token and 403 for an artist, writing nothing", async () => {
        const collection = await createCollection({ name: "Access", slug: "access", type: "manual" })
        const item = (await addItem(collection.id, "studio-north-print")).data.item
        const spotlight = (
          await api.post("/api/admin/spotlights", { orgId: orgs["studio-north"].id, title: "Access" }, admin())
        ).data.spotlight
        const routes: [string, string, unknown?][] = [
          ["get", "/api/admin/collections"],
          ["post", "/api/admin/collections", { name: "X", slug: "x-denied", type: "manual" }],
          ["get", `/api/admin/collections/${collection.id}`],
          ["patch", `/api/admin/collections/${collection.id}`, { name: "Hacked" }],
          ["delete", `/api/admin/collections/${collection.id}`],
          ["post", `/api/admin/collections/${collection.id}/items`, { productId: ids["studio-east-print"] }],
          ["delete", `/api/admin/collections/${collection.id}/items/${item.id}`],
          ["patch", `/api/admin/collections/${collection.id}/items/reorder`, { items: [{ itemId: item.id, position: 9 }] }],
          ["get", "/api/admin/spotlights"],
          ["post", "/api/admin/spotlights", { orgId: orgs["studio-north"].id, title: "Denied" }],
          ["get", `/api/admin/spotlights/${spotlight.id}`],
          ["patch", `/api/admin/spotlights/${spotlight.id}`, { title: "Hacked" }],
          ["delete", `/api/admin/spotlights/${spotlight.id}`],
        ]
        const before = {
          collections: await rowCount("gallery_collection"),
          items: await rowCount("gallery_collection_item"),
          spotlights: await rowCount("gallery_spotlight"),
        }
        const call = (method: string, url: string, body: unknown, config: object) =>
          method === "get" || method === "delete"
            ? (api as any)[method](url, config)
            : (api as any)[method](url, body, config)
        for (const [method, url, body] of routes) {
          const anonymous = await call(method, url, body, anyStatus)
          expect([`${method} ${url}`, anonymous.status]).toEqual([`${method} ${url}`, 401])
          expect(anonymous.data).toEqual({ error: "Unauthorized", message: expect.any(String) })
          const garbage = await call(method, url, body, bearer("not-a-jwt"))
          expect([`${method} ${url}`, garbage.status]).toEqual([`${method} ${url}`, 401])
          expect(garbage.data.error).toBe("Unauthorized")
          const artist = await call(method, url, body, bearer(memberToken))
          expect([`${method} ${url}`, artist.status]).toEqual([`${method} ${url}`, 403])
          expect(artist.data).toEqual({ error: "Forbidden", message: expect.any(String) })
        }
        expect({
          collections: await rowCount("gallery_collection"),
          items: await rowCount("gallery_collection_item"),
          spotlights: await rowCount("gallery_spotlight"),
        }).toEqual(before)
        const { rows } = await pg.raw("SELECT name FROM gallery_collection WHERE id = ?", [collection.id])
        expect(rows[0].name).toBe("Access")
        const { rows: spot } = await pg.raw("SELECT title FROM gallery_spotlight WHERE id = ?", [spotlight.id])
        expect(spot[0].title).toBe("Access")
      })

      it("public browsing routes need no token", async () => {
        for (const url of ["/api/gallery/collections", "/api/gallery/spotlights"]) {
          expect((await api.get(url, anyStatus)).status).toBe(200)
        }
      })
    })

    describe("collections: create", () => {
      it("creates a manual collection: 201 with the spec's fields and defaults", async () => {
        const res = await api.post(
          "/api/admin/collections",
          { name: "Summer Prints", slug: "summer-prints", type: "manual" },
          admin()
        )
        expect(res.status).toBe(201)
        expect(res.data).toEqual({
          collection: {
            id: expect.stringMatching(/^gcol_/),
            slug: "summer-prints",
            name: "Summer Prints",
            description: null,
            type: "manual",
            isActive: true,
            featuredImage: null,
            createdAt: expect.stringMatching(ISO),
            updatedAt: expect.stringMatching(ISO),
          },
        })
        const full = await api.post(
          "/api/admin/collections",
          {
            name: "Hidden",
            slug: "hidden-2026",
            type: "manual",
            description: "Not yet",
            isActive: false,
            featuredImage: "https://images.atelier.test/hidden.jpg",
          },
          admin()
        )
        expect(full.status).toBe(201)
        expect(full.data.collection).toMatchObject({
          description: "Not yet",
          isActive: false,
          featuredImage: "https://images.atelier.test/hidden.jpg",
        })
      })

      it("400 Name, slug, and type are required when any is missing", async () => {
        for (const body of [
          { slug: "a", type: "manual" },
          { name: "A", type: "manual" },
          { name: "A", slug: "a" },
          { name: "  ", slug: "a", type: "manual" },
          { name: "A", slug: "", type: "manual" },
          {},
        ]) {
          const res = await api.post("/api/admin/collections", body, admin())
          expect([body, res.status, res.data]).toEqual([body, 400, { error: "Name, slug, and type are required" }])
        }
        expect(await rowCount("gallery_collection")).toBe(0)
      })

      it("400 for an unknown type, a malformed slug, missing or misplaced rules and bad fields", async () => {
        const cases: [Record<string, unknown>, string][] = [
          [{ name: "A", slug: "a", type: "curated" }, "Type must be one of: manual, smart, hybrid"],
          [{ name: "A", slug: "Bad Slug!", type: "manual" }, "Slug must be lowercase letters and digits separated by hyphens"],
          [{ name: "A", slug: "bad--slug", type: "manual" }, "Slug must be lowercase letters and digits separated by hyphens"],
          [{ name: "A", slug: "UPPER", type: "manual" }, "Slug must be lowercase letters and digits separated by hyphens"],
          [{ name: "A", slug: "a", type: "smart" }, "Rules are required for smart and hybrid collections"],
          [{ name: "A", slug: "a", type: "hybrid", manualInclusions: [] }, "Rules are required for smart and hybrid collections"],
          [{ name: "A", slug: "a", type: "manual", rules: { price_max: 5 } }, "Rules apply only to smart and hybrid collections"],
          [{ name: "A", slug: "a", type: "smart", rules: { price_max: 5 }, manualInclusions: [] }, "manualInclusions apply only to hybrid collections"],
          [{ name: "A", slug: "a", type: "manual", isActive: "yes" }, "isActive must be a boolean"],
          [{ name: "A", slug: "a", type: "manual", featuredImage: "not a url" }, "featuredImage must be an http(s) URL"],
          [{ name: "A", slug: "a", type: "manual", featuredImage: "javascript:alert(1)" }, "featuredImage must be an http(s) URL"],
        ]
        for (const [body, message] of cases) {
          const res = await api.post("/api/admin/collections", body, admin())
          expect([body, res.status, res.data]).toEqual([body, 400, { error: message }])
        }
        const rules: [unknown, string][] = [
          [{ price_max: "100" }, "Invalid rules: price_max must be a number of 0 or more"],
          [{ price_max: -5 }, "Invalid rules: price_max must be a number of 0 or more"],
          [{ colour: "blue" }, "Invalid rules: unknown key 'colour'"],
          [{ gallery_eligible: false }, "Invalid rules: gallery_eligible can only be true"],
          [{ is_active: "true" }, "Invalid rules: is_active must be a boolean"],
          [{ product_type: "poster" }, "Invalid rules: product_type must be one of original, print"],
          [{ org_ids: [] }, "Invalid rules: org_ids must be a non-empty array of organization ids"],
          [[1, 2], "Invalid rules: rules must be an object"],
        ]
        for (const [rule, message] of rules) {
          const res = await api.post("/api/admin/collections", { name: "S", slug: "s", type: "smart", rules: rule }, admin())
          expect([rule, res.status]).toEqual([rule, 400])
          expect(res.data.error.startsWith(message)).toBe(true)
        }
        expect(await rowCount("gallery_collection")).toBe(0)
      })

      it("400 Collection with this slug already exists, also when requests race", async () => {
        await createCollection({ name: "Taken", slug: "taken", type: "manual" })
        const again = await api.post("/api/admin/collections", { name: "Other", slug: "taken", type: "smart", rules: {} }, admin())
        expect(again.status).toBe(400)
        expect(again.data).toEqual({ error: "Collection with this slug already exists" })

        const racing = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            api.post("/api/admin/collections", { name: `Race ${i}`, slug: "race", type: "manual" }, admin())
          )
        )
        expect(racing.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400])
        for (const r of racing.filter((r) => r.status === 400)) {
          expect(r.data).toEqual({ error: "Collection with this slug already exists" })
        }
        expect(await rowCount("gallery_collection", "slug = ?", ["race"])).toBe(1)
      })

      it("hybrid manual inclusions must be existing, gallery-eligible products", async () => {
        const base = { name: "H", slug: "h", type: "hybrid", rules: { price_max: 40 } }
        const missing = await api.post("/api/admin/collections", { ...base, manualInclusions: ["prod_nope"] }, admin())
        expect(missing.status).toBe(404)
        expect(missing.data).toEqual({ error: "Product not found" })
        for (const handle of ["studio-north-draft", "studio-north-not-eligible", "studio-pending-print"]) {
          const res = await api.post("/api/admin/collections", { ...base, manualInclusions: [ids[handle]] }, admin())
          expect([handle, res.status, res.data]).toEqual([handle, 400, { error: "Product not gallery eligible" }])
        }
        expect(await rowCount("gallery_collection")).toBe(0)
      })
    })

    describe("collections: list, detail, update, delete", () => {
      it("lists with itemCount and the is_active / type filters", async () => {
        const { collection: a } = await manualWith("a-manual", ["studio-north-print", "studio-east-print"])
        const b = await createCollection({ name: "Off", slug: "off", type: "manual", isActive: false })
        const s = await createCollection({ name: "Cheap", slug: "cheap", type: "smart", rules: { price_max: 100 } })

        const all = await api.get("/api/admin/collections", admin())
        expect(all.status).toBe(200)
        const byId = new Map(all.data.collections.map((c: any) => [c.id, c]))
        expect(byId.size).toBe(3)
        expect(byId.get(a.id)).toEqual({
          id: a.id,
          slug: "a-manual",
          name: "a-manual",
          description: null,
          type: "manual",
          isActive: true,
          featuredImage: null,
          itemCount: 2,
          createdAt: expect.stringMatching(ISO),
          updatedAt: expect.stringMatching(ISO),
        })
        expect((byId.get(b.id) as any).itemCount).toBe(0)
        // Smart: the eligible products under 100 USD (three prints).
        expect((byId.get(s.id) as any).itemCount).toBe(3)

        const active = await api.get("/api/admin/collections?is_active=true", admin())
        expect(active.data.collections.map((c: any) => c.id).sort()).toEqual([a.id, s.id].sort())
        const inactive = await api.get("/api/admin/collections?is_active=false", admin())
        expect(inactive.data.collections.map((c: any) => c.id)).toEqual([b.id])
        const smart = await api.get("/api/admin/collections?type=smart", admin())
        expect(smart.data.collections.map((c: any) => c.id)).toEqual([s.id])
        const both = await api.get("/api/admin/collections?type=manual&is_active=false", admin())
        expect(both.data.collections.map((c: any) => c.id)).toEqual([b.id])

        for (const query of ["is_active=yes", "type=curated"]) {
          const bad = await api.get(`/api/admin/collections?${query}`, admin())
          expect(bad.status).toBe(400)
          expect(typeof bad.data.error).toBe("string")
        }
      })

      it("counts items of every manual collection in a constant number of queries", async () => {
        for (let i = 0; i < 2; i++) await manualWith(`few-${i}`, ["studio-north-print"])
        const count = async () => {
          let queries = 0
          const listener = () => (queries += 1)
          pg.on("query", listener)
          try {
            const res = await api.get("/api/admin/collections", admin())
            expect(res.status).toBe(200)
            return { queries, collections: res.data.collections.length }
          } finally {
            pg.removeListener("query", listener)
          }
        }
        const few = await count()
        for (let i = 0; i < 6; i++) await manualWith(`many-${i}`, ["studio-north-print", "studio-east-print"])
        const many = await count()
        expect([few.collections, many.collections]).toEqual([2, 8])
        expect(many.queries).toBe(few.queries)
        expect(many.queries).toBeLessThanOrEqual(2)
      })

      it("shows a manual collection's items in position order with their products; 404 for an unknown id", async () => {
        const { collection, itemIds } = await manualWith("detail", ["studio-north-original", "studio-south-print"])
        const res = await api.get(`/api/admin/collections/${collection.id}`, admin())
        expect(res.status).toBe(200)
        expect(res.data.collection).toMatchObject({
          id: collection.id,
          slug: "detail",
          type: "manual",
          isActive: true,
          itemCount: 2,
          rules: null,
        })
        expect(res.data.collection.items).toEqual([
          {
            id: itemIds["studio-north-original"],
            productId: ids["studio-north-original"],
            position: 0,
            product: {
              id: ids["studio-north-original"],
              name: "Fjord at First Light",
              price: 1250,
              images: [demoImage("fjord-first-light"), demoImage("fjord-first-light-detail")],
              org_id: orgs["studio-north"].id,
              organizations: { name: "Studio North", slug: "studio-north" },
            },
          },
          {
            id: itemIds["studio-south-print"],
            productId: ids["studio-south-print"],
            position: 1,
            product: expect.objectContaining({ id: ids["studio-south-print"], price: 45.5, org_id: orgs["studio-south"].id }),
          },
        ])
        const missing = await api.get("/api/admin/collections/gcol_missing", admin())
        expect(missing.status).toBe(404)
        expect(missing.data).toEqual({ error: "Collection not found" })
      })

      it("updates name, description, isActive and featuredImage; 404 for an unknown id", async () => {
        const collection = await createCollection({ name: "Old", slug: "patch-me", type: "manual" })
        const res = await api.patch(
          `/api/admin/collections/${collection.id}`,
          { name: "New name", description: "Now described", isActive: false, featuredImage: "https://x.test/a.png" },
          admin()
        )
        expect(res.status).toBe(200)
        expect(res.data).toEqual({
          collection: { id: collection.id, slug: "patch-me", name: "New name", updatedAt: expect.stringMatching(ISO) },
        })
        const detail = await api.get(`/api/admin/collections/${collection.id}`, admin())
        expect(detail.data.collection).toMatchObject({
          name: "New name",
          description: "Now described",
          isActive: false,
          featuredImage: "https://x.test/a.png",
        })
        const cleared = await api.patch(`/api/admin/collections/${collection.id}`, { description: null, featuredImage: null }, admin())
        expect(cleared.status).toBe(200)
        const after = await api.get(`/api/admin/collections/${collection.id}`, admin())
        expect(after.data.collection).toMatchObject({ name: "New name", description: null, featuredImage: null, isActive: false })

        for (const [body, message] of [
          [{ slug: "other" }, "Slug and type cannot be changed"],
          [{ type: "smart" }, "Slug and type cannot be changed"],
          [{ name: "" }, "Name cannot be empty"],
          [{ isActive: "no" }, "isActive must be a boolean"],
          [{ rules: { price_max: 10 } }, "Rules apply only to smart and hybrid collections"],
        ] as const) {
          const bad = await api.patch(`/api/admin/collections/${collection.id}`, body, admin())
          expect([body, bad.status, bad.data]).toEqual([body, 400, { error: message }])
        }
        const missing = await api.patch("/api/admin/collections/gcol_missing", { name: "X" }, admin())
        expect(missing.status).toBe(404)
        expect(missing.data).toEqual({ error: "Collection not found" })
      })

      it("deletes a collection and all its items (database cascade); 404 afterwards", async () => {
        const { collection } = await manualWith("doomed", ["studio-north-print", "studio-east-print", "studio-south-print"])
        const { collection: other } = await manualWith("survivor", ["studio-north-print"])
        expect(await rowCount("gallery_collection_item", "collection_id = ?", [collection.id])).toBe(3)
        const res = await api.delete(`/api/admin/collections/${collection.id}`, admin())
        expect(res.status).toBe(200)
        expect(res.data).toEqual({ success: true })
        expect(await rowCount("gallery_collection", "id = ?", [collection.id])).toBe(0)
        expect(await rowCount("gallery_collection_item", "collection_id = ?", [collection.id])).toBe(0)
        expect(await rowCount("gallery_collection_item", "collection_id = ?", [other.id])).toBe(1)
        const again = await api.delete(`/api/admin/collections/${collection.id}`, admin())
        expect(again.status).toBe(404)
        expect(again.data).toEqual({ error: "Collection not found" })
        expect((await api.get(`/api/admin/collections/${collection.id}`, admin())).status).toBe(404)
      })
    })

    describe("collection items", () => {
      it("appends at the end by default (first item 0), or at a given position", async () => {
        const collection = await createCollection({ name: "Items", slug: "items", type: "manual" })
        const first = await addItem(collection.id, "studio-north-print")
        expect(first.status).toBe(201)
        expect(first.data).toEqual({
          item: {
            id: expect.stringMatching(/^gcitem_/),
            collectionId: collection.id,
            productId: ids["studio-north-print"],
            position: 0,
            createdAt: expect.stringMatching(ISO),
          },
        })
        const placed = await addItem(collection.id, "studio-east-print", 10)
        expect(placed.data.item.position).toBe(10)
        const appended = await addItem(collection.id, "studio-south-print")
        expect(appended.data.item.position).toBe(11)
        const detail = await api.get(`/api/admin/collections/${collection.id}`, admin())
        expect(detail.data.collection.items.map((i: any) => [handleOf(i.productId), i.position])).toEqual([
          ["studio-north-print", 0],
          ["studio-east-print", 10],
          ["studio-south-print", 11],
        ])
        const bad = await api.post(`/api/admin/collections/${collection.id}/items`, { productId: ids["studio-north-original"], position: -1 }, admin())
        expect(bad.status).toBe(400)
        expect(bad.data).toEqual({ error: "Position must be a whole number, 0 or more" })
      })

      it("refuses with the spec's messages, in order, adding nothing", async () => {
        const collection = await createCollection({ name: "Strict", slug: "strict", type: "manual" })
        expect((await addItem(collection.id, "studio-north-print")).status).toBe(201)
        const url = `/api/admin/collections/${collection.id}/items`
        const cases: [unknown, number, string][] = [
          [{}, 400, "Product ID required"],
          [{ productId: "" }, 400, "Product ID required"],
          [{ productId: 42 }, 400, "Product ID required"],
          [{ productId: "prod_missing" }, 404, "Product not found"],
          [{ productId: ids["studio-north-draft"] }, 400, "Product not gallery eligible"],
          [{ productId: ids["studio-north-not-eligible"] }, 400, "Product not gallery eligible"],
          [{ productId: ids["studio-pending-print"] }, 400, "Product not gallery eligible"],
          [{ productId: ids["studio-north-print"] }, 400, "Product already in collection"],
        ]
        for (const [body, status, message] of cases) {
          const res = await api.post(url, body, admin())
          expect([body, res.status, res.data]).toEqual([body, status, { error: message }])
        }
        const missing = await api.post("/api/admin/collections/gcol_missing/items", { productId: ids["studio-east-print"] }, admin())
        expect(missing.status).toBe(404)
        expect(missing.data).toEqual({ error: "Collection not found" })
        expect(await rowCount("gallery_collection_item")).toBe(1)
      })

      it("adds a product once when the same add races", async () => {
        const collection = await createCollection({ name: "Race", slug: "item-race", type: "manual" })
        const results = await Promise.all(Array.from({ length: 6 }, () => addItem(collection.id, "studio-east-print")))
        expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400])
        for (const r of results.filter((r) => r.status === 400)) {
          expect(r.data).toEqual({ error: "Product already in collection" })
        }
        expect(await rowCount("gallery_collection_item", "collection_id = ?", [collection.id])).toBe(1)
        // Different products appended concurrently each get their own position.
        const others = await Promise.all(
          ["studio-north-print", "studio-south-print", "studio-north-original", "studio-south-original"].map((h) =>
            addItem(collection.id, h)
          )
        )
        expect(others.map((r) => r.status)).toEqual([201, 201, 201, 201])
        expect(others.map((r) => r.data.item.position).sort()).toEqual([1, 2, 3, 4])
      })

      it("smart and hybrid collections do not take items", async () => {
        const smart = await createCollection({ name: "S", slug: "smart-items", type: "smart", rules: { price_max: 50 } })
        const res = await addItem(smart.id, "studio-east-print")
        expect(res.status).toBe(400)
        expect(res.data.error).toMatch(/^Items can only be added to manual collections/)
      })

      it("removes an item; 404 for an item of another collection or an unknown collection", async () => {
        const { collection: a, itemIds: aItems } = await manualWith("rm-a", ["studio-north-print", "studio-east-print"])
        const { collection: b, itemIds: bItems } = await manualWith("rm-b", ["studio-north-print"])
        const foreign = await api.delete(`/api/admin/collections/${a.id}/items/${bItems["studio-north-print"]}`, admin())
        expect(foreign.status).toBe(404)
        expect(foreign.data).toEqual({ error: "Collection item not found" })
        expect(await rowCount("gallery_collection_item", "collection_id = ?", [b.id])).toBe(1)
        const unknownCollection = await api.delete(`/api/admin/collections/gcol_missing/items/${aItems["studio-east-print"]}`, admin())
        expect(unknownCollection.status).toBe(404)
        expect(unknownCollection.data).toEqual({ error: "Collection not found" })

        const ok = await api.delete(`/api/admin/collections/${a.id}/items/${aItems["studio-east-print"]}`, admin())
        expect(ok.status).toBe(200)
        expect(ok.data).toEqual({ success: true })
        const detail = await api.get(`/api/admin/collections/${a.id}`, admin())
        expect(detail.data.collection.items.map((i: any) => i.id)).toEqual([aItems["studio-north-print"]])
        expect(detail.data.collection.itemCount).toBe(1)
        const again = await api.delete(`/api/admin/collections/${a.id}/items/${aItems["studio-east-print"]}`, admin())
        expect(again.status).toBe(404)
        expect(again.data).toEqual({ error: "Collection item not found" })
      })

      it("reorders in one transaction; a foreign item changes nothing", async () => {
        const handles = ["studio-north-print", "studio-east-print", "studio-south-print"]
        const { collection, itemIds } = await manualWith("reorder", handles)
        const { itemIds: otherItems } = await manualWith("reorder-other", ["studio-north-print"])
        const url = `/api/admin/collections/${collection.id}/items/reorder`
        const positions = async () => {
          const { rows } = await pg.raw(
            "SELECT id, position FROM gallery_collection_item WHERE collection_id = ? ORDER BY id",
            [collection.id]
          )
          return rows
        }
        const before = await positions()

        const foreign = await api.patch(
          url,
          { items: [{ itemId: itemIds["studio-south-print"], position: 0 }, { itemId: otherItems["studio-north-print"], position: 1 }] },
          admin()
        )
        expect(foreign.status).toBe(400)
        expect(foreign.data).toEqual({ error: "Some items do not belong to this collection" })
        const unknown = await api.patch(url, { items: [{ itemId: itemIds["studio-south-print"], position: 0 }, { itemId: "gcitem_nope", position: 1 }] }, admin())
        expect(unknown.status).toBe(400)
        expect(await positions()).toEqual(before)

        for (const body of [{}, { items: [] }, { items: "x" }, { items: [{ itemId: itemIds["studio-north-print"] }] }, { items: [{ position: 1 }] }]) {
          const bad = await api.patch(url, body, admin())
          expect([body, bad.status, bad.data]).toEqual([body, 400, { error: "Items must be a non-empty array of {itemId, position}" }])
        }
        const duplicate = await api.patch(
          url,
          { items: [{ itemId: itemIds["studio-north-print"], position: 1 }, { itemId: itemIds["studio-north-print"], position: 2 }] },
          admin()
        )
        expect(duplicate.status).toBe(400)
        expect(duplicate.data).toEqual({ error: "Each item may appear only once" })
        const missing = await api.patch(
          "/api/admin/collections/gcol_missing/items/reorder",
          { items: [{ itemId: itemIds["studio-north-print"], position: 1 }] },
          admin()
        )
        expect(missing.status).toBe(404)
        expect(missing.data).toEqual({ error: "Collection not found" })
        expect(await positions()).toEqual(before)

        const ok = await api.patch(
          url,
          {
            items: [
              { itemId: itemIds["studio-south-print"], position: 0 },
              { itemId: itemIds["studio-north-print"], position: 1 },
              { itemId: itemIds["studio-east-print"], position: 2 },
            ],
          },
          admin()
        )
        expect(ok.status).toBe(200)
        expect(ok.data).toEqual({ success: true, updatedCount: 3 })
        const detail = await api.get(`/api/admin/collections/${collection.id}`, admin())
        expect(detail.data.collection.items.map((i: any) => [handleOf(i.productId), i.position])).toEqual([
          ["studio-south-print", 0],
          ["studio-north-print", 1],
          ["studio-east-print", 2],
        ])
        // A partial reorder moves only the listed items.
        const partial = await api.patch(url, { items: [{ itemId: itemIds["studio-south-print"], position: 5 }] }, admin())
        expect(partial.data).toEqual({ success: true, updatedCount: 1 })
        const after = await api.get(`/api/admin/collections/${collection.id}`, admin())
        expect(after.data.collection.items.map((i: any) => handleOf(i.productId))).toEqual([
          "studio-north-print",
          "studio-east-print",
          "studio-south-print",
        ])
      })
    })

    describe("smart and hybrid collections", () => {
      const detailHandles = async (id: string) => {
        const res = await api.get(`/api/admin/collections/${id}`, admin())
        expect(res.status).toBe(200)
        return res.data.collection
      }

      it("a smart collection shows exactly the eligible products matching its rules", async () => {
        const prints = ["studio-east-print", "studio-north-print", "studio-south-print"]
        const cases: [Record<string, unknown>, string[]][] = [
          [{ price_max: 100 }, prints],
          [{ price_max: 100, gallery_eligible: true, is_active: true }, prints],
          [{ price_max: 40 }, ["studio-east-print", "studio-north-print"]],
          [{ price_min: 40, price_max: 100 }, ["studio-south-print"]],
          [{ price_min: 1000 }, ["studio-north-original", "studio-south-original"]],
          [{ product_type: "print" }, prints],
          [{}, ["studio-east-print", "studio-north-original", "studio-north-print", "studio-south-original", "studio-south-print"]],
          [{ price_max: 1 }, []],
        ]
        for (const [index, [rules, expected]] of cases.entries()) {
          const c = await createCollection({ name: "Smart", slug: `smart-${index}`, type: "smart", rules })
          const detail = await detailHandles(c.id)
          expect([rules, detail.rules]).toEqual([rules, rules])
          expect([rules, detail.itemCount]).toEqual([rules, expected.length])
          expect([rules, detail.items.map((i: any) => handleOf(i.productId)).sort()]).toEqual([rules, expected])
          expect(detail.items.map((i: any) => i.position)).toEqual(expected.map((_, position) => position))
          for (const item of detail.items) {
            expect(item.id).toBeNull()
            expect(item.product).toMatchObject({ id: item.productId, name: expect.any(String), images: expect.any(Array) })
          }
        }
        // The list counts the same products (newest collection first).
        const list = await api.get("/api/admin/collections?type=smart", admin())
        expect(list.data.collections.map((c: any) => c.itemCount)).toEqual(cases.map(([, expected]) => expected.length).reverse())
      })

      it("filters by one organization or several", async () => {
        const one = await createCollection({ name: "East", slug: "east", type: "smart", rules: { org_id: orgs["studio-east"].id } })
        expect((await detailHandles(one.id)).items.map((i: any) => handleOf(i.productId))).toEqual(["studio-east-print"])
        const several = await createCollection({
          name: "Originals",
          slug: "originals",
          type: "smart",
          rules: { org_ids: [orgs["studio-north"].id, orgs["studio-south"].id, orgs["studio-pending"].id], product_type: "original" },
        })
        const detail = await detailHandles(several.id)
        expect(detail.items.map((i: any) => handleOf(i.productId)).sort()).toEqual(["studio-north-original", "studio-south-original"])
        const pendingOnly = await createCollection({ name: "P", slug: "pending", type: "smart", rules: { org_ids: [orgs["studio-pending"].id, "org_missing"] } })
        expect((await detailHandles(pendingOnly.id)).itemCount).toBe(0)
        const list = await api.get("/api/admin/collections?type=smart", admin())
        const counts = Object.fromEntries(list.data.collections.map((c: any) => [c.slug, c.itemCount]))
        expect(counts).toEqual({ east: 1, originals: 2, pending: 0 })
      })

      it("a hybrid lists its manual inclusions first, then the other rule matches, each product once", async () => {
        const c = await createCollection({
          name: "Hybrid",
          slug: "hybrid",
          type: "hybrid",
          rules: { price_max: 40 },
          manualInclusions: [ids["studio-south-original"], ids["studio-north-print"], ids["studio-south-original"]],
        })
        const detail = await detailHandles(c.id)
        expect(detail.manualInclusions).toEqual([ids["studio-south-original"], ids["studio-north-print"]])
        expect(detail.items.map((i: any) => [handleOf(i.productId), i.position])).toEqual([
          ["studio-south-original", 0],
          ["studio-north-print", 1],
          ["studio-east-print", 2],
        ])
        expect(detail.itemCount).toBe(3)

        // The spec's hybrid shape may also be read as rules {price_max, manualInclusions}.
        const nested = await createCollection({
          name: "Nested",
          slug: "nested",
          type: "hybrid",
          rules: { price_max: 20, manualInclusions: [ids["studio-north-original"]] },
        })
        const nestedDetail = await detailHandles(nested.id)
        expect(nestedDetail.rules).toEqual({ price_max: 20 })
        expect(nestedDetail.items.map((i: any) => handleOf(i.productId))).toEqual(["studio-north-original", "studio-east-print"])

        // Rules and inclusions can be changed later; an inclusion that stops being eligible drops out.
        const patched = await api.patch(
          `/api/admin/collections/${c.id}`,
          { rules: { price_min: 40, price_max: 100 }, manualInclusions: [ids["studio-east-print"]] },
          admin()
        )
        expect(patched.status).toBe(200)
        const after = await detailHandles(c.id)
        expect(after.items.map((i: any) => handleOf(i.productId))).toEqual(["studio-east-print", "studio-south-print"])
        const ineligible = await api.patch(`/api/admin/collections/${c.id}`, { manualInclusions: [ids["studio-north-draft"]] }, admin())
        expect(ineligible.status).toBe(400)
        expect(ineligible.data).toEqual({ error: "Product not gallery eligible" })
        const smart = await createCollection({ name: "S", slug: "s-only", type: "smart", rules: {} })
        const wrongType = await api.patch(`/api/admin/collections/${smart.id}`, { manualInclusions: [] }, admin())
        expect(wrongType.status).toBe(400)
        expect(wrongType.data).toEqual({ error: "manualInclusions apply only to hybrid collections" })

        await pg.raw("UPDATE organization SET gallery_approved = false WHERE id = ?", [orgs["studio-east"].id])
        const unapproved = await detailHandles(c.id)
        expect(unapproved.items.map((i: any) => handleOf(i.productId))).toEqual(["studio-south-print"])
        expect(unapproved.itemCount).toBe(1)
      })
    })

    describe("public collections", () => {
      it("lists active collections only, counting what the public sees", async () => {
        const { collection: shown } = await manualWith("shown", ["studio-north-print", "studio-south-print", "studio-east-print"])
        await manualWith("hidden", ["studio-north-print"]).then(({ collection }) =>
          api.patch(`/api/admin/collections/${collection.id}`, { isActive: false }, admin())
        )
        await createCollection({ name: "Smart", slug: "public-smart", type: "smart", rules: { product_type: "original" } })
        // An artist whose approval is withdrawn disappears from the public views, not from the admin's.
        const unapprove = await api.patch(`/api/admin/organizations/${orgs["studio-south"].id}`, { galleryApproved: false }, admin())
        expect(unapprove.status).toBe(200)

        const res = await api.get("/api/gallery/collections", anyStatus)
        expect(res.status).toBe(200)
        const bySlug = Object.fromEntries(res.data.collections.map((c: any) => [c.slug, c]))
        expect(Object.keys(bySlug).sort()).toEqual(["public-smart", "shown"])
        expect(bySlug.shown).toEqual({
          id: shown.id,
          slug: "shown",
          name: "shown",
          description: null,
          type: "manual",
          isActive: true,
          featuredImage: null,
          itemCount: 2,
          createdAt: expect.stringMatching(ISO),
          updatedAt: expect.stringMatching(ISO),
        })
        expect(bySlug["public-smart"].itemCount).toBe(1)

        const admin2 = await api.get(`/api/admin/collections/${shown.id}`, admin())
        expect(admin2.data.collection.itemCount).toBe(3)
      })

      it("shows one active collection by slug with its eligible items in position order; 404 otherwise", async () => {
        const { collection, itemIds } = await manualWith("by-slug", ["studio-north-print", "studio-east-print", "studio-south-print"])
        await api.patch(
          `/api/admin/collections/${collection.id}/items/reorder`,
          { items: [{ itemId: itemIds["studio-east-print"], position: 0 }, { itemId: itemIds["studio-north-print"], position: 1 }, { itemId: itemIds["studio-south-print"], position: 2 }] },
          admin()
        )
        // The north print becomes a draft after it was added: it no longer shows publicly.
        await pg.raw("UPDATE product SET status = 'draft' WHERE id = ?", [ids["studio-north-print"]])

        const res = await api.get("/api/gallery/collections/by-slug", anyStatus)
        expect(res.status).toBe(200)
        expect(res.data.collection).toMatchObject({ id: collection.id, slug: "by-slug", itemCount: 2 })
        expect(res.data.collection.rules).toBeUndefined()
        expect(res.data.collection.items).toEqual([
          {
            id: itemIds["studio-east-print"],
            productId: ids["studio-east-print"],
            position: 0,
            product: expect.objectContaining({ id: ids["studio-east-print"], price: 12.95, organizations: expect.objectContaining({ name: "Studio East" }) }),
          },
          expect.objectContaining({ id: itemIds["studio-south-print"], position: 2 }),
        ])
        // The administrator still sees all three.
        const adminView = await api.get(`/api/admin/collections/${collection.id}`, admin())
        expect(adminView.data.collection.items).toHaveLength(3)

        await api.patch(`/api/admin/collections/${collection.id}`, { isActive: false }, admin())
        for (const slug of ["by-slug", "no-such-collection"]) {
          const gone = await api.get(`/api/gallery/collections/${slug}`, anyStatus)
          expect(gone.status).toBe(404)
          expect(gone.data).toEqual({ error: "Collection not found" })
        }

        const hybrid = await createCollection({
          name: "Public hybrid",
          slug: "public-hybrid",
          type: "hybrid",
          rules: { product_type: "original" },
          manualInclusions: [ids["studio-east-print"]],
        })
        const computed = await api.get("/api/gallery/collections/public-hybrid", anyStatus)
        expect(computed.status).toBe(200)
        expect(computed.data.collection.id).toBe(hybrid.id)
        expect(handleOf(computed.data.collection.items[0].productId)).toBe("studio-east-print")
        expect(computed.data.collection.items.slice(1).map((i: any) => handleOf(i.productId)).sort()).toEqual([
          "studio-north-original",
          "studio-south-original",
        ])
        expect(computed.data.collection.itemCount).toBe(3)
      })
    })

    describe("spotlights", () => {
      const north = () => orgs["studio-north"]

      it("creates a spotlight: 201 with defaults isActive true and publishedAt now", async () => {
        const before = Date.now()
        const res = await api.post("/api/admin/spotlights", { orgId: north().id, title: "Meet Studio North" }, admin())
        expect(res.status).toBe(201)
        expect(res.data).toEqual({
          spotlight: {
            id: expect.stringMatching(/^gspot_/),
            orgId: north().id,
            title: "Meet Studio North",
            isActive: true,
            publishedAt: expect.stringMatching(ISO),
            createdAt: expect.stringMatching(ISO),
          },
        })
        const published = new Date(res.data.spotlight.publishedAt).getTime()
        expect(published).toBeGreaterThanOrEqual(before - 1000)
        expect(published).toBeLessThanOrEqual(Date.now() + 1000)

        const full = await api.post(
          "/api/admin/spotlights",
          {
            orgId: orgs["studio-south"].id,
            title: "Desert light",
            description: "A season in the desert",
            featuredImage: "https://images.atelier.test/south.jpg",
            isActive: false,
            publishedAt: "2030-01-01T00:00:00.000Z",
            expiresAt: "2030-02-01T00:00:00.000Z",
          },
          admin()
        )
        expect(full.status).toBe(201)
        expect(full.data.spotlight).toMatchObject({ isActive: false, publishedAt: "2030-01-01T00:00:00.000Z" })
        const stored = await api.get(`/api/admin/spotlights/${full.data.spotlight.id}`, admin())
        expect(stored.data.spotlight).toEqual({
          id: full.data.spotlight.id,
          orgId: orgs["studio-south"].id,
          title: "Desert light",
          description: "A season in the desert",
          featuredImage: "https://images.atelier.test/south.jpg",
          isActive: false,
          publishedAt: "2030-01-01T00:00:00.000Z",
          expiresAt: "2030-02-01T00:00:00.000Z",
          organization: { name: "Studio South", slug: "studio-south" },
          createdAt: expect.stringMatching(ISO),
          updatedAt: expect.stringMatching(ISO),
        })
      })

      it("refuses bad input with clear messages, creating nothing", async () => {
        const cases: [unknown, number, string][] = [
          [{ title: "No org" }, 400, "Organization ID and title are required"],
          [{ orgId: north().id }, 400, "Organization ID and title are required"],
          [{ orgId: north().id, title: "  " }, 400, "Organization ID and title are required"],
          [{}, 400, "Organization ID and title are required"],
          [{ orgId: "org_missing", title: "Ghost" }, 404, "Organization not found"],
          [
            { orgId: north().id, title: "Backwards", publishedAt: "2030-02-01T00:00:00Z", expiresAt: "2030-01-01T00:00:00Z" },
            400,
            "expiresAt must be after publishedAt",
          ],
          [{ orgId: north().id, title: "Past expiry", expiresAt: "2001-01-01T00:00:00Z" }, 400, "expiresAt must be after publishedAt"],
          [{ orgId: north().id, title: "Bad date", publishedAt: "tomorrow" }, 400, "publishedAt must be an ISO 8601 date-time"],
          [{ orgId: north().id, title: "Bad date", expiresAt: 12 }, 400, "expiresAt must be an ISO 8601 date-time"],
          [{ orgId: north().id, title: "Bad flag", isActive: "true" }, 400, "isActive must be a boolean"],
          [{ orgId: north().id, title: "Bad image", featuredImage: "ftp://x" }, 400, "featuredImage must be an http(s) URL"],
        ]
        for (const [body, status, message] of cases) {
          const res = await api.post("/api/admin/spotlights", body, admin())
          expect([body, res.status, res.data]).toEqual([body, status, { error: message }])
        }
        expect(await rowCount("gallery_spotlight")).toBe(0)
      })

      it("lists with organization, is_active and current filters; the public sees those visible now", async () => {
        const now = Date.now()
        const make = async (title: string, extra: Record<string, unknown>, org = north()) => {
          const res = await api.post("/api/admin/spotlights", { orgId: org.id, title, ...extra }, admin())
          expect(res.status).toBe(201)
          return res.data.spotlight.id as string
        }
        const live = await make("Live", { publishedAt: new Date(now - DAY).toISOString() })
        const liveExpiring = await make("Live until tomorrow", {
          publishedAt: new Date(now - 2 * DAY).toISOString(),
          expiresAt: new Date(now + DAY).toISOString(),
        }, orgs["studio-east"])
        const future = await make("Future", { publishedAt: new Date(now + DAY).toISOString() })
        const expired = await make("Expired", {
          publishedAt: new Date(now - 3 * DAY).toISOString(),
          expiresAt: new Date(now - DAY).toISOString(),
        })
        const inactive = await make("Inactive", { isActive: false, publishedAt: new Date(now - DAY).toISOString() })

        const all = await api.get("/api/admin/spotlights", admin())
        expect(all.status).toBe(200)
        expect(all.data.spotlights.map((s: any) => s.id).sort()).toEqual([live, liveExpiring, future, expired, inactive].sort())
        const byId = new Map(all.data.spotlights.map((s: any) => [s.id, s]))
        expect((byId.get(liveExpiring) as any).organization).toEqual({ name: "Studio East", slug: "studio-east" })
        expect((byId.get(live) as any)).toMatchObject({
          orgId: north().id,
          title: "Live",
          description: null,
          featuredImage: null,
          isActive: true,
          expiresAt: null,
          organization: { name: "Studio North", slug: "studio-north" },
        })

        const ids_ = async (query: string) =>
          (await api.get(`/api/admin/spotlights${query}`, admin())).data.spotlights.map((s: any) => s.id).sort()
        expect(await ids_("?is_active=false")).toEqual([inactive])
        expect(await ids_("?is_active=true")).toEqual([live, liveExpiring, future, expired].sort())
        expect(await ids_("?current=true")).toEqual([live, liveExpiring].sort())
        expect(await ids_("?current=false")).toHaveLength(5)
        expect(await ids_("?current=true&is_active=false")).toEqual([])
        const bad = await api.get("/api/admin/spotlights?current=maybe", admin())
        expect(bad.status).toBe(400)

        const pub = await api.get("/api/gallery/spotlights", anyStatus)
        expect(pub.status).toBe(200)
        expect(pub.data.spotlights.map((s: any) => s.id).sort()).toEqual([live, liveExpiring].sort())
        expect(pub.data.spotlights[0]).toHaveProperty("organization.slug")
      })

      it("updates and deletes; 404 Spotlight not found", async () => {
        const created = await api.post(
          "/api/admin/spotlights",
          { orgId: north().id, title: "Draft spotlight", isActive: false, expiresAt: new Date(Date.now() + 10 * DAY).toISOString() },
          admin()
        )
        const id = created.data.spotlight.id
        const res = await api.patch(
          `/api/admin/spotlights/${id}`,
          { title: "Final spotlight", description: "Words", isActive: true, expiresAt: null, featuredImage: "https://x.test/s.jpg" },
          admin()
        )
        expect(res.status).toBe(200)
        expect(res.data).toEqual({ spotlight: { id, title: "Final spotlight", updatedAt: expect.stringMatching(ISO) } })
        const stored = (await api.get(`/api/admin/spotlights/${id}`, admin())).data.spotlight
        expect(stored).toMatchObject({ title: "Final spotlight", description: "Words", isActive: true, expiresAt: null, featuredImage: "https://x.test/s.jpg" })
        expect((await api.get("/api/gallery/spotlights", anyStatus)).data.spotlights.map((s: any) => s.id)).toEqual([id])

        const moved = await api.patch(`/api/admin/spotlights/${id}`, { orgId: orgs["studio-east"].id }, admin())
        expect(moved.status).toBe(200)
        expect((await api.get(`/api/admin/spotlights/${id}`, admin())).data.spotlight.organization.slug).toBe("studio-east")

        for (const [body, status, message] of [
          [{ expiresAt: stored.publishedAt }, 400, "expiresAt must be after publishedAt"],
          [{ publishedAt: "2031-01-01T00:00:00Z", expiresAt: "2030-01-01T00:00:00Z" }, 400, "expiresAt must be after publishedAt"],
          [{ title: "" }, 400, "Title cannot be empty"],
          [{ orgId: "org_missing" }, 404, "Organization not found"],
        ] as const) {
          const bad = await api.patch(`/api/admin/spotlights/${id}`, body, admin())
          expect([body, bad.status, bad.data]).toEqual([body, status, { error: message }])
        }
        const missing = await api.patch("/api/admin/spotlights/gspot_missing", { title: "X" }, admin())
        expect(missing.status).toBe(404)
        expect(missing.data).toEqual({ error: "Spotlight not found" })

        const deleted = await api.delete(`/api/admin/spotlights/${id}`, admin())
        expect(deleted.status).toBe(200)
        expect(deleted.data).toEqual({ success: true })
        expect(await rowCount("gallery_spotlight")).toBe(0)
        for (const res2 of [
          await api.delete(`/api/admin/spotlights/${id}`, admin()),
          await api.get(`/api/admin/spotlights/${id}`, admin()),
        ]) {
          expect(res2.status).toBe(404)
          expect(res2.data).toEqual({ error: "Spotlight not found" })
        }
      })
    })
  },
})
