import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { generateEntityId } from "@medusajs/framework/utils"
import { STORE_CHECKOUT_MESSAGES } from "../../src/lib/store-checkout"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { LOCAL_WEBHOOK_SECRET, signWebhookPayload } from "../../src/modules/payments"
import { dispatchGalleryOutbox } from "../../src/processes/outbox/dispatch"
import { STORE_ARTIST_NEW_ORDER_TEMPLATE, STORE_ORDER_CONFIRMATION_TEMPLATE } from "../../src/processes/outbox/handlers/store-order-paid"
import { refreshGalleryAnalyticsRollups } from "../../src/queries/analytics/rollups"
import { reconcileStoreSettlements } from "../../src/jobs/reconcile-gallery-settlements"
import { sendCartReminders, STORE_CART_REMINDER_TEMPLATE } from "../../src/processes/cart-recovery/send-cart-reminders"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../src/modules/payments"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { outboxDrained, selectRows, waitFor } from "../helpers/db"
import { startWebhookReceiver, verifySignatures } from "../helpers/webhook-receiver"
import { COLLECTOR_ADDRESS, loginDemoAdmin, loginDemoMember, orgIdsBySlug, productIdsByHandle, seedDemo } from "../helpers/demo-data"

jest.setTimeout(240000)

const SLUGS = ["studio-north", "studio-south", "studio-east", "studio-pending"] as const
const HANDLES = ["studio-north-print", "studio-north-original", "studio-north-draft", "studio-south-print", "studio-east-print", "studio-pending-print"] as const
const SHOPPER = "buyer@collector.test"
const WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET
const YEAR_MS = 365.25 * 24 * 3600 * 1000

type Line = { product_id: string; variant_id: string; quantity: number }

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const org = {} as Record<(typeof SLUGS)[number], string>
    const variant = {} as Record<(typeof HANDLES)[number], { product_id: string; variant_id: string }>

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(org, await orgIdsBySlug(container, SLUGS))
      const products = await productIdsByHandle(container, HANDLES)
      const rows = await selectRows(pg, `SELECT id, product_id FROM product_variant WHERE product_id = ANY(?) AND deleted_at IS NULL`, [
        Object.values(products),
      ])
      for (const handle of HANDLES) {
        const product_id = products[handle]
        variant[handle] = { product_id, variant_id: rows.find((r) => r.product_id === product_id)!.id }
      }
    })

    const line = (handle: (typeof HANDLES)[number], quantity = 1): Line => ({ ...variant[handle], quantity })
    const createIntent = (body: unknown, config: object = {}) => api.post("/api/create-payment-intent", body, { ...anyStatus, ...config })
    const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0]
    const pay = (intentId: string, method = "pm_card_visa") =>
      api.post(`/api/sandbox/payment-intents/${intentId}/confirm`, { payment_method: method }, anyStatus)
    const payment = async (intentId: string) => (await selectRows(pg, `SELECT * FROM store_payment WHERE payment_intent_id = ?`, [intentId]))[0]
    const ordersOfPayment = (paymentId: string) =>
      selectRows(pg, `SELECT * FROM "order" WHERE metadata->>'store_payment_id' = ? AND deleted_at IS NULL`, [paymentId])
    const available = async (handle: (typeof HANDLES)[number]) =>
      Number(
        (
          await selectRows(
            pg,
            `SELECT sum(il.stocked_quantity - il.reserved_quantity) AS n FROM product_variant_inventory_item pvii
             JOIN inventory_level il ON il.inventory_item_id = pvii.inventory_item_id AND il.deleted_at IS NULL
             WHERE pvii.variant_id = ? AND pvii.deleted_at IS NULL`,
            [variant[handle].variant_id]
          )
        )[0].n
      )
    const sendWebhook = (event: object) => {
      const payload = JSON.stringify(event)
      return api.post("/api/webhooks/payments", payload, {
        ...anyStatus,
        transformRequest: [(data: unknown) => data],
        headers: { "content-type": "application/json", "stripe-signature": signWebhookPayload(payload, WEBHOOK_SECRET) },
      })
    }
    /** Every outbox message delivered (by this test's dispatch, or by the one a settlement's nudge started). */
    const drained = async () => {
      await dispatchGalleryOutbox(container)
      expect(await outboxDrained(pg)).toBe(0)
    }
    const setEmailOrders = (token: string, value: boolean) =>
      api.request({ method: "put", url: "/api/settings/notifications", data: { email_orders: value }, ...bearer(token) })
    async function setOrganization(slug: (typeof SLUGS)[number], fields: Record<string, unknown>) {
      const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
      await organizations.updateOrganizations({ id: org[slug], ...fields })
    }
    async function restock(handle: (typeof HANDLES)[number], quantity: number) {
      await pg.raw(
        `UPDATE inventory_level SET stocked_quantity = reserved_quantity + ? WHERE inventory_item_id IN (
           SELECT inventory_item_id FROM product_variant_inventory_item WHERE variant_id = ? AND deleted_at IS NULL)`,
        [quantity, variant[handle].variant_id]
      )
    }

    describe("POST /api/create-payment-intent", () => {
      it("creates one destination charge of the Medusa subtotal with each plan's fee, public, prices never from the body", async () => {
        const cases = [
          { slug: "studio-north", handle: "studio-north-print", quantity: 2, rate: 0.05 },
          { slug: "studio-south", handle: "studio-south-print", quantity: 1, rate: 0.03 },
          { slug: "studio-east", handle: "studio-east-print", quantity: 3, rate: 0.01 },
        ] as const
        for (const c of cases) {
          const res = await createIntent({
            org_id: org[c.slug],
            customer_email: ` ${SHOPPER.toUpperCase()} `,
            items: [{ ...line(c.handle, c.quantity), price: 0.01 }],
          })
          expect([c.slug, res.status]).toEqual([c.slug, 200])
          expect(Object.keys(res.data).sort()).toEqual(["clientSecret", "platformFee"])
          const intentId = intentIdOf(res.data.clientSecret)
          const stored = await payment(intentId)
          const [organization] = await selectRows(pg, `SELECT stripe_account_id FROM organization WHERE id = ?`, [org[c.slug]])
          const sandbox = await api.get(`/api/sandbox/payment-intents/${intentId}`, anyStatus)
          expect(sandbox.status).toBe(200)
          const subtotal = stored.subtotal_cents / 100
          expect(stored).toMatchObject({ organization_id: org[c.slug], customer_email: SHOPPER, status: "pending", origin: "payment_intent" })
          expect(stored.items[0].unit_price_cents * c.quantity).toBe(stored.subtotal_cents)
          expect(stored.platform_fee_cents).toBe(Math.round(stored.subtotal_cents * c.rate))
          expect(res.data.platformFee).toBe(stored.platform_fee_cents / 100)
          expect(sandbox.data).toMatchObject({
            status: "requires_payment_method",
            amount: subtotal,
            currency: "usd",
            application_fee_amount: res.data.platformFee,
            transfer_data: { destination: organization.stripe_account_id },
            metadata: { kind: "store", org_id: org[c.slug] },
            refunds: [],
          })
        }
      })

      it("charges a founding artist nothing until two calendar years after founding_artist_since, then the plan's rate", async () => {
        const body = { org_id: org["studio-north"], customer_email: SHOPPER, items: [line("studio-north-print")] }
        await setOrganization("studio-north", { founding_artist_since: new Date(Date.now() - YEAR_MS) })
        const founding = await createIntent(body)
        expect(founding.data.platformFee).toBe(0)
        const within = new Date()
        within.setUTCFullYear(within.getUTCFullYear() - 2)
        await setOrganization("studio-north", { founding_artist_since: new Date(within.getTime() + 60_000) })
        expect((await createIntent(body)).data.platformFee).toBe(0)
        await setOrganization("studio-north", { founding_artist_since: new Date(within.getTime() - 60_000) })
        const after = await createIntent(body)
        expect(after.data.platformFee).toBe(Math.round(3499 * 0.05) / 100)
        await setOrganization("studio-north", { founding_artist_since: null })
      })

      it("refuses what this store cannot sell with 400/404 {error, code, details} and writes nothing", async () => {
        const before = (await selectRows(pg, `SELECT count(*)::int AS n FROM store_payment`))[0].n
        const north = (items: unknown[], extra: object = {}) => ({ org_id: org["studio-north"], customer_email: SHOPPER, items, ...extra })
        const cases: [unknown, number, string][] = [
          [north([line("studio-south-print")]), 400, STORE_CHECKOUT_MESSAGES.notSoldHere],
          [north([{ ...line("studio-north-print"), product_id: variant["studio-south-print"].product_id }]), 400, STORE_CHECKOUT_MESSAGES.notSoldHere],
          [north([line("studio-north-draft")]), 400, STORE_CHECKOUT_MESSAGES.notAvailable],
          [north([line("studio-north-original", 2)]), 400, STORE_CHECKOUT_MESSAGES.outOfStock],
          [north([line("studio-north-print", 60), line("studio-north-print", 60)]), 400, STORE_CHECKOUT_MESSAGES.quantityTooLarge],
          [north([line("studio-north-print", 0)]), 400, "Each item needs product_id, variant_id and a whole quantity from 1 to 99"],
          [north([line("studio-north-print", 100)]), 400, "Each item needs product_id, variant_id and a whole quantity from 1 to 99"],
          [north([line("studio-north-print", 1.5)]), 400, "Each item needs product_id, variant_id and a whole quantity from 1 to 99"],
          [north([]), 400, "items must be a non-empty array of at most 100 items"],
          [north([line("studio-north-print")], { customer_email: "not-an-email" }), 400, "Invalid email address"],
          [{ customer_email: SHOPPER, items: [line("studio-north-print")] }, 400, "Organization ID required"],
          [{ org_id: "org_missing", customer_email: SHOPPER, items: [line("studio-north-print")] }, 404, STORE_CHECKOUT_MESSAGES.organizationNotFound],
          [{ org_id: org["studio-pending"], customer_email: SHOPPER, items: [line("studio-pending-print")] }, 400, STORE_CHECKOUT_MESSAGES.paymentsNotEnabled],
        ]
        for (const [body, status, message] of cases) {
          const res = await createIntent(body)
          expect([body, res.status, res.data.error]).toEqual([body, status, message])
          expect(typeof res.data.code).toBe("string")
          expect(res.data).toHaveProperty("details")
        }
        expect((await selectRows(pg, `SELECT count(*)::int AS n FROM store_payment`))[0].n).toBe(before)
      })

      it("answers a storefront's preflight from an APP_CORS origin", async () => {
        const res = await api.post("/api/create-payment-intent", {}, { ...anyStatus, headers: { origin: "http://localhost:8000" } })
        expect(res.status).toBe(400)
        expect(res.headers["access-control-allow-origin"]).toBe("http://localhost:8000")
      })
    })

    describe("orders from payments", () => {
      async function intentFor(lines: Line[], extra: object = {}, config: object = {}) {
        const res = await createIntent({ org_id: org["studio-north"], customer_email: SHOPPER, items: lines, ...extra }, config)
        expect(res.status).toBe(200)
        return intentIdOf(res.data.clientSecret)
      }

      it("sandbox confirm makes ONE Medusa order (source store, charged prices, fee, paid), replays and racing webhooks add none", async () => {
        await restock("studio-north-print", 50)
        const stockBefore = await available("studio-north-print")
        const intentId = await intentFor([line("studio-north-print", 2)])
        const succeeded = { id: `evt_${generateEntityId(undefined, "")}`, object: "event", type: "payment_intent.succeeded", data: { object: { id: intentId, object: "payment_intent", metadata: { kind: "store" } } } }
        const results = await Promise.all([pay(intentId), sendWebhook(succeeded), sendWebhook({ ...succeeded, id: `${succeeded.id}_2` }), pay(intentId)])
        expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
        expect((await sendWebhook(succeeded)).data).toEqual({ received: true, duplicate: true })

        const stored = await payment(intentId)
        expect(stored.status).toBe("paid")
        const orders = await ordersOfPayment(stored.id)
        expect(orders).toHaveLength(1)
        expect(orders[0].id).toBe(stored.order_id)
        expect(orders[0].email).toBe(SHOPPER)
        // The first-time shopper's guest customer is made with the order, not by a follow-up after it.
        const [withCustomer] = await selectRows(pg, `SELECT email, has_account FROM customer WHERE id = ?`, [orders[0].customer_id])
        expect(withCustomer).toEqual({ email: SHOPPER, has_account: false })
        expect(await selectRows(pg, `SELECT id FROM gallery_outbox_message WHERE handler = 'store-order-customer'`)).toEqual([])
        expect(orders[0].metadata).toMatchObject({ source: "store", payment_intent_id: intentId, platform_fee_cents: stored.platform_fee_cents })
        const [channel] = await selectRows(
          pg,
          `SELECT sales_channel_id FROM organization_organization_sales_channel_sales_channel WHERE organization_id = ? AND deleted_at IS NULL`,
          [org["studio-north"]]
        )
        expect(orders[0].sales_channel_id).toBe(channel.sales_channel_id)
        const lines = await selectRows(
          pg,
          `SELECT li.variant_id, li.unit_price, oi.quantity FROM order_item oi JOIN order_line_item li ON li.id = oi.item_id WHERE oi.order_id = ?`,
          [stored.order_id]
        )
        expect(lines.map((l) => ({ variant_id: l.variant_id, unit_price: Number(l.unit_price), quantity: Number(l.quantity) }))).toEqual([
          { variant_id: variant["studio-north-print"].variant_id, unit_price: stored.items[0].unit_price_cents / 100, quantity: 2 },
        ])
        // Stock reserved once, on the order's line.
        expect(await available("studio-north-print")).toBe(stockBefore - 2)
        const reservations = await selectRows(pg, `SELECT * FROM reservation_item WHERE external_id = ? AND deleted_at IS NULL`, [stored.id])
        expect(reservations.map((r) => Number(r.quantity))).toEqual([2])

        // The dashboard sees it as a paid store order with its platform fee.
        const north = await loginDemoMember(api, "north@atelier.test")
        const listed = await api.get(`/api/orders/${stored.order_id}`, bearer(north))
        expect(listed.status).toBe(200)
        expect(listed.data.data).toMatchObject({ status: "paid", platform_fee: stored.platform_fee_cents / 100 })

        // Shipping it through Medusa's fulfilment consumes the reservation made at payment (it names the order's line).
        const shipped = await api.post(`/api/orders/${stored.order_id}/ship`, { carrier: "UPS", tracking_number: "1Z999AA10123456784" }, bearer(north))
        expect(shipped.status).toBe(200)
        expect(shipped.data.order).toMatchObject({ status: "shipped", tracking_number: "1Z999AA10123456784" })
        expect(await selectRows(pg, `SELECT id FROM reservation_item WHERE external_id = ? AND deleted_at IS NULL`, [stored.id])).toEqual([])
        expect(await available("studio-north-print")).toBe(stockBefore - 2)

        // Emails: the customer's confirmation and the owner's notification, once each.
        await drained()
        const mails = await selectRows(pg, `SELECT template, "to" FROM notification WHERE resource_id = ? ORDER BY template`, [stored.order_id])
        expect(mails).toEqual([
          { template: STORE_ARTIST_NEW_ORDER_TEMPLATE, to: "north@atelier.test" },
          { template: STORE_ORDER_CONFIRMATION_TEMPLATE, to: SHOPPER },
        ])
      })

      it("emails only the customer when the artist turned email_orders off", async () => {
        const north = await loginDemoMember(api, "north@atelier.test")
        expect((await setEmailOrders(north, false)).status).toBe(200)
        const intentId = await intentFor([line("studio-north-print")])
        expect((await pay(intentId)).status).toBe(200)
        await drained()
        const stored = await payment(intentId)
        const mails = await selectRows(pg, `SELECT template FROM notification WHERE resource_id = ?`, [stored.order_id])
        expect(mails.map((m) => m.template)).toEqual([STORE_ORDER_CONFIRMATION_TEMPLATE])
        await setEmailOrders(north, true)
      })

      it("tells the organization's webhook endpoints order.created and order.paid, signed, once each", async () => {
        const receiver = await startWebhookReceiver()
        try {
          const north = await loginDemoMember(api, "north@atelier.test")
          const endpoint = await api.post(
            "/api/webhook-endpoints",
            { url: `${receiver.url}/hooks`, events: ["order.created", "order.paid"] },
            bearer(north)
          )
          expect(endpoint.status).toBe(201)
          const intentId = await intentFor([line("studio-north-print")])
          expect((await pay(intentId)).status).toBe(200)
          await drained()
          const stored = await payment(intentId)
          const received = await waitFor(async () => receiver.requests, (r) => r.length >= 2)
          const bodies = received.map((r) => JSON.parse(r.body))
          expect(bodies.map((b) => b.type).sort()).toEqual(["order.created", "order.paid"])
          for (const body of bodies) expect(body.data.id).toBe(stored.order_id)
          for (const request of received) expect(verifySignatures(endpoint.data.secret, request)).toMatchObject({ atelier: true, standard: true })
          await dispatchGalleryOutbox(container)
          expect(receiver.requests).toHaveLength(2)
          await api.delete(`/api/webhook-endpoints/${endpoint.data.webhook_endpoint.id}`, bearer(north))
        } finally {
          await receiver.close()
        }
      })

      it("a declined card records the failure, leaves stock and makes no order; a later success settles", async () => {
        const stockBefore = await available("studio-north-print")
        const intentId = await intentFor([line("studio-north-print")])
        const declined = await pay(intentId, "pm_card_chargeDeclined")
        expect(declined.status).toBe(402)
        let stored = await payment(intentId)
        expect(stored).toMatchObject({ status: "pending", payment_failure: "Your card was declined.", order_id: null })
        expect(await available("studio-north-print")).toBe(stockBefore)
        const failedEvent = { id: `evt_fail_${intentId}`, object: "event", type: "payment_intent.payment_failed", data: { object: { id: intentId, last_payment_error: { message: "Insufficient funds" } } } }
        expect((await sendWebhook(failedEvent)).status).toBe(200)
        stored = await payment(intentId)
        expect(stored.payment_failure).toBe("Insufficient funds")
        expect(await ordersOfPayment(stored.id)).toEqual([])
        expect((await pay(intentId)).status).toBe(200)
        expect((await payment(intentId)).status).toBe("paid")
      })

      it("an original sold in the gallery and in the store at the same moment is sold once; the loser is refunded, no order", async () => {
        await restock("studio-north-original", 1)
        const storeIntent = await intentFor([line("studio-north-original")])
        const sessionId = crypto.randomUUID()
        await pg.raw(
          `INSERT INTO gallery_cart_item (id, session_id, product_id, quantity, created_at, updated_at) VALUES (?, ?, ?, 1, now(), now())`,
          [generateEntityId(undefined, "gci"), sessionId, variant["studio-north-original"].product_id]
        )
        const checkout = await api.post(
          "/api/gallery/checkout",
          { sessionId, email: "rival@collector.test", shippingOption: "single_address", shippingAddress: COLLECTOR_ADDRESS },
          anyStatus
        )
        expect(checkout.status).toBe(200)
        const [galleryOrder] = await selectRows(pg, `SELECT payment_intent_id FROM gallery_order WHERE public_id = ?`, [checkout.data.publicId])
        await Promise.all([pay(storeIntent), pay(galleryOrder.payment_intent_id)])

        const store = await payment(storeIntent)
        const [gallery] = await selectRows(pg, `SELECT status, payment_failure FROM gallery_order WHERE public_id = ?`, [checkout.data.publicId])
        const winners = [store.status === "paid", gallery.status === "paid"].filter(Boolean)
        expect(winners).toHaveLength(1)
        expect(await available("studio-north-original")).toBe(0)
        if (store.status === "paid") {
          expect(gallery).toMatchObject({ status: "cancelled", payment_failure: "out_of_stock" })
        } else {
          expect(store).toMatchObject({ status: "cancelled", payment_failure: "out_of_stock", order_id: null })
          expect(await ordersOfPayment(store.id)).toEqual([])
          const view = await api.get(`/api/sandbox/payment-intents/${storeIntent}`, anyStatus)
          expect(view.data.refunds).toHaveLength(1)
          expect(view.data.amount_refunded).toBe(view.data.amount)
        }
      })

      it("checkout.session.completed makes one order from the session's metadata, whichever event comes first", async () => {
        await restock("studio-north-print", 50)
        const intentId = `pi_session_${generateEntityId(undefined, "")}`
        // The local gateway must know the intent as succeeded (Stripe's would): create and pay one for the session.
        const payments = container.resolve("payments") as { createPaymentIntent: Function; confirmPaymentIntent: Function }
        const unit = (await payment(await intentFor([line("studio-north-print")]))).items[0].unit_price_cents
        const created = await payments.createPaymentIntent({ amountCents: unit * 2, currency: "usd", receiptEmail: SHOPPER, metadata: {}, idempotencyKey: intentId })
        await payments.confirmPaymentIntent(created.id, "pm_card_visa")
        const session = {
          id: `cs_test_${intentId}`,
          object: "checkout.session",
          payment_status: "paid",
          payment_intent: created.id,
          amount_subtotal: unit * 2,
          amount_total: unit * 2,
          currency: "usd",
          customer_details: { email: SHOPPER },
          metadata: { org_id: org["studio-north"], items: JSON.stringify([line("studio-north-print", 2)]) },
        }
        const event = (type: string, object: object, id: string) => ({ id, object: "event", type, data: { object } })
        const results = await Promise.all([
          sendWebhook(event("checkout.session.completed", session, `evt_cs_${intentId}`)),
          sendWebhook(event("payment_intent.succeeded", { id: created.id, object: "payment_intent", metadata: {} }, `evt_pi_${intentId}`)),
          sendWebhook(event("checkout.session.completed", session, `evt_cs2_${intentId}`)),
        ])
        expect(results.map((r) => r.status)).toEqual([200, 200, 200])
        const stored = await payment(created.id)
        expect(stored).toMatchObject({ status: "paid", origin: "checkout_session", checkout_session_id: session.id })
        expect(await ordersOfPayment(stored.id)).toHaveLength(1)

        // A session whose amount does not match its items is refused (logged), not settled.
        const other = await payments.createPaymentIntent({ amountCents: 100, currency: "usd", receiptEmail: SHOPPER, metadata: {}, idempotencyKey: `${intentId}-b` })
        await payments.confirmPaymentIntent(other.id, "pm_card_visa")
        const wrong = { ...session, id: `cs_wrong_${intentId}`, payment_intent: other.id, amount_subtotal: 100, amount_total: 100 }
        expect((await sendWebhook(event("checkout.session.completed", wrong, `evt_wrong_${intentId}`))).status).toBe(200)
        expect(await payment(other.id)).toBeUndefined()
      })

      it("a referral (gallery_ref cookie or referral_session_id) is converted once and counted by both analytics routes", async () => {
        const tracked = await api.post("/api/gallery/referral/track", { org_id: org["studio-north"] }, anyStatus)
        expect(tracked.status).toBe(200)
        const cookie = String(tracked.headers["set-cookie"]).split(";")[0]
        const sessionId = cookie.split("=")[1]
        const withCookie = await intentFor([line("studio-north-print")], {}, { headers: { cookie } })
        const withBody = await intentFor([line("studio-north-print")], { referral_session_id: sessionId })
        expect((await payment(withCookie)).referral_session_id).toBe(sessionId)
        expect((await payment(withBody)).referral_session_id).toBe(sessionId)
        await pay(withCookie)
        await pay(withCookie)
        await drained()
        const stored = await payment(withCookie)
        const conversions = await selectRows(pg, `SELECT * FROM referral_conversion WHERE order_id = ?`, [stored.order_id])
        expect(conversions).toHaveLength(1)
        expect(conversions[0]).toMatchObject({ order_type: "store", amount_cents: stored.subtotal_cents })

        const north = await loginDemoMember(api, "north@atelier.test")
        const artist = await api.get(`/api/gallery/artist/analytics?org_id=${org["studio-north"]}`, bearer(north))
        expect(artist.status).toBe(200)
        expect(artist.data.analytics.referrals.conversions).toBeGreaterThanOrEqual(1)
        expect(artist.data.analytics.referrals.attributedRevenue).toBeGreaterThanOrEqual(stored.subtotal_cents / 100)
        await refreshGalleryAnalyticsRollups(container, new Date())
        const admin = await loginDemoAdmin(api)
        const gallery = await api.get("/api/admin/analytics", bearer(admin))
        expect(gallery.status).toBe(200)
        expect(gallery.data.analytics.referralMetrics.conversions).toBeGreaterThanOrEqual(1)
        expect(gallery.data.analytics.referralMetrics.attributedRevenue).toBeGreaterThanOrEqual(stored.subtotal_cents / 100)
      })

      it("a charge whose events were lost (a crash) is settled by the reconciliation job, once", async () => {
        await restock("studio-north-print", 50)
        const intentId = await intentFor([line("studio-north-print")])
        // Paid at the gateway, but no confirm or webhook ever reached us.
        const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
        await payments.confirmPaymentIntent(intentId, "pm_card_visa")
        expect((await payment(intentId)).status).toBe("pending")
        await new Promise((resolve) => setTimeout(resolve, 1100))
        const first = await reconcileStoreSettlements(container)
        expect(first.settled).toBeGreaterThanOrEqual(1)
        const stored = await payment(intentId)
        expect(stored.status).toBe("paid")
        await reconcileStoreSettlements(container)
        expect(await ordersOfPayment(stored.id)).toHaveLength(1)
      })

      it("an abandoned-cart reminder is not sent after the shopper bought in that store", async () => {
        const shopper = "cart-then-buy@collector.test"
        const captured = await api.post(
          "/api/cart/email",
          { email: shopper, org_id: org["studio-north"], cart_items: [{ ...line("studio-north-print"), price: 34.99 }], cart_total: 34.99 },
          anyStatus
        )
        expect(captured.status).toBe(201)
        const intentId = await intentFor([line("studio-north-print")], { customer_email: shopper })
        expect((await pay(intentId)).status).toBe(200)
        await sendCartReminders(container, new Date(Date.now() + 2 * 3600 * 1000))
        expect(await selectRows(pg, `SELECT id FROM notification WHERE template = ? AND "to" = ?`, [STORE_CART_REMINDER_TEMPLATE, shopper])).toEqual([])
      })
    })
  },
})
