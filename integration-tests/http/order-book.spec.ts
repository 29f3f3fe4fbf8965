import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { backfillOrderBook } from "../../src/jobs/backfill-order-book"
import { mirrorPaidGalleryOrder } from "../../src/outbox/handlers/medusa-order-book"
import { syncArtistOrderMirror } from "../../src/order-book/sync"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { outboxDrained, selectRows, waitFor } from "../helpers/db"
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
type Slug = "studio-north" | "studio-south" | "studio-east"

const HANDLES = ["studio-north-original", "studio-north-print", "studio-south-print", "studio-east-print"]
const ORG_SLUGS = ["studio-north", "studio-south", "studio-east"]

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const product: Record<string, string> = {}
    const org: Record<string, string> = {}
    const token: Record<string, string> = {}

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(product, await productIdsByHandle(container, HANDLES))
      Object.assign(org, await orgIdsBySlug(container, ORG_SLUGS))
      token.admin = await loginDemoAdmin(api)
      token["studio-north"] = await loginDemoMember(api, "north@atelier.test")
      token["studio-south"] = await loginDemoMember(api, "south@atelier.test")
      token.member = await loginDemoMember(api, "member@atelier.test").catch(() => "")
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    })

    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)

    /** A paid gallery checkout (sandbox payment + confirm); returns the gallery order and its artist orders. */
    async function placeOrder(lines: [string, number][], pay = true) {
      const sessionId = crypto.randomUUID()
      const cookie = { headers: { cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
      for (const [handle, quantity] of lines) {
        expect((await api.post("/api/gallery/cart/add", { productId: product[handle], quantity }, cookie)).status).toBe(200)
      }
      const checkout = await api.post(
        "/api/gallery/checkout",
        { sessionId, email: COLLECTOR_EMAIL, shippingOption: "single_address", shippingAddress: COLLECTOR_ADDRESS },
        anyStatus
      )
      expect(checkout.status).toBe(200)
      const [order] = await rows(`SELECT id, public_id, payment_intent_id FROM gallery_order WHERE public_id = ?`, [
        checkout.data.publicId,
      ])
      if (pay) {
        const paid = await api.post(`/api/sandbox/payment-intents/${order.payment_intent_id}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)
        expect(paid.status).toBe(200)
        const confirmed = await api.post("/api/gallery/checkout/confirm", { paymentIntentId: order.payment_intent_id }, anyStatus)
        expect(confirmed.status).toBe(200)
        expect(await outboxDrained(pg, 20000)).toBe(0)
      }
      const artist: Record<string, string> = {}
      for (const a of await rows(`SELECT id, organization_id FROM gallery_artist_order WHERE gallery_order_id = ?`, [order.id])) {
        artist[Object.keys(org).find((s) => org[s] === a.organization_id) as string] = a.id
      }
      return { id: order.id as string, publicId: order.public_id as string, artist }
    }

    async function mirrorOf(artistOrderId: string): Promise<string | null> {
      const [row] = await rows(
        `SELECT order_id FROM gallery_gallery_artist_order_order_order WHERE gallery_artist_order_id = ? AND deleted_at IS NULL`,
        [artistOrderId]
      )
      return row?.order_id ?? null
    }

    async function salesChannelOf(slug: string): Promise<string> {
      const [row] = await rows(
        `SELECT sales_channel_id FROM organization_organization_sales_channel_sales_channel WHERE organization_id = ?`,
        [org[slug]]
      )
      return row.sales_channel_id
    }

    describe("the Medusa order book", () => {
      it("mirrors each paid artist order as one Medusa order in its organization's sales channel, idempotently", async () => {
        const placed = await placeOrder([["studio-north-print", 2], ["studio-south-print", 1]])
        const admin = await api.get(`/admin/orders?fields=id,email,sales_channel_id,metadata,total,subtotal,region_id,currency_code,*items,*shipping_address&limit=50`, bearer(token.admin))
        expect(admin.status).toBe(200)
        const mirrors = (admin.data.orders as Row[]).filter((o) => o.metadata?.gallery_order_id === placed.id)
        expect(mirrors).toHaveLength(2)
        const north = mirrors.find((o) => o.metadata.artist_order_id === placed.artist["studio-north"]) as Row
        const south = mirrors.find((o) => o.metadata.artist_order_id === placed.artist["studio-south"]) as Row
        expect(north.sales_channel_id).toBe(await salesChannelOf("studio-north"))
        expect(south.sales_channel_id).toBe(await salesChannelOf("studio-south"))
        expect(north).toMatchObject({ email: COLLECTOR_EMAIL, currency_code: "usd" })
        expect(north.metadata).toEqual({
          source: "gallery",
          gallery_public_id: placed.publicId,
          gallery_order_id: placed.id,
          artist_order_id: placed.artist["studio-north"],
        })
        expect(north.items).toHaveLength(1)
        expect(north.items[0]).toMatchObject({ quantity: 2, unit_price: 34.99 })
        expect(north.total).toBeCloseTo(69.98, 2)
        expect(south.total).toBeCloseTo(45.5, 2)
        expect(north.shipping_address).toMatchObject({ first_name: "Ada", last_name: "Collector", city: "Portland", country_code: "us" })
        expect(await mirrorOf(placed.artist["studio-north"])).toBe(north.id)

        // Replays and races: still one order per artist order.
        await Promise.all([
          mirrorPaidGalleryOrder(container, { id: placed.id, referral_session_id: null, charge_id: null }),
          syncArtistOrderMirror(container, placed.artist["studio-north"]),
          syncArtistOrderMirror(container, placed.artist["studio-north"]),
        ])
        const [{ n }] = await rows(`SELECT count(*)::int AS n FROM "order" WHERE metadata->>'gallery_order_id' = ?`, [placed.id])
        expect(n).toBe(2)
      })
    })
  },
})
