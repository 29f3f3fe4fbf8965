import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { DEFAULT_SETTINGS } from "../../src/lib/organization-settings"
import { AtelierApiError, createAtelierSdk } from "../../src/sdk"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { countQueries } from "../helpers/db"
import { loginDemoAdmin, loginDemoMember, organizationsBySlug, productIdsByHandle, seedDemo } from "../helpers/demo-data"

jest.setTimeout(240000)

// The artist pages and the collections a work is in (docs/storefront-ui.md): GET /api/gallery/artists/{slug} and
// GET /api/gallery/collections?product_id=, public routes of the gallery family.

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

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    const baseUrl = () => (rawApi as unknown as { defaults: { baseURL: string } }).defaults.baseURL
    let container: MedusaContainer
    let pg: Knex
    let adminToken: string
    let northToken: string
    const ids = {} as Record<(typeof HANDLES)[number], string>
    const orgs: Record<string, { id: string; name: string; slug: string }> = {}

    // Seeded once, without the demo showcase (no storefront settings, collections or spotlights); the runner
    // snapshots the database after this and restores it before every test.
    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      adminToken = await loginDemoAdmin(api)
      northToken = await loginDemoMember(api, "north@atelier.test")
      Object.assign(ids, await productIdsByHandle(container, HANDLES))
      Object.assign(orgs, await organizationsBySlug(container, ORG_SLUGS))
    })

    const admin = () => bearer(adminToken)
    const handleOf = (id: string) => (Object.keys(ids) as (keyof typeof ids)[]).find((handle) => ids[handle] === id)
    const handles = (products: { id: string }[]) => products.map((p) => handleOf(p.id))

    async function saveStorefront(body: Record<string, unknown>) {
      const res = await api.request({
        method: "PUT",
        url: "/api/settings/storefront",
        data: { org_id: orgs["studio-north"].id, ...body },
        ...bearer(northToken),
      })
      expect(res.status).toBe(200)
    }

    async function createCollection(body: Record<string, unknown>) {
      const res = await api.post("/api/admin/collections", body, admin())
      expect(res.status).toBe(201)
      return res.data.collection as { id: string; slug: string }
    }

    describe("GET /api/gallery/artists/{slug}", () => {
      it("answers the artist with its storefront settings and its gallery-eligible works, newest first", async () => {
        await saveStorefront({
          bio: "Fjords at first light.",
          social_links: { instagram: "https://instagram.com/studio.north", website: "https://north.example" },
          theme: "dark",
          custom_colors: { primary: "#FFCC00" },
        })
        const res = await api.get("/api/gallery/artists/studio-north", anyStatus)
        expect(res.status).toBe(200)
        // The works as the product list shows them, in the same order (its default sort is newest first too).
        const list = await api.get(`/api/gallery/products?org_id=${orgs["studio-north"].id}&limit=100`)
        expect(res.data).toEqual({
          artist: {
            id: orgs["studio-north"].id,
            slug: "studio-north",
            name: "Studio North",
            bio: "Fjords at first light.",
            socialLinks: { instagram: "https://instagram.com/studio.north", website: "https://north.example" },
            theme: "dark",
            customColors: { primary: "#ffcc00" },
          },
          products: list.data.products,
          count: 2,
          limit: 24,
          offset: 0,
        })
        // Not the draft, nor the work kept out of the gallery.
        expect(handles(res.data.products).sort()).toEqual(["studio-north-original", "studio-north-print"])
        expect(res.data.products[0]).toEqual(
          expect.objectContaining({ handle: expect.any(String), product_type: expect.any(String), inventory: expect.any(Number) })
        )
        // Public: nothing private of the organization or its account settings.
        expect(JSON.stringify(res.data)).not.toMatch(/stripe|plan|email/i)
      })

      it("answers the defaults for an artist that saved no settings", async () => {
        const res = await api.get("/api/gallery/artists/studio-east")
        expect(res.data.artist).toEqual({
          id: orgs["studio-east"].id,
          slug: "studio-east",
          name: "Studio East",
          bio: DEFAULT_SETTINGS.storefront.bio,
          socialLinks: {},
          theme: DEFAULT_SETTINGS.storefront.theme,
          customColors: {},
        })
        expect(handles(res.data.products)).toEqual(["studio-east-print"])
      })

      it("lists only what the gallery sells: an archived work and an unpublished one leave the page", async () => {
        await pg.raw("UPDATE artist_product SET archived_at = now() WHERE id = (SELECT artist_product_id FROM organization_artist_product_product_product WHERE product_id = ?)", [
          ids["studio-north-original"],
        ])
        await pg.raw("UPDATE product SET status = 'draft' WHERE id = ?", [ids["studio-north-print"]])
        const res = await api.get("/api/gallery/artists/studio-north")
        expect([res.status, res.data.products, res.data.count]).toEqual([200, [], 0])
      })

      it("pages the works with limit and offset", async () => {
        const first = await api.get("/api/gallery/artists/studio-south?limit=1")
        const second = await api.get("/api/gallery/artists/studio-south?limit=1&offset=1")
        expect([first.data.count, first.data.limit, first.data.offset, first.data.products.length]).toEqual([2, 1, 0, 1])
        expect([second.data.offset, second.data.products.length]).toEqual([1, 1])
        expect(handles([...first.data.products, ...second.data.products]).sort()).toEqual(["studio-south-original", "studio-south-print"])
      })

      it("answers 404 Artist not found for an unknown slug, an artist not approved and one whose approval is withdrawn", async () => {
        const withdrawn = await api.patch(`/api/admin/organizations/${orgs["studio-south"].id}`, { galleryApproved: false }, admin())
        expect(withdrawn.status).toBe(200)
        for (const slug of ["no-such-artist", "studio-pending", "studio-south", "x".repeat(101)]) {
          const res = await api.get(`/api/gallery/artists/${slug}`, anyStatus)
          expect([slug, res.status, res.data]).toEqual([slug, 404, { error: "Artist not found" }])
        }
      })

      it("refuses a bad page or an unknown parameter with the field's message", async () => {
        const cases: [string, string][] = [
          ["limit=0", "limit must be a whole number from 1 to 100"],
          ["limit=101", "limit must be a whole number from 1 to 100"],
          ["limit=two", "limit must be a whole number from 1 to 100"],
          ["offset=-1", "offset must be a whole number of 0 or more"],
        ]
        for (const [query, message] of cases) {
          const res = await api.get(`/api/gallery/artists/studio-north?${query}`, anyStatus)
          expect([query, res.status, res.data]).toEqual([query, 400, { error: message }])
        }
        const unknown = await api.get("/api/gallery/artists/studio-north?org_id=x", anyStatus)
        expect(unknown.status).toBe(400)
      })

      it("needs no token, may be cached like the catalogue, and reads the artist and its works in two statements", async () => {
        const { result, queries } = await countQueries(pg, () => api.get("/api/gallery/artists/studio-north"))
        expect(result.status).toBe(200)
        expect(result.headers["cache-control"]).toBeUndefined()
        expect(queries).toBe(2)
        // The artists' own routes (a member's orders) are another family: still guarded and never kept.
        const orders = await api.get("/api/gallery/artist/orders", anyStatus)
        expect([orders.status, orders.headers["cache-control"]]).toEqual([401, "no-store"])
      })

      it("is the SDK's gallery.artists.retrieve, typed, with the API's message on a 404", async () => {
        const sdk = createAtelierSdk({ baseUrl: baseUrl() })
        const page = await sdk.gallery.artists.retrieve("studio-south", { limit: 1 })
        expect([page.artist.name, page.artist.theme, page.products.length, page.count]).toEqual(["Studio South", "classic", 1, 2])
        const missing = await sdk.gallery.artists.retrieve("studio-pending").catch((error: unknown) => error)
        expect(missing).toBeInstanceOf(AtelierApiError)
        expect([(missing as AtelierApiError).status, (missing as AtelierApiError).message]).toEqual([404, "Artist not found"])
      })
    })

    describe("GET /api/gallery/collections?product_id=", () => {
      it("keeps the active collections that show the work: by item, by rules, by a hybrid's inclusion", async () => {
        const manual = await createCollection({ name: "Hand picked", slug: "hand-picked", type: "manual" })
        for (const handle of ["studio-north-print", "studio-south-print"] as const) {
          const added = await api.post(`/api/admin/collections/${manual.id}/items`, { productId: ids[handle] }, admin())
          expect(added.status).toBe(201)
        }
        const cheapPrints = await createCollection({ name: "Cheap prints", slug: "cheap-prints", type: "smart", rules: { product_type: "print", price_max: 40 } })
        const originals = await createCollection({ name: "Originals", slug: "originals", type: "smart", rules: { product_type: "original" } })
        const hybrid = await createCollection({
          name: "Mixed",
          slug: "mixed",
          type: "hybrid",
          rules: { product_type: "original" },
          manualInclusions: [ids["studio-east-print"]],
        })
        const hidden = await createCollection({ name: "Hidden", slug: "hidden", type: "smart", rules: { product_type: "print" } })
        await api.patch(`/api/admin/collections/${hidden.id}`, { isActive: false }, admin())

        const showing = async (id: string) => {
          const res = await api.get(`/api/gallery/collections?product_id=${id}`)
          return res.data.collections.map((c: { slug: string }) => c.slug).sort()
        }
        // North's print: 34.99, in the hand-picked collection and under 40.
        expect(await showing(ids["studio-north-print"])).toEqual(["cheap-prints", "hand-picked"])
        // South's print: 45.50, hand-picked only.
        expect(await showing(ids["studio-south-print"])).toEqual(["hand-picked"])
        // East's print: 12.95, under 40 and included by hand in the hybrid.
        expect(await showing(ids["studio-east-print"])).toEqual(["cheap-prints", "mixed"])
        expect(await showing(ids["studio-south-original"])).toEqual(["mixed", "originals"])
        // Works the gallery does not show are in no collection, whatever the rules say.
        for (const id of [ids["studio-north-draft"], ids["studio-north-not-eligible"], ids["studio-pending-print"], "prod_unknown"]) {
          expect(await showing(id)).toEqual([])
        }

        // The same list entries as without the filter (counts included).
        const all = await api.get("/api/gallery/collections")
        const filtered = await api.get(`/api/gallery/collections?product_id=${ids["studio-north-print"]}`)
        const bySlug = Object.fromEntries(all.data.collections.map((c: { slug: string }) => [c.slug, c]))
        expect(filtered.data.collections).toEqual([bySlug["cheap-prints"], bySlug["hand-picked"]])
        expect(bySlug["hand-picked"].itemCount).toBe(2)
        expect([cheapPrints.id, originals.id, hybrid.id].every(Boolean)).toBe(true)

        // A collection's page lists its works as the product list shows them (kind of work and stock included),
        // stored items and computed ones alike.
        const listed = await api.get("/api/gallery/products?limit=100")
        const asListed = new Map(listed.data.products.map((p: { id: string }) => [p.id, p]))
        for (const [slug, handlesInOrder] of [
          ["hand-picked", ["studio-north-print", "studio-south-print"]],
          ["mixed", ["studio-east-print"]],
        ] as const) {
          const detail = await api.get(`/api/gallery/collections/${slug}`)
          const products = detail.data.collection.items.map((item: { product: { id: string } }) => item.product)
          expect(products.every((p: { id: string }) => p && asListed.get(p.id))).toBe(true)
          expect(products).toEqual(products.map((p: { id: string }) => asListed.get(p.id)))
          expect(handles(products).slice(0, handlesInOrder.length)).toEqual(handlesInOrder)
        }
      })

      it("refuses an unknown parameter and an over-long product id", async () => {
        for (const query of ["productId=x", `product_id=${"x".repeat(101)}`]) {
          const res = await api.get(`/api/gallery/collections?${query}`, anyStatus)
          expect([query, res.status]).toEqual([query, 400])
        }
        const long = await api.get(`/api/gallery/collections?product_id=${"x".repeat(101)}`, anyStatus)
        expect(long.data).toEqual({ error: "product_id must be a string of at most 100 characters" })
      })
    })
  },
})
