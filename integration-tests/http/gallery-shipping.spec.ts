import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { artistPayoutCents, computeGalleryFees } from "../../src/lib/gallery-fees"
import { SHIPPING_MESSAGES } from "../../src/lib/gallery-checkout"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
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

// Shipping charged per artist at the gallery's checkout (docs/shipping.md): quotes, checkout totals, payouts and
// transfers, per_artist destinations, and the Medusa order book's shipping methods.

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const HANDLES = ["studio-north-print", "studio-south-print", "studio-east-print"]
const SLUGS = ["studio-north", "studio-south", "studio-east"]
const FR_ADDRESS = { ...COLLECTOR_ADDRESS, city: "Lyon", state: "ARA", postal_code: "69001", country: "FR" }
/** north print 2 x 34.99, south print 45.50, east print 12.95: 128.43 of merchandise. */
const CART: [string, number][] = [
  ["studio-north-print", 2],
  ["studio-south-print", 1],
  ["studio-east-print", 1],
]

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const product: Record<string, string> = {}
    const org: Record<string, string> = {}
    const token: Record<string, string> = {}
    /** Option ids of the rates made below. */
    const option: Record<string, string> = {}

    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)

    async function createRate(slug: string, body: Record<string, unknown>) {
      const res = await api.post("/api/shipping-rates", { org_id: org[slug], ...body }, bearer(token[slug]))
      expect(res.status).toBe(201)
      return res.data.shipping_rate.id as string
    }

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(product, await productIdsByHandle(container, HANDLES))
      Object.assign(org, await orgIdsBySlug(container, SLUGS))
      token.admin = await loginDemoAdmin(api)
      token["studio-north"] = await loginDemoMember(api, "north@atelier.test")
      token["studio-south"] = await loginDemoMember(api, "south@atelier.test")
      option.northTracked = await createRate("studio-north", {
        name: "Tracked",
        countries: ["FR", "DE"],
        first_item_amount: 8.5,
        additional_item_amount: 2,
        min_delivery_days: 3,
        max_delivery_days: 5,
      })
      option.northExpress = await createRate("studio-north", { name: "Express", countries: ["FR"], first_item_amount: 24 })
      option.southPost = await createRate("studio-south", {
        name: "Post",
        countries: ["FR", "US"],
        first_item_amount: 6,
        free_shipping_threshold: 100,
      })
      // Studio East has no rates: it ships free, as every contract example.
      const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
      for (const [slug, account] of [["studio-north", "acct_north"], ["studio-south", "acct_south"]]) {
        await organizations.updateOrganizations({ id: org[slug], stripe_account_id: account, payouts_enabled: true, transfers_active: true })
      }
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    /** A cart through the cart routes; returns its session id and the cookie that carries it. */
    async function fillCart(lines: [string, number][]) {
      const sessionId = crypto.randomUUID()
      const cookie = { headers: { cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
      for (const [handle, quantity] of lines) {
        expect((await api.post("/api/gallery/cart/add", { productId: product[handle], quantity }, cookie)).status).toBe(200)
      }
      return { sessionId, cookie }
    }

    const quote = (body: Record<string, unknown>) => api.post("/api/gallery/shipping/quote", body, anyStatus)
    const checkout = (body: Record<string, unknown>) =>
      api.post("/api/gallery/checkout", { email: COLLECTOR_EMAIL, ...body }, anyStatus)

    async function payAndConfirm(publicId: string) {
      const [order] = await rows(`SELECT * FROM gallery_order WHERE public_id = ?`, [publicId])
      const paid = await api.post(`/api/sandbox/payment-intents/${order.payment_intent_id}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)
      expect(paid.status).toBe(200)
      expect((await api.post("/api/gallery/checkout/confirm", { paymentIntentId: order.payment_intent_id }, anyStatus)).status).toBe(200)
      expect(await outboxDrained(pg, 20000)).toBe(0)
      return order
    }

    describe("quotes", () => {
      it("prices each artist's options for one destination, the cheapest the default; an artist without rates ships free", async () => {
        const { sessionId, cookie } = await fillCart(CART)
        const res = await quote({ sessionId, country: "fr" })
        expect(res.status).toBe(200)
        expect(res.headers["cache-control"]).toBe("no-store")
        expect(res.data.quote).toEqual({
          shipping: 16.5,
          available: true,
          artists: [
            {
              orgId: org["studio-north"],
              artistName: "Studio North",
              country: "FR",
              chargesShipping: true,
              available: true,
              reason: null,
              // Tracked: 8.50 for the first item, 2.00 for the second.
              options: [
                { id: option.northTracked, name: "Tracked", amount: 10.5, estimate: { minDays: 3, maxDays: 5 } },
                { id: option.northExpress, name: "Express", amount: 24, estimate: null },
              ],
              defaultOptionId: option.northTracked,
              selectedOptionId: option.northTracked,
              shipping: 10.5,
            },
            expect.objectContaining({ orgId: org["studio-south"], available: true, defaultOptionId: option.southPost, shipping: 6 }),
            expect.objectContaining({ orgId: org["studio-east"], chargesShipping: false, available: true, options: [], shipping: 0 }),
          ],
        })
        // The cart answers the same with ?country=, and nothing without it (the contract's body).
        const cart = await api.get("/api/gallery/cart?country=FR", cookie)
        expect(cart.status).toBe(200)
        expect(cart.data.cart.shippingQuote).toEqual(res.data.quote)
        expect((await api.get("/api/gallery/cart", cookie)).data.cart).not.toHaveProperty("shippingQuote")
        expect((await api.get("/api/gallery/cart?country=France", cookie)).status).toBe(400)
      })

      it("says which artist does not ship to a destination; free from the threshold on; per_artist destinations", async () => {
        const { sessionId } = await fillCart(CART)
        const japan = await quote({ sessionId, country: "JP" })
        expect(japan.data.quote.available).toBe(false)
        expect(japan.data.quote.artists.map((a: Row) => [a.artistName, a.available, a.reason])).toEqual([
          ["Studio North", false, "Artist does not ship to JP"],
          ["Studio South", false, "Artist does not ship to JP"],
          ["Studio East", true, null],
        ])

        // Studio South's post is free from $100 of its merchandise: 3 x 45.50.
        const big = await fillCart([["studio-south-print", 3]])
        const free = await quote({ sessionId: big.sessionId, country: "US" })
        expect(free.data.quote.artists[0]).toMatchObject({ options: [{ id: option.southPost, amount: 0 }], shipping: 0 })
        const below = await fillCart([["studio-south-print", 2]])
        expect((await quote({ sessionId: below.sessionId, country: "US" })).data.quote.artists[0].shipping).toBe(6)

        const perArtist = await quote({
          sessionId,
          countries: { [org["studio-north"]]: "DE", [org["studio-south"]]: "US" },
          shippingMethods: { [org["studio-north"]]: option.northTracked },
        })
        expect(perArtist.data.quote.artists.map((a: Row) => [a.country, a.selectedOptionId, a.shipping])).toEqual([
          ["DE", option.northTracked, 10.5],
          ["US", option.southPost, 6],
          [null, null, 0],
        ])
        expect((await quote({ country: "FR" })).status).toBe(400)
        expect((await quote({ sessionId, country: "FRA" })).data).toEqual({ error: "Country must be a two-letter ISO 3166-1 code" })
      })
    })

    describe("checkout", () => {
      it("charges each artist's shipping, pays it to them in full and takes commission on the merchandise only", async () => {
        const { sessionId } = await fillCart(CART)
        const res = await checkout({
          sessionId,
          shippingOption: "single_address",
          shippingAddress: FR_ADDRESS,
          shippingMethods: { [org["studio-north"]]: option.northExpress },
        })
        expect(res.status).toBe(200)
        // 128.43 merchandise + 30.00 shipping (Express 24 + Post 6); fee 12 % of 128.43 = 15.41;
        // processing (128.43 + 30 + 15.41) x 0.029 + 0.30 = 5.34; total 179.18.
        const fees = computeGalleryFees(12843, 3000)
        expect(fees).toEqual({ subtotalCents: 12843, shippingCents: 3000, galleryFeeCents: 1541, stripeFeeCents: 534, totalCents: 17918 })
        expect(res.data.total).toBe(179.18)
        expect(res.data.breakdown).toEqual({ subtotal: 128.43, shipping: 30, galleryFee: 15.41, stripeFee: 5.34, total: 179.18 })
        expect(res.data.artists).toEqual([
          {
            orgId: org["studio-north"],
            artistName: "Studio North",
            itemCount: 2,
            subtotal: 69.98,
            shipping: 24,
            shippingMethod: { id: option.northExpress, name: "Express" },
            artistPayout: 85.58,
          },
          {
            orgId: org["studio-south"],
            artistName: "Studio South",
            itemCount: 1,
            subtotal: 45.5,
            shipping: 6,
            shippingMethod: { id: option.southPost, name: "Post" },
            artistPayout: 46.04,
          },
          { orgId: org["studio-east"], artistName: "Studio East", itemCount: 1, subtotal: 12.95, shipping: 0, shippingMethod: null, artistPayout: 11.4 },
        ])
        expect(artistPayoutCents(6998, 2400)).toBe(8558)

        const [order] = await rows(`SELECT * FROM gallery_order WHERE public_id = ?`, [res.data.publicId])
        expect(order).toMatchObject({ subtotal_cents: 12843, shipping_cents: 3000, total_cents: 17918 })
        const [intent] = await rows(`SELECT amount FROM sandbox_payment_intent WHERE id = ?`, [order.payment_intent_id])
        expect(Number(intent.amount)).toBe(17918)
        const artists = await rows(
          `SELECT organization_id, shipping_cents, shipping_option_id, shipping_option_name, shipping_country, payout_cents
           FROM gallery_artist_order WHERE gallery_order_id = ? ORDER BY created_at`,
          [order.id]
        )
        expect(artists).toEqual([
          { organization_id: org["studio-north"], shipping_cents: 2400, shipping_option_id: option.northExpress, shipping_option_name: "Express", shipping_country: "FR", payout_cents: 8558 },
          { organization_id: org["studio-south"], shipping_cents: 600, shipping_option_id: option.southPost, shipping_option_name: "Post", shipping_country: "FR", payout_cents: 4604 },
          { organization_id: org["studio-east"], shipping_cents: 0, shipping_option_id: null, shipping_option_name: null, shipping_country: null, payout_cents: 1140 },
        ])

        // Paid: the transfers send 88 % of the merchandise plus all of the shipping.
        await payAndConfirm(res.data.publicId)
        const transfers = await rows(`SELECT amount, destination, idempotency_key FROM sandbox_transfer WHERE transfer_group = ? ORDER BY amount DESC`, [order.transfer_group])
        expect(transfers.map((t) => [Number(t.amount), t.destination])).toEqual([
          [8558, "acct_north"],
          [4604, "acct_south"],
          // Studio East (onboarded by the demo seed): 88 % of 12.95, no shipping.
          [1140, expect.stringMatching(/^acct_/)],
        ])

        // Every view shows it: the public order and the confirmation email.
        const view = await api.get(`/api/gallery/orders/${res.data.publicId}`, anyStatus)
        expect(view.data.order).toMatchObject({ subtotal: 128.43, shipping: 30, total: 179.18 })
        expect(view.data.order.artistOrders.map((a: Row) => [a.artistName, a.shipping, a.shippingMethod])).toEqual([
          ["Studio North", 24, "Express"],
          ["Studio South", 6, "Post"],
          ["Studio East", 0, null],
        ])
        const [confirmation] = await rows(
          `SELECT data FROM notification WHERE template = 'gallery-order-confirmation' AND resource_id = ?`,
          [order.id]
        )
        expect(confirmation.data).toMatchObject({ shipping: 30, total: 179.18 })

        // The Medusa order book: each artist's order carries the option charged and its amount.
        const mirrors = await rows(
          `SELECT l.order_id, ao.organization_id FROM gallery_gallery_artist_order_order_order l
           JOIN gallery_artist_order ao ON ao.id = l.gallery_artist_order_id
           WHERE ao.gallery_order_id = ? AND l.deleted_at IS NULL`,
          [order.id]
        )
        const north = mirrors.find((m) => m.organization_id === org["studio-north"]) as Row
        const admin = await api.get(`/admin/orders/${north.order_id}?fields=id,total,*shipping_methods`, bearer(token.admin))
        expect(admin.status).toBe(200)
        expect(admin.data.order.shipping_methods).toEqual([
          expect.objectContaining({ name: "Express", amount: 24, shipping_option_id: option.northExpress }),
        ])
        expect(admin.data.order.total).toBeCloseTo(69.98 + 24, 2)
        const east = mirrors.find((m) => m.organization_id === org["studio-east"]) as Row
        const eastOrder = await api.get(`/admin/orders/${east.order_id}?fields=id,*shipping_methods`, bearer(token.admin))
        expect(eastOrder.data.order.shipping_methods).toEqual([expect.objectContaining({ amount: 0, name: "Shipped by the artist" })])
      })

      it("refuses an artist that does not ship there, or an option it does not offer, writing nothing", async () => {
        const { sessionId } = await fillCart(CART)
        const before = { orders: await countRows(pg, "gallery_order"), intents: await countRows(pg, "sandbox_payment_intent") }
        const japan = await checkout({ sessionId, shippingOption: "single_address", shippingAddress: { ...FR_ADDRESS, country: "JP" } })
        expect(japan.status).toBe(400)
        expect(japan.data).toEqual({ error: "Artist does not ship to JP" })
        expect(japan.headers["x-error-field"]).toBe(`shippingMethods.${org["studio-north"]}`)

        const foreign = await checkout({
          sessionId,
          shippingOption: "single_address",
          shippingAddress: FR_ADDRESS,
          shippingMethods: { [org["studio-north"]]: option.southPost },
        })
        expect(foreign.status).toBe(400)
        expect(foreign.data).toEqual({ error: SHIPPING_MESSAGES.optionUnavailable })
        // Refused before the payment intent: no intent, no order.
        expect({ orders: await countRows(pg, "gallery_order"), intents: await countRows(pg, "sandbox_payment_intent") }).toEqual(before)
      })

      it("per_artist: each artist's destination at checkout, and the address given later must be in it", async () => {
        const { sessionId } = await fillCart(CART)
        const missing = await checkout({ sessionId, shippingOption: "per_artist", countries: { [org["studio-north"]]: "DE" } })
        expect(missing.status).toBe(400)
        expect(missing.data).toEqual({ error: SHIPPING_MESSAGES.countryRequired })
        expect(missing.headers["x-error-field"]).toBe(`countries.${org["studio-south"]}`)

        const res = await checkout({
          sessionId,
          shippingOption: "per_artist",
          countries: { [org["studio-north"]]: "DE", [org["studio-south"]]: "US" },
        })
        expect(res.status).toBe(200)
        expect(res.data.breakdown.shipping).toBe(16.5)
        const address = (orgId: string, country: string) =>
          api.post(
            `/api/gallery/orders/${res.data.publicId}/addresses`,
            { orgId, email: COLLECTOR_EMAIL, shippingAddress: { ...FR_ADDRESS, country } },
            anyStatus
          )
        const elsewhere = await address(org["studio-north"], "FR")
        expect(elsewhere.status).toBe(400)
        expect(elsewhere.data).toEqual({ error: SHIPPING_MESSAGES.addressCountry("DE") })
        expect(elsewhere.headers["x-error-field"]).toBe("shippingAddress.country")
        expect(await countRows(pg, "gallery_artist_order_address_change")).toBe(0)
        expect((await address(org["studio-north"], "DE")).status).toBe(200)
        // An artist without rates was charged nothing: any country will do.
        expect((await address(org["studio-east"], "JP")).status).toBe(200)
      })

      it("a contract client buying from an artist without rates gets the contract's body, to the cent", async () => {
        const { sessionId } = await fillCart([["studio-east-print", 2]])
        const res = await checkout({ sessionId, shippingOption: "single_address", shippingAddress: COLLECTOR_ADDRESS })
        expect(res.status).toBe(200)
        // 25.90; fee 3.108 -> 3.11; (25.90 + 3.11) x 0.029 + 0.30 = 1.14129 -> 1.14; total 30.15. No shipping fields.
        expect(res.data.breakdown).toEqual({ subtotal: 25.9, galleryFee: 3.11, stripeFee: 1.14, total: 30.15 })
        expect(Object.keys(res.data.artists[0]).sort()).toEqual(["artistName", "artistPayout", "itemCount", "orgId", "subtotal"])
        const view = await api.get(`/api/gallery/orders/${res.data.publicId}`, anyStatus)
        expect(view.data.order).not.toHaveProperty("shipping")
        expect(view.data.order.artistOrders[0]).not.toHaveProperty("shipping")
      })
    })
  },
})
