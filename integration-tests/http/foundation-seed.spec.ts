import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import seed, {
  DEMO_ADMIN_EMAIL,
  DEMO_COLLECTIONS,
  DEMO_SPOTLIGHT,
  DEMO_STOREFRONTS,
  DEMO_ORGANIZATIONS,
  DEMO_PASSWORD,
  DEMO_PLAIN_MEMBER,
  DEMO_PUBLISHABLE_KEY_TITLE,
  DEMO_REGION_NAME,
  DEMO_STOCK_LOCATION_NAME,
  seedDemoData,
} from "../../src/scripts/seed"
import {
  galleryEligibilityError,
  galleryEligibilityFailures,
  getGalleryProductsByIds,
  listGalleryProducts,
  type GalleryProduct,
} from "../../src/queries/gallery-products"
import { createArtistProductsWorkflow } from "../../src/workflows/artist-product/workflows/create-artist-products"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import nameStoreAtelierScript from "../../src/migration-scripts/name-store-atelier"
import { countQueries as countQueriesOn } from "../helpers/db"

jest.setTimeout(240000)

type HttpResponse = { status: number; data: any }
type Api = {
  get(url: string, config?: object): Promise<HttpResponse>
  post(url: string, body?: object, config?: object): Promise<HttpResponse>
}

const ALL_HANDLES = DEMO_ORGANIZATIONS.flatMap((o) => o.products.map((p) => p.handle))
const ELIGIBLE_HANDLES = [
  "studio-north-original",
  "studio-north-print",
  "studio-south-original",
  "studio-south-print",
  "studio-east-print",
]
const COUNTED_TABLES = [
  "organization",
  "member",
  "membership",
  "artist_product",
  "organization_artist_product_product_product",
  "organization_organization_sales_channel_sales_channel",
  "product",
  "product_variant",
  "image",
  "price",
  "price_set",
  "inventory_item",
  "inventory_level",
  "product_variant_inventory_item",
  "product_sales_channel",
  "sales_channel",
  "sales_channel_stock_location",
  "stock_location",
  "region",
  "store_currency",
  "api_key",
  "publishable_api_key_sales_channel",
  "sandbox_account",
  '"user"',
  "auth_identity",
  "provider_identity",
  "gallery_collection",
  "gallery_collection_item",
  "gallery_spotlight",
  "organization_settings",
]

const handles = (products: GalleryProduct[]) => products.map((p) => p.handle).sort()

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as Api
    let container: MedusaContainer
    let pg: Knex

    async function rowCounts(): Promise<Record<string, number>> {
      const counts: Record<string, number> = {}
      for (const table of COUNTED_TABLES) {
        const { rows } = await pg.raw(`SELECT count(*)::int AS n FROM ${table}`)
        counts[table] = rows[0].n
      }
      return counts
    }

    async function byHandle(): Promise<Map<string, GalleryProduct>> {
      const { products } = await listGalleryProducts(pg, { limit: 100 })
      return new Map(products.map((p) => [p.handle, p]))
    }

    /** Runs `fn` and returns how many SQL statements it sent through the container's knex instance. */
    const countQueries = <T>(fn: () => Promise<T>) => countQueriesOn(pg, fn)

    // Seeded once; the runner snapshots the database after this and restores it before every test.
    beforeAll(async () => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await seed({ container })
    })

    describe("demo data", () => {
      it("creates the organizations, owners and administrator of the demo table", async () => {
        const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
        const query = container.resolve(ContainerRegistrationKeys.QUERY)
        for (const demo of DEMO_ORGANIZATIONS) {
          const { data } = await query.graph({
            entity: "organization",
            fields: ["id", "name", "slug", "plan", "gallery_approved", "sales_channel.id", "memberships.role", "memberships.member.email"],
            filters: { slug: demo.slug },
          })
          expect(data).toHaveLength(1)
          expect(data[0]).toMatchObject({
            name: demo.name,
            slug: demo.slug,
            plan: demo.plan,
            gallery_approved: demo.gallery_approved,
            sales_channel: { id: expect.stringMatching(/^sc_/) },
          })
          // The owner, and in studio-north also the plain member.
          const memberships = (data[0].memberships as { role: string; member: { email: string } }[])
            .map((m) => ({ role: m.role, email: m.member.email }))
            .sort((a, b) => a.role.localeCompare(b.role))
          const plain = demo.slug === DEMO_PLAIN_MEMBER.organization ? [{ role: "member", email: DEMO_PLAIN_MEMBER.email }] : []
          expect(memberships).toEqual([...plain, { role: "owner", email: demo.member.email }])
        }
        expect(await service.listMembers({})).toHaveLength(5)

        const users = await container.resolve(Modules.USER).listUsers({ email: DEMO_ADMIN_EMAIL })
        expect(users).toHaveLength(1)
        const auth = container.resolve(Modules.AUTH)
        const [identity] = await auth.listProviderIdentities({ provider: "emailpass", entity_id: DEMO_ADMIN_EMAIL }, {
          relations: ["auth_identity"],
        })
        expect(identity.auth_identity?.app_metadata).toEqual({ user_id: users[0].id })
      })

      it("creates every product with its flags, price, SKU, images and stock", async () => {
        const products = await byHandle()
        expect([...products.keys()].sort()).toEqual([...ALL_HANDLES].sort())
        for (const demo of DEMO_ORGANIZATIONS) {
          for (const p of demo.products) {
            const view = products.get(p.handle)!
            expect(view).toMatchObject({
              name: p.title,
              price: p.price,
              images: p.images,
              sku: p.sku,
              inventory: p.inventory,
              is_active: p.status === "published",
              gallery_eligible: p.gallery_eligible,
              product_type: p.product_type,
              organizations: { name: demo.name, slug: demo.slug },
              org_gallery_approved: demo.gallery_approved,
            })
            expect(view.id).toMatch(/^prod_/)
          }
        }
        // Originals one of a kind in the thousands, prints under 100 USD, awkward cents kept exactly.
        expect(products.get("studio-north-original")).toMatchObject({ price: 1250, inventory: 1, product_type: "original" })
        expect(products.get("studio-south-original")).toMatchObject({ price: 2400, inventory: 1, product_type: "original" })
        expect(products.get("studio-north-print")!.price).toBe(34.99)
        expect(products.get("studio-east-print")).toMatchObject({ price: 12.95, inventory: 500 })
        for (const view of products.values()) {
          if (view.product_type === "print") expect(view.price!).toBeLessThan(100)
          else expect(view.price!).toBeGreaterThanOrEqual(100)
        }

        // Medusa's side: each product sits in its organization's own sales channel, stock at the organization's own
        // stock location (where it ships from, docs/shipping.md).
        const query = container.resolve(ContainerRegistrationKeys.QUERY)
        const { data } = await query.graph({
          entity: "product",
          fields: ["handle", "status", "sales_channels.id", "variants.manage_inventory", "variants.inventory_items.inventory.location_levels.location_id"],
          filters: { handle: "studio-south-print" },
        })
        const { data: orgs } = await query.graph({
          entity: "organization",
          fields: ["sales_channel.id", "stock_location.id"],
          filters: { slug: "studio-south" },
        })
        expect(data[0]).toMatchObject({
          status: "published",
          sales_channels: [{ id: orgs[0].sales_channel!.id }],
          variants: [
            { manage_inventory: true, inventory_items: [{ inventory: { location_levels: [{ location_id: orgs[0].stock_location!.id }] } }] },
          ],
        })
        expect(products.get("studio-north-draft")!.is_active).toBe(false)
      })

      it("sets up region, warehouse, store currency and a publishable key that serves Medusa's store API", async () => {
        const query = container.resolve(ContainerRegistrationKeys.QUERY)
        const [region] = await container.resolve(Modules.REGION).listRegions({ name: DEMO_REGION_NAME }, { relations: ["countries"] })
        expect(region).toMatchObject({ currency_code: "usd", countries: [expect.objectContaining({ iso_2: "us" })] })

        const { data: stores } = await query.graph({
          entity: "store",
          fields: ["default_region_id", "default_location_id", "supported_currencies.currency_code", "supported_currencies.is_default"],
        })
        expect(stores[0].default_region_id).toBe(region.id)
        expect(stores[0].supported_currencies).toContainEqual(expect.objectContaining({ currency_code: "usd", is_default: true }))

        const { data: locations } = await query.graph({
          entity: "stock_location",
          fields: ["id", "sales_channels.id"],
          filters: { name: DEMO_STOCK_LOCATION_NAME },
        })
        expect(locations).toHaveLength(1)
        expect(stores[0].default_location_id).toBe(locations[0].id)
        // The warehouse holds no artist's stock: each organization's channel has its own location, and only it.
        expect(locations[0].sales_channels).toEqual([])
        const { data: orgs } = await query.graph({
          entity: "organization",
          fields: ["stock_location.id", "sales_channel.id", "sales_channel.stock_locations.id"],
        })
        for (const org of orgs as any[]) expect(org.sales_channel.stock_locations.map((l: any) => l.id)).toEqual([org.stock_location.id])
        const orgChannels = orgs.map((o: any) => o.sales_channel.id).sort()

        const { data: keys } = await query.graph({
          entity: "api_key",
          fields: ["token", "type", "sales_channels.id"],
          filters: { title: DEMO_PUBLISHABLE_KEY_TITLE },
        })
        expect(keys).toHaveLength(1)
        expect(keys[0].type).toBe("publishable")
        expect(keys[0].sales_channels!.map((sc: any) => sc.id).sort()).toEqual(orgChannels)

        // Medusa's own storefront API sees the published demo products (not the draft) with USD prices.
        const res = await api.get(`/store/products?limit=50&region_id=${region.id}&fields=handle,*variants.calculated_price`, {
          headers: { "x-publishable-api-key": keys[0].token },
        })
        expect(res.status).toBe(200)
        const storeHandles = res.data.products.map((p: any) => p.handle).sort()
        expect(storeHandles).toEqual(ALL_HANDLES.filter((h) => h !== "studio-north-draft").sort())
        const print = res.data.products.find((p: any) => p.handle === "studio-north-print")
        expect(print.variants[0].calculated_price).toMatchObject({ calculated_amount: 34.99, currency_code: "usd" })
      })

      it("names Medusa's store Atelier; the migration script renames an older database's and keeps a chosen name", async () => {
        const login = await api.post("/auth/user/emailpass", { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD })
        const asAdmin = { headers: { authorization: `Bearer ${login.data.token}` } }
        const storeName = async () => (await api.get("/admin/stores", asAdmin)).data.stores.map((s: { name: string }) => s.name)
        expect(await storeName()).toEqual(["Atelier"])

        // A database seeded before the rename: Medusa's default name.
        const stores = container.resolve(Modules.STORE)
        const [store] = await stores.listStores({}, { take: 1 })
        await stores.updateStores(store.id, { name: "Medusa Store" })
        await nameStoreAtelierScript({ container })
        expect(await storeName()).toEqual(["Atelier"])

        await stores.updateStores(store.id, { name: "Galerie Nord" })
        await nameStoreAtelierScript({ container })
        expect(await storeName()).toEqual(["Galerie Nord"])
      })

      it("curates the gallery's home and the artists' pages: two collections, a spotlight, storefront settings", async () => {
        const collections = await api.get("/api/gallery/collections")
        expect(collections.data.collections.map((c: any) => [c.slug, c.type, c.itemCount]).sort()).toEqual([
          ["editors-picks", "manual", 3],
          // The prints at $50 or less: studio-north's, studio-south's and studio-east's (studio-pending's is not approved).
          ["prints-under-50", "smart", 3],
        ])
        const products = await container.resolve(Modules.PRODUCT).listProducts({ handle: ALL_HANDLES }, { select: ["id", "handle"] })
        const handleOf = new Map(products.map((p) => [p.id, p.handle]))
        const picks = await api.get("/api/gallery/collections/editors-picks")
        const picked = DEMO_COLLECTIONS.find((c) => c.slug === "editors-picks")!
        expect(picks.data.collection.featuredImage).toBe(picked.featured_image)
        expect(picks.data.collection.items.map((i: any) => handleOf.get(i.productId))).toEqual(picked.type === "manual" ? picked.items : [])

        const spotlights = await api.get("/api/gallery/spotlights")
        expect(spotlights.data.spotlights).toEqual([
          expect.objectContaining({
            title: DEMO_SPOTLIGHT.title,
            featuredImage: DEMO_SPOTLIGHT.featured_image,
            expiresAt: null,
            organization: { name: "Studio South", slug: "studio-south" },
          }),
        ])

        for (const [slug, settings] of Object.entries(DEMO_STOREFRONTS)) {
          const artist = await api.get(`/api/gallery/artists/${slug}`)
          expect(artist.data.artist).toMatchObject({ slug, bio: settings.bio, socialLinks: settings.social_links, theme: settings.theme })
        }
        // An artist's own settings are kept: a second run does not put the demo's back.
        const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
        const [north] = await service.listOrganizations({ slug: "studio-north" })
        await service.saveOrganizationSettings(north.id, { bio: "My own words." })
        const again = await seedDemoData(container)
        expect(again.storefronts.created).toEqual([])
        expect((await service.findOrganizationSettings(north.id))?.bio).toBe("My own words.")
      })

      it("changes nothing when it runs a second time", async () => {
        const before = await rowCounts()
        expect(before).toMatchObject({
          organization: 4,
          member: 5,
          membership: 5,
          product: 8,
          artist_product: 8,
          gallery_collection: 2,
          gallery_collection_item: 3,
          gallery_spotlight: 1,
          organization_settings: 3,
        })
        const summary = await seedDemoData(container)
        for (const [key, value] of Object.entries(summary)) {
          if (key === "publishable_key_token") continue
          expect({ key, created: (value as { created: string[] }).created }).toEqual({ key, created: [] })
        }
        expect(summary.products.existing.sort()).toEqual([...ALL_HANDLES].sort())
        expect(await rowCounts()).toEqual(before)
      })
    })

    describe("demo logins", () => {
      it("the administrator and the members log in with the demo password; a wrong password is refused", async () => {
        const admin = await api.post("/auth/user/emailpass", { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD })
        expect(admin.status).toBe(200)
        expect(admin.data.token).toEqual(expect.any(String))
        const adminMe = await api.get("/admin/users/me", { headers: { authorization: `Bearer ${admin.data.token}` } })
        expect(adminMe.data.user.email).toBe(DEMO_ADMIN_EMAIL)

        for (const demo of DEMO_ORGANIZATIONS) {
          const member = await api.post("/auth/member/emailpass", { email: demo.member.email, password: DEMO_PASSWORD })
          expect(member.status).toBe(200)
          const payload = JSON.parse(Buffer.from(member.data.token.split(".")[1], "base64url").toString())
          expect(payload).toMatchObject({ actor_type: "member", actor_id: expect.stringMatching(/^mem_/) })
        }

        const wrong = await api
          .post("/auth/member/emailpass", { email: "north@atelier.test", password: "not-the-password" })
          .catch((e) => e.response)
        expect(wrong.status).toBe(401)
        const wrongAdmin = await api
          .post("/auth/user/emailpass", { email: DEMO_ADMIN_EMAIL, password: "atelier-demo-x" })
          .catch((e) => e.response)
        expect(wrongAdmin.status).toBe(401)
        // A member is not an administrator: its token opens no /admin route.
        const member = await api.post("/auth/member/emailpass", { email: "north@atelier.test", password: DEMO_PASSWORD })
        const forbidden = await api
          .get("/admin/users/me", { headers: { authorization: `Bearer ${member.data.token}` } })
          .catch((e) => e.response)
        expect(forbidden.status).toBe(401)
      })
    })

    describe("listGalleryProducts", () => {
      it("eligibleOnly applies the three eligibility rules", async () => {
        const { products, count } = await listGalleryProducts(container, { eligibleOnly: true, limit: 100 })
        expect(count).toBe(5)
        expect(handles(products)).toEqual([...ELIGIBLE_HANDLES].sort())

        const all = await byHandle()
        expect(galleryEligibilityFailures(all.get("studio-north-print")!)).toEqual([])
        expect(galleryEligibilityFailures(all.get("studio-north-draft")!)).toEqual(["not_active"])
        expect(galleryEligibilityFailures(all.get("studio-north-not-eligible")!)).toEqual(["not_gallery_eligible"])
        expect(galleryEligibilityFailures(all.get("studio-pending-print")!)).toEqual(["organization_not_approved"])
        expect(galleryEligibilityError(all.get("studio-north-draft")!)).toBe("Product not active")
        expect(galleryEligibilityError(all.get("studio-pending-print")!)).toBe("Product not gallery eligible")
        expect(galleryEligibilityError(all.get("studio-east-print")!)).toBeNull()
      })

      it("filters, sorts and pages, with the total count", async () => {
        const all = await byHandle()
        const northId = all.get("studio-north-print")!.org_id

        const byOrg = await listGalleryProducts(pg, { eligibleOnly: true, org_id: northId })
        expect(handles(byOrg.products)).toEqual(["studio-north-original", "studio-north-print"])
        const originals = await listGalleryProducts(pg, { eligibleOnly: true, product_type: "original" })
        expect(handles(originals.products)).toEqual(["studio-north-original", "studio-south-original"])
        const range = await listGalleryProducts(pg, { eligibleOnly: true, price_min: 20, price_max: 45.5 })
        expect(handles(range.products)).toEqual(["studio-north-print", "studio-south-print"])
        expect(range.count).toBe(2)
        const exactEdge = await listGalleryProducts(pg, { eligibleOnly: true, price_min: 34.99, price_max: 34.99 })
        expect(handles(exactEdge.products)).toEqual(["studio-north-print"])
        const search = await listGalleryProducts(pg, { eligibleOnly: true, q: "DESERT" })
        expect(handles(search.products)).toEqual(["studio-south-original", "studio-south-print"])
        const wildcard = await listGalleryProducts(pg, { q: "%" })
        expect(wildcard.count).toBe(0)

        const cheapest = await listGalleryProducts(pg, { eligibleOnly: true, sort: "price_asc" })
        expect(cheapest.products.map((p) => p.price)).toEqual([12.95, 34.99, 45.5, 1250, 2400])

        const pages: string[] = []
        for (const offset of [0, 2, 4]) {
          const page = await listGalleryProducts(pg, { eligibleOnly: true, limit: 2, offset, sort: "price_desc" })
          expect(page.count).toBe(5)
          expect(page.products.length).toBe(offset === 4 ? 1 : 2)
          pages.push(...page.products.map((p) => p.handle))
        }
        expect(pages).toEqual([
          "studio-south-original",
          "studio-north-original",
          "studio-south-print",
          "studio-north-print",
          "studio-east-print",
        ])
        const pastTheEnd = await listGalleryProducts(pg, { eligibleOnly: true, limit: 2, offset: 10 })
        expect(pastTheEnd).toEqual({ products: [], count: 5 })

        const byIds = await getGalleryProductsByIds(pg, [all.get("studio-east-print")!.id, "prod_missing", all.get("studio-north-draft")!.id])
        expect([...byIds.values()].map((p) => p.handle).sort()).toEqual(["studio-east-print", "studio-north-draft"])
        expect(byIds.get(all.get("studio-east-print")!.id)!.price).toBe(12.95)
      })

      it("reflects archiving, deletion, reservations and approval at once", async () => {
        const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
        const query = container.resolve(ContainerRegistrationKeys.QUERY)
        const all = await byHandle()

        // Archived by the artist -> not active.
        const { data: archived } = await query.graph({
          entity: "product",
          fields: ["artist_product.id"],
          filters: { handle: "studio-south-print" },
        })
        await service.updateArtistProducts({ id: archived[0].artist_product!.id, archived_at: new Date() })
        // Soft-deleted product -> gone.
        await container.resolve(Modules.PRODUCT).softDeleteProducts([all.get("studio-east-print")!.id])
        // A reservation lowers the available stock.
        const inventory = container.resolve(Modules.INVENTORY)
        const [item] = await inventory.listInventoryItems({ sku: "NORTH-PRINT-001" })
        const [level] = await inventory.listInventoryLevels({ inventory_item_id: item.id })
        await inventory.createReservationItems([{ inventory_item_id: item.id, location_id: level.location_id, quantity: 3 }])
        // Approving the pending organization makes its product eligible.
        await service.updateOrganizations({ id: all.get("studio-pending-print")!.org_id, gallery_approved: true })

        const after = await byHandle()
        expect(after.has("studio-east-print")).toBe(false)
        expect(after.get("studio-south-print")!.is_active).toBe(false)
        expect(after.get("studio-north-print")!.inventory).toBe(47)
        const eligible = await listGalleryProducts(pg, { eligibleOnly: true })
        expect(handles(eligible.products)).toEqual(
          ["studio-north-original", "studio-north-print", "studio-pending-print", "studio-south-original"].sort()
        )
      })

      it("answers with one SQL statement whatever the number of products", async () => {
        // More products, one with two variants: the first variant is the default one.
        const east = (await byHandle()).get("studio-east-print")!.org_id
        const { result: created } = await createArtistProductsWorkflow(container).run({
          input: {
            organization_id: east,
            products: Array.from({ length: 12 }, (_, i) => ({
              title: `Series ${i}`,
              handle: `studio-east-series-${i}`,
              status: "published" as const,
              gallery_eligible: true,
              images: [`https://images.atelier.test/studio-east/series-${i}.jpg`],
              variants: [
                { title: "Small", sku: `EAST-SERIES-${i}-S`, price: 20.05 + i, inventory_quantity: 7 },
                { title: "Large", sku: `EAST-SERIES-${i}-L`, price: 80.1 + i, inventory_quantity: 2 },
              ],
            })),
          },
        })
        expect(created).toHaveLength(12)
        expect(created[0].artist_product).toMatchObject({ organization_id: east, product_type: "print", gallery_eligible: true })

        const all = await byHandle()
        expect(all.get("studio-east-series-3")).toMatchObject({ price: 23.05, sku: "EAST-SERIES-3-S", inventory: 7, is_active: true })
        const twoIds = [all.get("studio-north-print")!.id, all.get("studio-east-series-0")!.id]

        const two = await countQueries(() => listGalleryProducts(pg, { ids: twoIds, limit: 100 }))
        const many = await countQueries(() => listGalleryProducts(pg, { limit: 100 }))
        const eligible = await countQueries(() => listGalleryProducts(container, { eligibleOnly: true, limit: 100 }))
        const map = await countQueries(() => getGalleryProductsByIds(pg, [...all.values()].map((p) => p.id)))
        expect(two.result.products).toHaveLength(2)
        expect(many.result.products).toHaveLength(20)
        expect(eligible.result.count).toBe(17)
        expect(map.result.size).toBe(20)
        expect([two.queries, many.queries, eligible.queries, map.queries]).toEqual([1, 1, 1, 1])
      })

      it("create-artist-products undoes everything when a product cannot be created", async () => {
        const before = await rowCounts()
        const east = (await byHandle()).get("studio-east-print")!.org_id
        const { errors } = await createArtistProductsWorkflow(container).run({
          input: {
            organization_id: east,
            products: [
              { title: "Fresh", handle: "studio-east-fresh", variants: [{ sku: "EAST-FRESH", price: 10, inventory_quantity: 3 }] },
              // The handle exists already: Medusa refuses it after the inventory items were created.
              { title: "Clash", handle: "studio-north-print", variants: [{ sku: "EAST-CLASH", price: 10, inventory_quantity: 3 }] },
            ],
          },
          throwOnError: false,
        })
        expect(errors.length).toBeGreaterThan(0)
        expect(await rowCounts()).toEqual(before)

        const invalid = await createArtistProductsWorkflow(container).run({
          input: { organization_id: east, products: [{ title: "Bad", variants: [{ price: 10.001 }] }] },
          throwOnError: false,
        })
        expect(invalid.errors[0].error.message).toBe("Price must have at most two decimals")
        const missing = await createArtistProductsWorkflow(container).run({
          input: { organization_id: "org_missing", products: [{ title: "X", variants: [{ price: 1 }] }] },
          throwOnError: false,
        })
        expect(missing.errors[0].error.message).toBe("Organization not found")
      })
    })
  },
})
