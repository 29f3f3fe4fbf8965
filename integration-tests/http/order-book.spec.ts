import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { IOrderModuleService, IPaymentModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { backfillOrderBook } from "../../src/jobs/backfill-order-book"
import { GALLERY_MODULE } from "../../src/modules/gallery"
import type GalleryModuleService from "../../src/modules/gallery/service"
import { orderPaymentIds } from "../../src/lib/order-payments"
import { dispatchGalleryOutbox } from "../../src/processes/outbox/dispatch"
import { mirrorPaidGalleryOrders } from "../../src/processes/outbox/handlers/medusa-order-book"
import { syncArtistOrderMirror } from "../../src/processes/order-book/sync"
import { ensureOrderBookSetup } from "../../src/workflows/order-book/utils/shipping-setup"
import { listOrganizationOrders } from "../../src/queries/medusa/order-book"
import { derivedOrderId } from "../../src/lib/order-book"
import { cancelOrderWorkflow, createOrderWorkflow } from "@medusajs/medusa/core-flows"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { outboxDrained, selectRows } from "../helpers/db"
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
    const collectionOf = (orderId: string) => orderPaymentIds(orderId).collectionId

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
        const locks = jest.spyOn(container.resolve(Modules.LOCKING), "execute")
        await Promise.all([
          mirrorPaidGalleryOrders(container, [{ id: placed.id, referral_session_id: null, charge_id: null }]),
          syncArtistOrderMirror(container, placed.artist["studio-north"]),
          syncArtistOrderMirror(container, placed.artist["studio-north"]),
        ])
        const [{ n }] = await rows(`SELECT count(*)::int AS n FROM "order" WHERE metadata->>'gallery_order_id' = ?`, [placed.id])
        expect(n).toBe(2)
        // Only the artist orders' locks, each leased (a crashed holder frees it): the existing set-up is read, not
        // locked — a lock a killed process held once kept a restarted worker's whole outbox waiting.
        const keys = locks.mock.calls.map(([key]) => key)
        expect(keys.length).toBeGreaterThan(0)
        expect(keys.flat().every((key) => key.startsWith("order-book:") && key !== "order-book:setup")).toBe(true)
        expect(locks.mock.calls.every(([, , options]) => typeof options?.expire === "number")).toBe(true)
        locks.mockRestore()
      })

      it("ships through /api/orders/{id}/ship (gallery workflow + Medusa fulfilment), the gallery route, delivery", async () => {
        const placed = await placeOrder([["studio-north-print", 1], ["studio-south-print", 2]])
        const north = (await mirrorOf(placed.artist["studio-north"])) as string
        const south = (await mirrorOf(placed.artist["studio-south"])) as string
        const auth = bearer(token["studio-north"])

        // Validation and access before anything is written.
        expect((await api.post(`/api/orders/${north}/ship`, { carrier: "UPS" }, auth)).status).toBe(400)
        expect((await api.post(`/api/orders/${north}/ship`, { tracking_number: "1Z1", carrier: "DHL" }, auth)).status).toBe(400)
        expect((await api.post(`/api/orders/${north}/ship`, { tracking_number: "x".repeat(101) }, auth)).status).toBe(400)
        expect((await api.post(`/api/orders/${south}/ship`, { tracking_number: "1Z1" }, auth)).status).toBe(403)
        expect((await api.post(`/api/orders/order_unknown/ship`, { tracking_number: "1Z1" }, auth)).status).toBe(404)
        expect((await api.post(`/api/orders/${north}/ship`, { tracking_number: "1Z1" }, anyStatus)).status).toBe(401)

        // Shipped and read back at once, before the outbox writes Medusa's fulfilment (no dispatcher runs meanwhile):
        // the order view says shipped and shows the shipment, from the gallery's record.
        const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
        const held = jest.spyOn(gallery, "claimOutboxMessages").mockResolvedValue([])
        const shipped = await api.post(`/api/orders/${north}/ship`, { carrier: "ups", tracking_number: "1Z999AA10123456784" }, auth)
        expect(shipped.status).toBe(200)
        expect(shipped.data).toMatchObject({ success: true, order: { id: north, status: "shipped", tracking_number: "1Z999AA10123456784" } })
        const atOnce = await api.get(`/api/dashboard/orders/${north}`, auth)
        expect(await rows(`SELECT fulfillment_id FROM order_fulfillment WHERE order_id = ?`, [north])).toEqual([])
        expect(atOnce.data.order).toMatchObject({
          status: "shipped",
          fulfillments: [
            {
              carrier: "UPS",
              tracking_number: "1Z999AA10123456784",
              tracking_url: expect.stringContaining("1Z999AA10123456784"),
              shipped_at: shipped.data.order.shipped_at,
              delivered_at: null,
            },
          ],
        })
        held.mockRestore()
        await dispatchGalleryOutbox(container)
        const [artistOrder] = await rows(`SELECT status, carrier, tracking_number FROM gallery_artist_order WHERE id = ?`, [placed.artist["studio-north"]])
        expect(artistOrder).toMatchObject({ status: "shipped", carrier: "UPS", tracking_number: "1Z999AA10123456784" })
        const [parent] = await rows(`SELECT status FROM gallery_order WHERE id = ?`, [placed.id])
        expect(parent.status).toBe("partially_shipped")
        await outboxDrained(pg, 20000)
        expect(await rows(`SELECT handler, last_error FROM gallery_outbox_message WHERE delivered_at IS NULL`)).toEqual([])
        const admin = await api.get(`/admin/orders/${north}?fields=id,*fulfillments,*fulfillments.labels`, bearer(token.admin))
        expect(admin.status).toBe(200)
        expect(admin.data.order.fulfillments).toHaveLength(1)
        expect(admin.data.order.fulfillments[0].shipped_at).toBeTruthy()
        expect(admin.data.order.fulfillments[0].labels[0]).toMatchObject({ tracking_number: "1Z999AA10123456784" })
        const [{ n: emails }] = await rows(
          `SELECT count(*)::int AS n FROM notification WHERE template = 'gallery-order-shipped' AND resource_id = ?`,
          [placed.artist["studio-north"]]
        )
        expect(emails).toBe(1)
        // The stock reservation was handed over and consumed by Medusa's fulfilment: none left for the line.
        const [{ n: left }] = await rows(
          `SELECT count(*)::int AS n FROM reservation_item WHERE external_id = ? AND deleted_at IS NULL AND line_item_id IN
             (SELECT id FROM gallery_artist_order_item WHERE artist_order_id = ?)`,
          [placed.id, placed.artist["studio-north"]]
        )
        expect(left).toBe(0)
        // Shipping again: the gallery's message; replaying the handler makes no second fulfilment.
        const again = await api.post(`/api/orders/${north}/ship`, { tracking_number: "2" }, auth)
        expect(again.status).toBe(400)
        expect(again.data.error).toBe("Order already shipped")
        await syncArtistOrderMirror(container, placed.artist["studio-north"])
        const [{ n: fulfilments }] = await rows(`SELECT count(*)::int AS n FROM order_fulfillment WHERE order_id = ?`, [north])
        expect(fulfilments).toBe(1)

        // The gallery route ships the south order: its Medusa order gets a fulfilment too; then delivered.
        const viaGallery = await api.post(`/api/gallery/artist/orders/${placed.artist["studio-south"]}/ship`, { trackingNumber: "9400100000000000000000", carrier: "USPS" }, bearer(token["studio-south"]))
        expect(viaGallery.status).toBe(200)
        expect(await outboxDrained(pg, 20000)).toBe(0)
        const delivered = await api.post(`/api/gallery/artist/orders/${placed.artist["studio-south"]}/status`, { status: "delivered" }, bearer(token["studio-south"]))
        expect(delivered.status).toBe(200)
        expect(await outboxDrained(pg, 20000)).toBe(0)
        const detail = await api.get(`/api/dashboard/orders/${south}`, bearer(token["studio-south"]))
        expect(detail.status).toBe(200)
        expect(detail.data.order).toMatchObject({ status: "delivered", source: "gallery", gallery_public_id: placed.publicId })
        expect(detail.data.order.fulfillments).toEqual([
          expect.objectContaining({ carrier: "USPS", tracking_number: "9400100000000000000000" }),
        ])
        expect(detail.data.order.fulfillments[0].shipped_at).toBeTruthy()
        const [southPayout] = await rows(`SELECT status FROM gallery_payout WHERE artist_order_id = ?`, [placed.artist["studio-south"]])
        expect(detail.data.order.payout).toEqual({ amount: 80.08, status: southPayout.status })
      })

      it("cancels the mirrors with the gallery order, and back-fills a missing mirror", async () => {
        const placed = await placeOrder([["studio-north-print", 1], ["studio-east-print", 1]])
        const cancelled = await api.post(`/api/admin/gallery-orders/${placed.publicId}/cancel`, {}, bearer(token.admin))
        expect(cancelled.status).toBe(200)
        expect(await outboxDrained(pg, 20000)).toBe(0)
        const [north] = await rows(`SELECT status FROM "order" WHERE id = ?`, [await mirrorOf(placed.artist["studio-north"])])
        expect(north.status).toBe("canceled")
        const list = await api.get(`/api/dashboard/orders?status=cancelled`, bearer(token["studio-north"]))
        expect(list.data.orders.map((o: Row) => o.gallery_public_id)).toContain(placed.publicId)

        // A paid artist order whose mirror is missing (as before the order book existed) gets one from the job.
        const other = await placeOrder([["studio-south-print", 1]])
        const mirror = (await mirrorOf(other.artist["studio-south"])) as string
        await pg.raw(`DELETE FROM gallery_gallery_artist_order_order_order WHERE order_id = ?`, [mirror])
        await pg.raw(`DELETE FROM "order" WHERE id = ?`, [mirror])
        const result = await backfillOrderBook(container, { graceSeconds: 0 })
        expect(result.failed).toBe(0)
        expect(result.mirrored).toBeGreaterThanOrEqual(1)
        const rebuilt = await mirrorOf(other.artist["studio-south"])
        // Made again under the same id: a mirror's id derives from its artist order's.
        expect(rebuilt).toBe(mirror)
        expect(mirror).toBe(derivedOrderId(other.artist["studio-south"]))
        expect(await rows(`SELECT id FROM "order" WHERE id = ? AND deleted_at IS NULL`, [rebuilt])).toHaveLength(1)
        expect((await backfillOrderBook(container, { graceSeconds: 0 })).mirrored).toBe(0)

        // An orphan (a run that died between the order and its link): linked again, not duplicated.
        await pg.raw(`DELETE FROM gallery_gallery_artist_order_order_order WHERE order_id = ?`, [rebuilt])
        expect(await mirrorOf(other.artist["studio-south"])).toBeNull()
        expect((await backfillOrderBook(container, { graceSeconds: 0 })).failed).toBe(0)
        expect(await mirrorOf(other.artist["studio-south"])).toBe(rebuilt)
        const [{ orders }] = await rows(`SELECT count(*)::int AS orders FROM "order" WHERE metadata->>'gallery_order_id' = ?`, [other.id])
        expect(orders).toBe(1)

        // Creating a missing mirror races safely: the batch handler (twice) and the job make one Medusa order.
        await pg.raw(`DELETE FROM gallery_gallery_artist_order_order_order WHERE order_id = ?`, [rebuilt])
        await pg.raw(`DELETE FROM "order" WHERE id = ?`, [rebuilt])
        const payload = { id: other.id, referral_session_id: null, charge_id: null }
        await Promise.all([
          mirrorPaidGalleryOrders(container, [payload, payload]),
          mirrorPaidGalleryOrders(container, [payload]),
          backfillOrderBook(container, { graceSeconds: 0 }),
        ])
        const [{ n }] = await rows(`SELECT count(*)::int AS n FROM "order" WHERE metadata->>'gallery_order_id' = ?`, [other.id])
        expect(n).toBe(1)
        expect(await mirrorOf(other.artist["studio-south"])).toBeTruthy()
      })

      it("records every order's payment in Medusa: gallery mirrors and store orders captured with nothing outstanding, a cancelled one refunded", async () => {
        const admin = bearer(token.admin)
        const north = bearer(token["studio-north"])
        /** Medusa's own admin API, as its Orders list and order page read it. */
        const medusaOrder = async (id: string) => {
          const res = await api.get(`/admin/orders/${id}?fields=+payment_status`, admin)
          expect(res.status).toBe(200)
          return res.data.order as Row
        }
        const captured = async (id: string, total: number) => {
          const order = await medusaOrder(id)
          expect([id, order.payment_status, order.summary.pending_difference]).toEqual([id, "captured", 0])
          expect(order.payment_collections).toHaveLength(1)
          expect(order.payment_collections[0]).toMatchObject({ id: collectionOf(id), status: "completed", amount: total, captured_amount: total })
          expect(order.payment_collections[0].payments).toHaveLength(1)
          expect(order.payment_collections[0].payments[0]).toMatchObject({ provider_id: "pp_system_default", amount: total })
          expect(order.payment_collections[0].payments[0].captures).toHaveLength(1)
          expect(order.summary.paid_total).toBeCloseTo(total, 2)
          return order
        }

        // A gallery order of two artists: each mirror captured for its own total.
        const placed = await placeOrder([["studio-north-print", 2], ["studio-south-print", 1]])
        const northMirror = (await mirrorOf(placed.artist["studio-north"])) as string
        const southMirror = (await mirrorOf(placed.artist["studio-south"])) as string
        await captured(northMirror, 69.98)
        await captured(southMirror, 45.5)
        const list = await api.get(`/admin/orders?fields=+payment_status&limit=100`, admin)
        expect(list.status).toBe(200)
        const listed = new Map((list.data.orders as Row[]).map((o) => [o.id, o]))
        expect(listed.get(northMirror)).toMatchObject({ payment_status: "captured", summary: expect.objectContaining({ pending_difference: 0 }) })

        // A store checkout order (Stripe destination charge through the local gateway): captured too.
        const variant = (await rows(`SELECT id FROM product_variant WHERE product_id = ? AND deleted_at IS NULL`, [product["studio-north-print"]]))[0].id
        const intent = await api.post(
          "/api/create-payment-intent",
          { org_id: org["studio-north"], customer_email: "shopper@store.test", items: [{ product_id: product["studio-north-print"], variant_id: variant, quantity: 1 }] },
          anyStatus
        )
        expect(intent.status).toBe(200)
        const intentId = intent.data.clientSecret.split("_secret_")[0]
        expect((await api.post(`/api/sandbox/payment-intents/${intentId}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)).status).toBe(200)
        expect(await outboxDrained(pg, 20000)).toBe(0)
        const [storePayment] = await rows(`SELECT order_id FROM store_payment WHERE payment_intent_id = ?`, [intentId])
        await captured(storePayment.order_id, 34.99)
        expect((await api.get(`/admin/orders?fields=+payment_status&limit=100`, admin)).data.orders.find((o: Row) => o.id === storePayment.order_id)).toMatchObject({
          payment_status: "captured",
        })

        // Replays, the back-fill job and racing syncs record nothing twice.
        await Promise.all([
          mirrorPaidGalleryOrders(container, [{ id: placed.id, referral_session_id: null, charge_id: null }]),
          syncArtistOrderMirror(container, placed.artist["studio-north"]),
          backfillOrderBook(container, { graceSeconds: 0 }),
        ])
        const [{ collections, payments, captures, transactions }] = await rows(
          `SELECT (SELECT count(*)::int FROM payment_collection WHERE id = ANY(?)) AS collections,
                  (SELECT count(*)::int FROM payment WHERE payment_collection_id = ANY(?)) AS payments,
                  (SELECT count(*)::int FROM capture c JOIN payment p ON p.id = c.payment_id WHERE p.payment_collection_id = ANY(?)) AS captures,
                  (SELECT count(*)::int FROM order_transaction WHERE order_id = ANY(?) AND deleted_at IS NULL) AS transactions`,
          [
            ...Array(3).fill([northMirror, southMirror, storePayment.order_id].map(collectionOf)),
            [northMirror, southMirror, storePayment.order_id],
          ]
        )
        expect({ collections, payments, captures, transactions }).toEqual({ collections: 3, payments: 3, captures: 3, transactions: 3 })
        await captured(northMirror, 69.98)

        // Cancelled and refunded by the gallery: Medusa's order is cancelled with its payment refunded, and every
        // view of Atelier says refunded too.
        const cancelledOrder = await placeOrder([["studio-north-print", 1]])
        const cancelledMirror = (await mirrorOf(cancelledOrder.artist["studio-north"])) as string
        expect((await api.post(`/api/admin/gallery-orders/${cancelledOrder.publicId}/cancel`, {}, admin)).status).toBe(200)
        expect(await outboxDrained(pg, 20000)).toBe(0)
        const refunded = await medusaOrder(cancelledMirror)
        expect(refunded).toMatchObject({ status: "canceled", payment_status: "refunded" })
        expect(refunded.payment_collections[0]).toMatchObject({ captured_amount: 34.99, refunded_amount: 34.99 })
        expect(refunded.summary).toMatchObject({ paid_total: 34.99, refunded_total: 34.99, pending_difference: 0 })
        expect((await api.get(`/api/dashboard/orders/${cancelledMirror}`, north)).data.order).toMatchObject({ status: "cancelled", payment_status: "refunded" })

        // Mirrors from before the order book recorded payments (no collection, no transaction) get theirs from the
        // back-fill job; one that was already cancelled in Medusa gets its refund recorded as well.
        const medusaPayments: IPaymentModuleService = container.resolve(Modules.PAYMENT)
        const medusaOrders: IOrderModuleService = container.resolve(Modules.ORDER)
        const forgetPayment = async (orderId: string) => {
          await container.resolve(ContainerRegistrationKeys.LINK).dismiss({
            [Modules.ORDER]: { order_id: orderId },
            [Modules.PAYMENT]: { payment_collection_id: collectionOf(orderId) },
          })
          await medusaPayments.deletePaymentCollections([collectionOf(orderId)])
          const transactionIds = (await rows(`SELECT id FROM order_transaction WHERE order_id = ?`, [orderId])).map((t) => t.id)
          if (transactionIds.length) await medusaOrders.deleteOrderTransactions(transactionIds)
        }
        const old = await placeOrder([["studio-north-print", 1], ["studio-east-print", 1]])
        const oldPaid = (await mirrorOf(old.artist["studio-north"])) as string
        const oldCancelled = (await mirrorOf(old.artist["studio-east"])) as string
        await forgetPayment(oldPaid)
        await forgetPayment(storePayment.order_id)
        expect((await medusaOrder(oldPaid)).payment_status).toBe("not_paid")
        // A run that fails at its last write (the database refuses the order transaction) leaves nothing half-made:
        // the collection it made is deleted with the session, payment and capture under it; the next run records the
        // payment once.
        await pg.raw(`ALTER TABLE order_transaction ADD CONSTRAINT test_refuses CHECK (order_id <> '${oldPaid}') NOT VALID`)
        // (A workflow rejects with its error serialized, not an Error.)
        await expect(syncArtistOrderMirror(container, old.artist["studio-north"])).rejects.toMatchObject({
          message: expect.stringContaining("test_refuses"),
        })
        await pg.raw(`ALTER TABLE order_transaction DROP CONSTRAINT test_refuses`)
        const { collectionId, sessionId, paymentId, captureId } = orderPaymentIds(oldPaid)
        const [left] = await rows(
          `SELECT (SELECT count(*)::int FROM payment_collection WHERE id = ?) + (SELECT count(*)::int FROM payment_session WHERE id = ?)
                + (SELECT count(*)::int FROM payment WHERE id = ?) + (SELECT count(*)::int FROM capture WHERE id = ?)
                + (SELECT count(*)::int FROM order_payment_collection WHERE order_id = ? AND deleted_at IS NULL) AS n`,
          [collectionId, sessionId, paymentId, captureId, oldPaid]
        )
        expect(left.n).toBe(0)
        const backfilled = await backfillOrderBook(container, { graceSeconds: 0 })
        expect(backfilled).toMatchObject({ failed: 0, paid: 2 })
        await captured(oldPaid, 34.99)
        await captured(storePayment.order_id, 34.99)
        expect((await backfillOrderBook(container, { graceSeconds: 0 })).paid).toBe(0)

        await forgetPayment(oldCancelled)
        await cancelOrderWorkflow(container).run({ input: { order_id: oldCancelled, no_notification: true } })
        expect((await medusaOrder(oldCancelled)).payment_status).toBe("not_paid")
        expect((await api.post(`/api/admin/gallery-orders/${old.publicId}/cancel`, {}, admin)).status).toBe(200)
        expect(await outboxDrained(pg, 20000)).toBe(0)
        const lateRefund = await medusaOrder(oldCancelled)
        expect(lateRefund).toMatchObject({ status: "canceled", payment_status: "refunded" })
        expect(lateRefund.payment_collections[0]).toMatchObject({ captured_amount: 12.95, refunded_amount: 12.95 })
        expect(lateRefund.summary).toMatchObject({ refunded_total: 12.95, pending_difference: 0 })
        expect(await medusaOrder(oldPaid)).toMatchObject({ status: "canceled", payment_status: "refunded" })
      })

      it("lists, searches, paginates and guards the organization's orders; analytics; store orders ship in Medusa", async () => {
        const a = await placeOrder([["studio-north-print", 2]])
        const b = await placeOrder([["studio-north-original", 1], ["studio-south-print", 1]])
        const unpaid = await placeOrder([["studio-north-print", 1]], false)
        expect(unpaid.artist["studio-north"]).toBeTruthy()
        const auth = bearer(token["studio-north"])

        // A store order of studio-north (Medusa from the start).
        const setup = await ensureOrderBookSetup(container)
        const { result: store } = await createOrderWorkflow(container).run({
          input: {
            region_id: setup.regionId,
            sales_channel_id: await salesChannelOf("studio-north"),
            email: "walkin@store.test",
            items: [{ title: "Commission", quantity: 1, unit_price: 300 }],
            shipping_address: { first_name: "Walk", last_name: "In", address_1: "1 Main", city: "Austin", country_code: "us", postal_code: "73301" },
            metadata: { source: "store" },
          },
        })

        const all = await api.get(`/api/dashboard/orders`, auth)
        expect(all.status).toBe(200)
        expect(all.data.pagination).toEqual({ total: 3, page: 1, per_page: 20, total_pages: 1 })
        const byId = new Map((all.data.orders as Row[]).map((o) => [o.id, o]))
        const storeRow = byId.get(store.id) as Row
        expect(storeRow).toMatchObject({ source: "store", gallery_public_id: null, status: "pending", total: 300, customer_email: "walkin@store.test" })
        const aRow = byId.get((await mirrorOf(a.artist["studio-north"])) as string) as Row
        expect(aRow).toMatchObject({ source: "gallery", gallery_public_id: a.publicId, status: "paid", payment_status: "paid", subtotal: 69.98, total: 69.98, shipping_cost: 0, tax_amount: 0 })
        expect(aRow.order_number).toMatch(/^#\d+$/)

        // Filters, search, pagination edges.
        expect((await api.get(`/api/dashboard/orders?status=paid`, auth)).data.pagination.total).toBe(2)
        expect((await api.get(`/api/dashboard/orders?search=walkin`, auth)).data.orders.map((o: Row) => o.id)).toEqual([store.id])
        expect((await api.get(`/api/dashboard/orders?search=Ada%20Collector`, auth)).data.pagination.total).toBe(2)
        expect((await api.get(`/api/dashboard/orders?search=${encodeURIComponent(aRow.order_number)}`, auth)).data.orders.map((o: Row) => o.id)).toEqual([aRow.id])
        const page2 = await api.get(`/api/dashboard/orders?per_page=2&page=2`, auth)
        expect(page2.data.orders).toHaveLength(1)
        expect(page2.data.pagination).toEqual({ total: 3, page: 2, per_page: 2, total_pages: 2 })
        // A page costs its orders, not the order book: with one order per page, every per-order read of the statement
        // (amounts, items) runs once, though the organization has three orders.
        const statements: { sql: string; bindings: unknown[] }[] = []
        const capture = (query: { sql: string; bindings?: unknown[] }) => statements.push({ sql: query.sql, bindings: query.bindings ?? [] })
        pg.on("query", capture)
        try {
          const page = await listOrganizationOrders(pg, { organizationId: org["studio-north"], limit: 1, offset: 0 })
          expect(page.total).toBe(3)
        } finally {
          pg.off("query", capture)
        }
        expect(statements).toHaveLength(1)
        const [{ "QUERY PLAN": [plan] }] = (
          await pg.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${statements[0].sql.replace(/\$\d+/g, "?")}`, statements[0].bindings as Knex.RawBinding[])
        ).rows
        const loopsOf = (node: Row, relation: string): number[] => [
          ...(node["Relation Name"] === relation ? [node["Actual Loops"] as number] : []),
          ...((node.Plans ?? []) as Row[]).flatMap((child) => loopsOf(child, relation)),
        ]
        const orderItemLoops = loopsOf(plan.Plan, "order_item")
        expect(orderItemLoops.length).toBeGreaterThan(0)
        expect(Math.max(...orderItemLoops)).toBe(1)

        const past = await api.get(`/api/dashboard/orders?page=9`, auth)
        expect(past.status).toBe(200)
        expect(past.data).toEqual({ orders: [], pagination: { total: 3, page: 9, per_page: 20, total_pages: 1 } })
        for (const bad of ["per_page=0", "per_page=101", "per_page=x", "page=0", "page=1.5", "status=lost"]) {
          const res = await api.get(`/api/dashboard/orders?${bad}`, auth)
          expect([bad, res.status]).toEqual([bad, 400])
          expect(res.data.code).toBeTruthy()
        }

        // Cross-organization matrix: another org's order is 403 on every route; unknown 404.
        const southOrder = (await mirrorOf(b.artist["studio-south"])) as string
        for (const path of [`/api/dashboard/orders/${southOrder}`, `/api/orders/${southOrder}`]) {
          expect((await api.get(path, auth)).status).toBe(403)
          expect((await api.get(path.replace(southOrder, "order_nope"), auth)).status).toBe(404)
        }
        expect((await api.get(`/api/dashboard/orders?org_id=${org["studio-south"]}`, auth)).status).toBe(403)
        expect((await api.get(`/api/orders/${aRow.id}?org_id=${org["studio-south"]}`, auth)).status).toBe(403)

        // /api/orders list and customer filter.
        const platform = await api.get(`/api/orders`, auth)
        expect(platform.status).toBe(200)
        expect(platform.data.data).toHaveLength(3)
        const aPlatform = (platform.data.data as Row[]).find((o) => o.id === aRow.id) as Row
        expect(aPlatform).toMatchObject({ status: "paid", total_amount: 69.98, platform_fee: 8.4, customer: { email: COLLECTOR_EMAIL, name: "Ada Collector" } })
        expect(aPlatform.items).toEqual([expect.objectContaining({ quantity: 2, unit_price: 34.99 })])
        const byCustomer = await api.get(`/api/orders?customer_id=${aPlatform.customer.id}`, auth)
        expect(byCustomer.data.data.map((o: Row) => o.id).sort()).toEqual(
          (platform.data.data as Row[]).filter((o) => o.customer.email === COLLECTOR_EMAIL).map((o) => o.id).sort()
        )
        const one = await api.get(`/api/orders/${aRow.id}`, auth)
        const [aPayout] = await rows(`SELECT status FROM gallery_payout WHERE artist_order_id = ?`, [a.artist["studio-north"]])
        expect(one.data.data).toMatchObject({ id: aRow.id, payout: { amount: 61.58, status: aPayout.status } })

        // Analytics: the two paid gallery orders count as revenue; the unpaid store order is pending.
        const analytics = await api.get(`/api/analytics`, auth)
        expect(analytics.status).toBe(200)
        expect(analytics.data.revenue).toEqual({ total: 1319.98, currency: "usd" })
        expect(analytics.data.orders).toEqual({ total: 3, completed: 0, pending: 3 })
        expect(analytics.data.topProducts[0]).toMatchObject({ id: product["studio-north-original"], revenue: 1250, quantity: 1 })
        for (const bad of ["days=0", "days=366", "days=x"]) expect((await api.get(`/api/analytics?${bad}`, auth)).status).toBe(400)

        // The store order ships in Medusa directly.
        const shipped = await api.post(`/api/orders/${store.id}/ship`, { carrier: "FedEx", tracking_number: "7777" }, auth)
        expect(shipped.status).toBe(200)
        expect(shipped.data.order).toMatchObject({ id: store.id, status: "shipped", tracking_number: "7777" })
        const storeDetail = await api.get(`/api/dashboard/orders/${store.id}`, auth)
        expect(storeDetail.data.order).toMatchObject({ status: "shipped", payout: null, source: "store" })
        expect(storeDetail.data.order.fulfillments[0]).toMatchObject({ carrier: "FedEx", tracking_number: "7777" })
        expect((await api.post(`/api/orders/${store.id}/ship`, { tracking_number: "8" }, auth)).data.error).toBe("Order already shipped")
        const afterShip = await api.get(`/api/analytics`, auth)
        expect(afterShip.data.orders).toEqual({ total: 3, completed: 1, pending: 2 })
        expect(afterShip.data.revenue.total).toBe(1619.98)

        // A plain member of studio-north may ship too.
        if (token.member) {
          const byMember = await api.post(`/api/orders/${aRow.id}/ship`, { tracking_number: "1Z2" }, bearer(token.member))
          expect(byMember.status).toBe(200)
        }
      })
    })
  },
})
