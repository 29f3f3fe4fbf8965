import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { IInventoryService, MedusaContainer } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { randomUUID } from "node:crypto"
import { COUNTRY_CODES } from "../../src/lib/shipping-rates"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { moveStockToArtistLocations } from "../../src/processes/shipping/artist-locations"
import { loadArtistShippingQuotes } from "../../src/queries/medusa/shipping-quotes"
import { DEMO_STOCK_LOCATION_NAME } from "../../src/scripts/seed"
import { createArtistProductsWorkflow } from "../../src/workflows/artist-product/workflows/create-artist-products"
import { anyStatus, bearer, createOrganization, registerMember, type Api } from "../helpers/accounts"
import { loginDemoAdmin, loginDemoMember, orgIdsBySlug, seedDemo } from "../helpers/demo-data"

jest.setTimeout(300000)

// Response bodies are asserted field by field.
type Body = any // eslint-disable-line @typescript-eslint/no-explicit-any

const EUROPE = {
  name: "Europe tracked",
  countries: ["fr", "DE"],
  first_item_amount: 12.5,
  additional_item_amount: 3,
  free_shipping_threshold: 150,
  min_delivery_days: 3,
  max_delivery_days: 6,
}

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

    // Seeded once; the runner snapshots the database after this and restores it before every test.
    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(orgs, await orgIdsBySlug(container, ["studio-north", "studio-south"]))
      north = await loginDemoMember(api, "north@atelier.test")
      south = await loginDemoMember(api, "south@atelier.test")
      admin = await loginDemoAdmin(api)
      const registered = await registerMember(api, `plain-${randomUUID()}@atelier.test`)
      const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
      await organizations.createMemberships({ member_id: registered.member.id, organization_id: orgs["studio-north"], role: "member" })
      plain = registered.token
    })

    const as = (token: string) => bearer(token)
    const post = (token: string, body: Body) => api.post("/api/shipping-rates", body, as(token))
    const patch = (token: string, id: string, body: Body) => api.patch(`/api/shipping-rates/${id}`, body, as(token))
    const put = (token: string, id: string, body: Body) =>
      api.request({ method: "PUT", url: `/api/shipping-rates/${id}`, data: body, ...as(token) })
    const del = (token: string, id: string) => api.delete(`/api/shipping-rates/${id}`, as(token))

    async function created(token: string, body: Body) {
      const res = await post(token, body)
      expect([res.status, res.data.error]).toEqual([201, undefined])
      return res.data.shipping_rate as Body
    }

    const expectError = (res: { status: number; data: Body; headers: Body }, status: number, field?: string, message?: string | RegExp) => {
      expect(res.status).toBe(status)
      expect(res.data).toMatchObject({ error: expect.any(String) })
      if (field) {
        expect(res.data.details).toEqual({ field })
        expect(res.headers["x-error-field"]).toBe(field)
      }
      // Authentication failures answer {error: "Unauthorized" | "Forbidden", message}.
      if (message) expect(status === 401 || status === 403 ? res.data.message : res.data.error).toMatch(message)
    }

    /** What the rates are made of in Medusa (live rows). */
    async function medusaCounts() {
      const { rows } = await pg.raw(`SELECT
          (SELECT count(*) FROM shipping_option WHERE deleted_at IS NULL)::int AS options,
          (SELECT count(*) FROM service_zone WHERE deleted_at IS NULL)::int AS zones,
          (SELECT count(*) FROM geo_zone WHERE deleted_at IS NULL)::int AS geo_zones,
          (SELECT count(*) FROM price WHERE deleted_at IS NULL)::int AS prices`)
      return rows[0]
    }

    async function locationOf(organizationId: string): Promise<string> {
      const { rows } = await pg.raw(
        `SELECT stock_location_id FROM organization_organization_stock_location_stock_location WHERE organization_id = ? AND deleted_at IS NULL`,
        [organizationId]
      )
      expect(rows).toHaveLength(1)
      return rows[0].stock_location_id
    }

    /** The countries of a rate's service zone, as Medusa's admin API shows them. */
    async function zoneCountries(rateId: string): Promise<string[]> {
      const res = await api.get(`/admin/shipping-options/${rateId}?fields=id,*service_zone,*service_zone.geo_zones`, as(admin))
      expect(res.status).toBe(200)
      return (res.data.shipping_option.service_zone.geo_zones as { country_code: string }[]).map((g) => g.country_code.toUpperCase()).sort()
    }

    describe("where an artist ships from", () => {
      it("each organization has its own stock location with a fulfilment set, linked to its channel and the manual provider", async () => {
        const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
        const all = await organizations.listOrganizations({}, { select: ["id", "name"] })
        const query = container.resolve(ContainerRegistrationKeys.QUERY)
        const { data } = await query.graph({ entity: "organization", fields: ["id", "sales_channel.id", "stock_location.id"] })
        expect(data).toHaveLength(all.length)
        const locationIds = new Set(data.map((o: Body) => o.stock_location?.id))
        expect(locationIds.size).toBe(all.length)

        const locationId = await locationOf(orgs["studio-north"])
        const res = await api.get(
          `/admin/stock-locations/${locationId}?fields=id,name,*sales_channels,*fulfillment_providers,*fulfillment_sets`,
          as(admin)
        )
        expect(res.status).toBe(200)
        const northChannel = (data as Body[]).find((o) => o.id === orgs["studio-north"]).sales_channel.id
        expect(res.data.stock_location).toMatchObject({
          name: "Studio North",
          sales_channels: [expect.objectContaining({ id: northChannel })],
          fulfillment_providers: [expect.objectContaining({ id: "manual_manual" })],
          fulfillment_sets: [expect.objectContaining({ type: "shipping", name: `Artist shipping ${orgs["studio-north"]}` })],
        })
      })

      it("the seed's products are stocked at their artist's location; a new product's stock goes there too", async () => {
        const northLocation = await locationOf(orgs["studio-north"])
        const { rows } = await pg.raw(
          `SELECT DISTINCT il.location_id FROM artist_product ap
           JOIN organization_artist_product_product_product apl ON apl.artist_product_id = ap.id
           JOIN product_variant pv ON pv.product_id = apl.product_id
           JOIN product_variant_inventory_item pvi ON pvi.variant_id = pv.id
           JOIN inventory_level il ON il.inventory_item_id = pvi.inventory_item_id AND il.deleted_at IS NULL
           WHERE ap.organization_id = ?`,
          [orgs["studio-north"]]
        )
        expect(rows).toEqual([{ location_id: northLocation }])

        const product = await api.post("/api/products", { title: "Tide Study", product_type: "print", base_price: 40, inventory_quantity: 9 }, as(north))
        expect(product.status).toBe(201)
        const variantId = product.data.product.product_variants[0].id
        const query = container.resolve(ContainerRegistrationKeys.QUERY)
        const { data } = await query.graph({
          entity: "product_variant",
          fields: ["id", "inventory_items.inventory.location_levels.location_id", "inventory_items.inventory.location_levels.stocked_quantity"],
          filters: { id: variantId },
        })
        expect(data[0].inventory_items![0]!.inventory!.location_levels).toEqual([
          expect.objectContaining({ location_id: northLocation, stocked_quantity: 9 }),
        ])
      })

      it("creating an organization creates its location; the owner sets the ships-from address", async () => {
        const { token } = await registerMember(api, `new-${randomUUID()}@atelier.test`)
        const organization = await createOrganization(api, token, "Harbour Prints", `harbour-${randomUUID().slice(0, 8)}`)
        const locationId = await locationOf(organization.id)

        const empty = await api.get("/api/shipping-origin", as(token))
        expect(empty.status).toBe(200)
        expect(empty.data.shipping_origin).toEqual({
          location_id: locationId,
          name: "Harbour Prints",
          address_1: null,
          address_2: null,
          city: null,
          province: null,
          postal_code: null,
          country_code: null,
          phone: null,
        })

        const set = await api.request({
          method: "PUT",
          url: "/api/shipping-origin",
          data: { address_1: "4 Quay Street", city: "Lisbon", postal_code: "1100-001", country_code: "pt" },
          ...as(token),
        })
        expect(set.status).toBe(200)
        expect(set.data.shipping_origin).toMatchObject({ location_id: locationId, address_1: "4 Quay Street", city: "Lisbon", country_code: "PT" })
        const changed = await api.request({
          method: "PUT",
          url: "/api/shipping-origin",
          data: { address_1: "9 Rua Nova", city: "Porto", country_code: "PT", phone: "+351 22 000 0000" },
          ...as(token),
        })
        expect(changed.data.shipping_origin).toMatchObject({ address_1: "9 Rua Nova", city: "Porto", postal_code: null, phone: "+351 22 000 0000" })

        const medusa = await api.get(`/admin/stock-locations/${locationId}?fields=id,*address`, as(admin))
        expect(medusa.data.stock_location.address).toMatchObject({ address_1: "9 Rua Nova", city: "Porto", country_code: "pt" })

        const bad = await api.request({ method: "PUT", url: "/api/shipping-origin", data: { address_1: "x", country_code: "XX" }, ...as(token) })
        expectError(bad, 400, "country_code")
        const notOwner = await api.request({
          method: "PUT",
          url: "/api/shipping-origin",
          data: { address_1: "1 Main St", country_code: "US" },
          ...as(plain),
        })
        expectError(notOwner, 403, undefined, /owners/)
        expect((await api.get("/api/shipping-origin", as(plain))).status).toBe(200)
        expect((await api.get("/api/shipping-origin", anyStatus)).status).toBe(401)
      })
    })

    describe("rates", () => {
      it("owners create, read, change and delete a rate; Medusa's admin shows the option, zone and prices", async () => {
        const rate = await created(north, EUROPE)
        expect(rate).toEqual({
          id: expect.stringMatching(/^so_/),
          name: "Europe tracked",
          countries: ["DE", "FR"],
          rest_of_world: false,
          first_item_amount: 12.5,
          additional_item_amount: 3,
          free_shipping_threshold: 150,
          min_delivery_days: 3,
          max_delivery_days: 6,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        })
        expect((await api.get(`/api/shipping-rates/${rate.id}`, as(north))).data.shipping_rate).toEqual(rate)
        expect((await api.get("/api/shipping-rates", as(north))).data.shipping_rates).toEqual([rate])
        // Members read.
        expect((await api.get("/api/shipping-rates", as(plain))).data.shipping_rates).toEqual([rate])

        // Medusa's side: the option in the artist's location's fulfilment set, its zone by country, its prices.
        const northLocation = await locationOf(orgs["studio-north"])
        const option = await api.get(
          `/admin/shipping-options/${rate.id}?fields=id,name,price_type,provider_id,data,*prices,*prices.price_rules,*service_zone,*service_zone.fulfillment_set,*rules,*type`,
          as(admin)
        )
        expect(option.status).toBe(200)
        const so = option.data.shipping_option
        expect(so).toMatchObject({
          name: "Europe tracked",
          price_type: "flat",
          provider_id: "manual_manual",
          data: { atelier_rate: 1, rest_of_world: false, additional_item_amount: 3, min_delivery_days: 3, max_delivery_days: 6 },
          type: expect.objectContaining({ code: "artist-rate" }),
        })
        expect(so.service_zone.fulfillment_set.name).toBe(`Artist shipping ${orgs["studio-north"]}`)
        const prices = (so.prices as Body[]).map((p) => ({
          amount: p.amount,
          currency_code: p.currency_code,
          rules: (p.price_rules ?? []).map((r: Body) => [r.attribute, r.operator, String(r.value)]),
        }))
        expect(prices).toEqual(
          expect.arrayContaining([
            { amount: 12.5, currency_code: "usd", rules: [] },
            { amount: 0, currency_code: "usd", rules: [["item_total", "gte", "150"]] },
          ])
        )
        expect(prices).toHaveLength(2)
        expect(await zoneCountries(rate.id)).toEqual(["DE", "FR"])
        const location = await api.get(
          `/admin/stock-locations/${northLocation}?fields=id,*fulfillment_sets,*fulfillment_sets.service_zones,*fulfillment_sets.service_zones.shipping_options`,
          as(admin)
        )
        const zones = location.data.stock_location.fulfillment_sets[0].service_zones as Body[]
        expect(zones.flatMap((z) => z.shipping_options.map((o: Body) => o.id))).toEqual([rate.id])

        // PATCH changes what it names; PUT is the same partial update.
        const patched = await patch(north, rate.id, { name: "Europe standard", countries: ["FR", "DE", "it"], free_shipping_threshold: null })
        expect(patched.status).toBe(200)
        expect(patched.data.shipping_rate).toMatchObject({
          id: rate.id,
          name: "Europe standard",
          countries: ["DE", "FR", "IT"],
          free_shipping_threshold: null,
          first_item_amount: 12.5,
          min_delivery_days: 3,
        })
        expect(await zoneCountries(rate.id)).toEqual(["DE", "FR", "IT"])
        const replaced = await put(north, rate.id, { first_item_amount: 9.99, additional_item_amount: 0, min_delivery_days: null, max_delivery_days: null })
        expect(replaced.status).toBe(200)
        expect(replaced.data.shipping_rate).toMatchObject({
          name: "Europe standard",
          first_item_amount: 9.99,
          additional_item_amount: 0,
          min_delivery_days: null,
          max_delivery_days: null,
        })
        const medusaPrices = await api.get(`/admin/shipping-options/${rate.id}?fields=id,*prices`, as(admin))
        expect((medusaPrices.data.shipping_option.prices as Body[]).map((p) => p.amount)).toEqual([9.99])

        const before = await medusaCounts()
        const deleted = await del(north, rate.id)
        expect([deleted.status, deleted.data]).toEqual([200, { id: rate.id, object: "shipping_rate", deleted: true }])
        expect((await api.get("/api/shipping-rates", as(north))).data.shipping_rates).toEqual([])
        expect((await api.get(`/admin/shipping-options/${rate.id}`, as(admin))).status).toBe(404)
        const after = await medusaCounts()
        expect([after.options, after.zones, after.geo_zones]).toEqual([before.options - 1, before.zones - 1, before.geo_zones - 3])
        expectError(await api.get(`/api/shipping-rates/${rate.id}`, as(north)), 404, undefined, "Shipping rate not found")
      })

      it("refuses without a login (401), a plain member's writes (403), and another organization's rate (404)", async () => {
        const rate = await created(north, EUROPE)
        expect((await api.get("/api/shipping-rates", anyStatus)).status).toBe(401)
        expect((await api.post("/api/shipping-rates", EUROPE, anyStatus)).status).toBe(401)
        expect((await api.delete(`/api/shipping-rates/${rate.id}`, anyStatus)).status).toBe(401)

        const before = await medusaCounts()
        expectError(await post(plain, EUROPE), 403, undefined, "Only organization owners can manage shipping")
        expectError(await patch(plain, rate.id, { name: "Mine" }), 403)
        expectError(await put(plain, rate.id, { name: "Mine" }), 403)
        expectError(await del(plain, rate.id), 403)
        expect((await api.get(`/api/shipping-rates/${rate.id}`, as(plain))).status).toBe(200)

        for (const res of [
          await api.get(`/api/shipping-rates/${rate.id}`, as(south)),
          await patch(south, rate.id, { name: "Mine" }),
          await put(south, rate.id, { name: "Mine" }),
          await del(south, rate.id),
        ]) {
          expectError(res, 404, undefined, "Shipping rate not found")
        }
        expect((await api.get("/api/shipping-rates", as(south))).data.shipping_rates).toEqual([])
        // Naming another organization is refused as for every dashboard route.
        expect((await api.get(`/api/shipping-rates?org_id=${orgs["studio-north"]}`, as(south))).status).toBe(403)
        expect(await medusaCounts()).toEqual(before)
        expect((await api.get(`/api/shipping-rates/${rate.id}`, as(north))).data.shipping_rate.name).toBe("Europe tracked")
      })

      it("bad input answers 400 naming the field, and writes nothing", async () => {
        const rate = await created(north, EUROPE)
        const before = await medusaCounts()
        const cases: [Body, string, RegExp][] = [
          [{ ...EUROPE, countries: ["FR", "XX"] }, "countries", /"XX" is not an ISO 3166-1 alpha-2/],
          [{ ...EUROPE, countries: [] }, "countries", /^Choose at least one destination country, or rest of world$/],
          [{ ...EUROPE, countries: undefined }, "countries", /at least one destination country/],
          [{ ...EUROPE, countries: "FR" }, "countries", /at least one destination country/],
          [{ ...EUROPE, rest_of_world: true }, "countries", /names no countries/],
          [{ ...EUROPE, first_item_amount: -1 }, "first_item_amount", /^Enter an amount in US dollars from 0 to 10,000, with at most two decimals/],
          [{ ...EUROPE, first_item_amount: 12.345 }, "first_item_amount", /two decimals/],
          [{ ...EUROPE, first_item_amount: 10000.01 }, "first_item_amount", /from 0 to 10,000/],
          [{ ...EUROPE, first_item_amount: "12.50" }, "first_item_amount", /US dollars/],
          [{ ...EUROPE, first_item_amount: undefined }, "first_item_amount", /US dollars/],
          [{ ...EUROPE, additional_item_amount: -0.5 }, "additional_item_amount", /from 0 to 10,000/],
          [{ ...EUROPE, additional_item_amount: 1.001 }, "additional_item_amount", /two decimals/],
          [{ ...EUROPE, free_shipping_threshold: -0.01 }, "free_shipping_threshold", /from 0/],
          [{ ...EUROPE, min_delivery_days: 7, max_delivery_days: 3 }, "max_delivery_days", /latest delivery day must be at least the earliest/],
          [{ ...EUROPE, min_delivery_days: 2.5 }, "min_delivery_days", /whole number/],
          [{ ...EUROPE, max_delivery_days: undefined }, "max_delivery_days", /both the earliest and the latest/],
          [{ ...EUROPE, name: "   " }, "name", /at most 100 characters/],
          [{ ...EUROPE, name: "x".repeat(101) }, "name", /at most 100 characters/],
          [{ ...EUROPE, name: undefined }, "name", /^Give the rate a name/],
        ]
        for (const [body, field, message] of cases) {
          const res = await post(north, body)
          expectError(res, 400, field, message)
        }
        // An update keeps what it does not give (a lone max_delivery_days is then no refusal).
        const updateCases = cases.filter(([, field, message]) => !["countries", "name", "first_item_amount"].includes(field) && !/both/.test(String(message)))
        for (const [body, field, message] of updateCases) {
          expectError(await patch(north, rate.id, body), 400, field, message)
        }
        expectError(await patch(north, rate.id, { countries: ["ZZ"] }), 400, "countries")
        expectError(await patch(north, rate.id, { name: "" }), 400, "name")
        expectError(await patch(north, rate.id, { min_delivery_days: 9 }), 400, "max_delivery_days", /at least the earliest/)
        expectError(await patch(north, rate.id, {}), 400, undefined, /Give at least one of/)
        expect(await medusaCounts()).toEqual(before)
        expect((await api.get(`/api/shipping-rates/${rate.id}`, as(north))).data.shipping_rate).toEqual(rate)
      })

      it("a write that fails half-way is undone: no zone, option or price is left behind", async () => {
        const world = await created(north, { name: "Worldwide", rest_of_world: true, first_item_amount: 40 })
        const worldCountries = await zoneCountries(world.id)
        const before = await medusaCounts()
        // The option write fails after the rate's service zone was created (and would have shrunk rest of world).
        const fulfillment = container.resolve(Modules.FULFILLMENT)
        const failing = jest
          .spyOn(fulfillment, "upsertShippingOptions")
          .mockRejectedValueOnce(new Error("the fulfilment module is down") as never)
        try {
          const res = await post(north, EUROPE)
          expect(res.status).toBeGreaterThanOrEqual(500)
        } finally {
          failing.mockRestore()
        }
        expect(await medusaCounts()).toEqual(before)
        expect(await zoneCountries(world.id)).toEqual(worldCountries)
        expect((await api.get("/api/shipping-rates", as(north))).data.shipping_rates.map((r: Body) => r.id)).toEqual([world.id])
      })

      it("rest of world covers every country the artist's other rates do not name, and follows them", async () => {
        const europe = await created(north, { ...EUROPE, free_shipping_threshold: null })
        const world = await created(north, { name: "Worldwide", rest_of_world: true, first_item_amount: 40, additional_item_amount: 10 })
        expect(world).toMatchObject({ countries: [], rest_of_world: true })
        const worldCountries = await zoneCountries(world.id)
        expect(worldCountries).toHaveLength(COUNTRY_CODES.length - 2)
        expect(worldCountries).not.toContain("FR")
        expect(worldCountries).toContain("JP")

        // A country another rate starts naming leaves rest of world...
        await created(north, { name: "Japan", countries: ["JP"], first_item_amount: 25 })
        expect(await zoneCountries(world.id)).not.toContain("JP")
        // ...and one no rate names any more comes back.
        expect((await del(north, europe.id)).status).toBe(200)
        const after = await zoneCountries(world.id)
        expect(after).toContain("FR")
        expect(after).toHaveLength(COUNTRY_CODES.length - 1)

        // A rate can become rest of world (its named countries go) and back (countries needed).
        const japan = (await api.get("/api/shipping-rates", as(north))).data.shipping_rates.find((r: Body) => r.name === "Japan")
        expectError(await patch(north, japan.id, { rest_of_world: false, countries: [] }), 400, "countries")
        const toWorld = await patch(north, japan.id, { rest_of_world: true })
        expect(toWorld.data.shipping_rate).toMatchObject({ rest_of_world: true, countries: [] })
        expect(await zoneCountries(japan.id)).toHaveLength(COUNTRY_CODES.length)
        expect(await zoneCountries(world.id)).toHaveLength(COUNTRY_CODES.length)
        expectError(await patch(north, world.id, { rest_of_world: false }), 400, "countries")
      })
    })

    describe("the read side: quotes for a set of artists and destinations", () => {
      it("one read prices every artist's options for its destination; no rates ships free; rates elsewhere do not ship", async () => {
        const europe = await created(north, EUROPE)
        const express = await created(north, { name: "Express", countries: ["FR"], first_item_amount: 30, min_delivery_days: 1, max_delivery_days: 2 })
        const world = await created(north, { name: "Worldwide", rest_of_world: true, first_item_amount: 40 })
        const statements: string[] = []
        const listener = (query: { sql: string }) => statements.push(query.sql)
        pg.on("query", listener)
        const quotes = await loadArtistShippingQuotes(container, [
          { orgId: orgs["studio-north"], subtotalCents: 10000, itemCount: 3, country: "FR" },
          { orgId: orgs["studio-south"], subtotalCents: 5000, itemCount: 1, country: "FR" },
        ])
        pg.removeListener("query", listener)
        expect(statements).toHaveLength(1)
        expect(quotes.get(orgs["studio-north"])).toEqual({
          hasRates: true,
          options: [
            { id: europe.id, name: "Europe tracked", amountCents: 1850, estimate: { minDays: 3, maxDays: 6 } },
            { id: express.id, name: "Express", amountCents: 3000, estimate: { minDays: 1, maxDays: 2 } },
          ],
        })
        expect(quotes.get(orgs["studio-south"])).toEqual({ hasRates: false, options: [] })

        const free = await loadArtistShippingQuotes(container, [{ orgId: orgs["studio-north"], subtotalCents: 15000, itemCount: 3, country: "DE" }])
        expect(free.get(orgs["studio-north"])!.options.map((o) => [o.id, o.amountCents])).toEqual([[europe.id, 0]])
        const justBelow = await loadArtistShippingQuotes(container, [
          { orgId: orgs["studio-north"], subtotalCents: 14999, itemCount: 1, country: "de" },
        ])
        expect(justBelow.get(orgs["studio-north"])!.options.map((o) => o.amountCents)).toEqual([1250])
        const japan = await loadArtistShippingQuotes(container, [{ orgId: orgs["studio-north"], subtotalCents: 100, itemCount: 1, country: "JP" }])
        expect(japan.get(orgs["studio-north"])!.options.map((o) => o.id)).toEqual([world.id])

        // Without rest of world, a country no rate names is not served.
        await del(north, world.id)
        const none = await loadArtistShippingQuotes(container, [{ orgId: orgs["studio-north"], subtotalCents: 100, itemCount: 1, country: "JP" }])
        expect(none.get(orgs["studio-north"])).toEqual({ hasRates: true, options: [] })
        const unknown = await loadArtistShippingQuotes(container, [{ orgId: orgs["studio-north"], subtotalCents: 100, itemCount: 1, country: null }])
        expect(unknown.get(orgs["studio-north"])).toEqual({ hasRates: true, options: [] })
      })
    })

    describe("moving existing stock to the artists' locations (migration script)", () => {
      it("creates missing locations, moves stocked, reserved and incoming quantities exactly, and is idempotent", async () => {
        const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
        const link = container.resolve(ContainerRegistrationKeys.LINK)
        const [warehouse] = await container.resolve(Modules.STOCK_LOCATION).listStockLocations({ name: DEMO_STOCK_LOCATION_NAME })

        // An organization of before: no location of its own, its channel linked to the warehouse, stock there.
        const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
        const legacy = await organizations.createOrganizations({ name: "Old Mill Studio", slug: `old-mill-${randomUUID().slice(0, 8)}` })
        const [channel] = await container.resolve(Modules.SALES_CHANNEL).createSalesChannels([{ name: "Old Mill Studio" }])
        await link.create([
          { [ORGANIZATION_MODULE]: { organization_id: legacy.id }, [Modules.SALES_CHANNEL]: { sales_channel_id: channel.id } },
          { [Modules.SALES_CHANNEL]: { sales_channel_id: channel.id }, [Modules.STOCK_LOCATION]: { stock_location_id: warehouse.id } },
        ])
        const { result: products } = await createArtistProductsWorkflow(container).run({
          input: {
            organization_id: legacy.id,
            products: [
              { title: "Mill Race", status: "published", product_type: "print", variants: [{ title: "Standard", price: 30, inventory_quantity: 7 }] },
            ],
          },
        })
        const query = container.resolve(ContainerRegistrationKeys.QUERY)
        const itemOf = async (productId: string) => {
          const { data } = await query.graph({ entity: "product", fields: ["variants.inventory_items.inventory_item_id"], filters: { id: productId } })
          return data[0].variants![0]!.inventory_items![0]!.inventory_item_id as string
        }
        const legacyItem = await itemOf(products[0].id)
        await inventory.createReservationItems([{ inventory_item_id: legacyItem, location_id: warehouse.id, quantity: 2, line_item_id: "ordli_legacy" }])

        // A demo organization with part of one item's stock still at the warehouse (levels at both), reserved there too.
        const [northProduct] = await container.resolve(Modules.PRODUCT).listProducts({ handle: "studio-north-print" }, { select: ["id"] })
        const northItem = await itemOf(northProduct.id)
        const northLocation = await locationOf(orgs["studio-north"])
        await inventory.createInventoryLevels([{ inventory_item_id: northItem, location_id: warehouse.id, stocked_quantity: 5, incoming_quantity: 4 }])
        await inventory.createReservationItems([{ inventory_item_id: northItem, location_id: warehouse.id, quantity: 1, line_item_id: "ordli_north" }])

        const totals = async (itemId: string) => {
          const { rows } = await pg.raw(
            `SELECT sum(stocked_quantity)::int AS stocked, sum(reserved_quantity)::int AS reserved, sum(incoming_quantity)::int AS incoming,
                    array_agg(DISTINCT location_id) AS locations,
                    (SELECT coalesce(sum(quantity), 0)::int FROM reservation_item WHERE inventory_item_id = ? AND deleted_at IS NULL) AS reservations,
                    (SELECT array_agg(DISTINCT location_id) FROM reservation_item WHERE inventory_item_id = ? AND deleted_at IS NULL) AS reserved_at
             FROM inventory_level WHERE inventory_item_id = ? AND deleted_at IS NULL`,
            [itemId, itemId, itemId]
          )
          return rows[0]
        }
        const legacyBefore = await totals(legacyItem)
        const northBefore = await totals(northItem)
        expect(legacyBefore).toMatchObject({ stocked: 7, reserved: 2, locations: [warehouse.id] })
        expect(northBefore.locations.sort()).toEqual([northLocation, warehouse.id].sort())

        const summary = await moveStockToArtistLocations(container)
        expect(summary).toMatchObject({ locations_created: 1, items_moved: 2 })
        expect(summary.channel_links_removed).toBeGreaterThanOrEqual(1)

        const legacyLocation = await locationOf(legacy.id)
        const legacyAfter = await totals(legacyItem)
        expect(legacyAfter).toEqual({ ...legacyBefore, locations: [legacyLocation], reserved_at: [legacyLocation] })
        const northAfter = await totals(northItem)
        expect(northAfter).toEqual({ ...northBefore, locations: [northLocation], reserved_at: [northLocation] })
        expect(northAfter).toMatchObject({ stocked: northBefore.stocked, reserved: northBefore.reserved, incoming: 4 })

        // The new location starts with the address the stock was at, and is the only one of the organization's channel.
        const location = await api.get(`/admin/stock-locations/${legacyLocation}?fields=id,name,*address,*sales_channels,*fulfillment_sets`, as(admin))
        expect(location.data.stock_location).toMatchObject({
          name: "Old Mill Studio",
          address: expect.objectContaining({ city: "New York", country_code: "US" }),
          sales_channels: [expect.objectContaining({ id: channel.id })],
          fulfillment_sets: [expect.objectContaining({ type: "shipping" })],
        })
        const { data: channels } = await query.graph({ entity: "sales_channel", fields: ["id", "stock_locations.id"], filters: { id: channel.id } })
        expect(channels[0].stock_locations!.map((l: Body) => l.id)).toEqual([legacyLocation])

        // Idempotent: a second run changes nothing.
        expect(await moveStockToArtistLocations(container)).toMatchObject({ locations_created: 0, items_moved: 0, channel_links_removed: 0 })
        expect(await totals(legacyItem)).toEqual(legacyAfter)
        expect(await totals(northItem)).toEqual(northAfter)
      })
    })
  },
})
