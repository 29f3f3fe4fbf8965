import { currentScheduledJob } from "../../src/lib/scheduled-job"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { CreateNotificationDTO, IInventoryService, MedusaContainer, NotificationDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, generateEntityId, Modules } from "@medusajs/framework/utils"
import { processPendingPayouts } from "../../src/jobs/process-pending-payouts"
import { reconcileGallerySettlements } from "../../src/jobs/reconcile-gallery-settlements"
import { GALLERY_MODULE } from "../../src/modules/gallery"
import type GalleryModuleService from "../../src/modules/gallery/service"
import { PUBLIC_ID_TAKEN, type CheckoutOrderInput } from "../../src/modules/gallery/service"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import {
  LOCAL_WEBHOOK_SECRET,
  PAYMENTS_MODULE,
  signWebhookPayload,
  type PaymentsModuleService,
} from "../../src/modules/payments"
import { dispatchGalleryOutbox } from "../../src/processes/outbox/dispatch"
import { getGalleryProductsByIds } from "../../src/queries/gallery-products"
import seed from "../../src/scripts/seed"
import { UNSAFE_TEXT_MESSAGE } from "../../src/api/utils/validation"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { countRows, outboxDrained, selectRows, waitFor } from "../helpers/db"
import { COLLECTOR_ADDRESS, COLLECTOR_EMAIL, loginDemoAdmin, loginDemoMember } from "../helpers/demo-data"

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
type BatchNotifications = {
  createNotifications(data: CreateNotificationDTO[]): Promise<NotificationDTO[]>
}

const ADDRESS = COLLECTOR_ADDRESS
const EMAIL = COLLECTOR_EMAIL
const WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET
const INTERNAL_ID_PATTERN = /\b(gord|aord|aoi|otr|pay|pi|ch|tr|re|gci|resitem)_[0-9A-Za-z]+/

const session = () => crypto.randomUUID()

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as Api
    let container: MedusaContainer
    let pg: Knex
    let payments: PaymentsModuleService
    let gallery: GalleryModuleService
    /** handle -> product id / inventory item id; slug -> organization id. */
    const product: Record<string, string> = {}
    const inventoryItem: Record<string, string> = {}
    const org: Record<string, string> = {}

    beforeAll(async () => {
      container = getContainer()
      await seed({ container })
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const { rows } = await pg.raw(`
        SELECT p.handle, p.id, pvii.inventory_item_id
        FROM product p
        JOIN product_variant v ON v.product_id = p.id AND v.deleted_at IS NULL
        LEFT JOIN product_variant_inventory_item pvii ON pvii.variant_id = v.id AND pvii.deleted_at IS NULL`)
      for (const row of rows) {
        product[row.handle] = row.id
        inventoryItem[row.handle] = row.inventory_item_id
      }
      const orgs = await pg.raw(`SELECT id, slug FROM organization`)
      for (const row of orgs.rows) org[row.slug] = row.id
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      payments = container.resolve(PAYMENTS_MODULE)
      gallery = container.resolve(GALLERY_MODULE)
    })

    afterEach(() => {
      jest.restoreAllMocks()
    })

    // ---------------------------------------------------------------------------------------------------------
    // helpers

    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)
    const count = (table: string, where = "true", bindings: unknown[] = []) => countRows(pg, table, where, bindings)

    /** Waits until the dispatch nudged by a payment has run (it waits a 100 ms window first). */
    const outboxNudgeServed = () => new Promise((resolve) => setTimeout(resolve, 400))

    /** Cart rows straight into the gallery module's table (the cart routes are another suite's business). */
    async function fillCart(sessionId: string, lines: [string, number][]) {
      for (const [handle, quantity] of lines) {
        await pg.raw(
          `INSERT INTO gallery_cart_item (id, session_id, product_id, quantity, created_at, updated_at)
           VALUES (?, ?, ?, ?, now() + (? * interval '1 millisecond'), now())`,
          [generateEntityId(undefined, "gci"), sessionId, product[handle] ?? handle, quantity, lines.findIndex((l) => l[0] === handle)]
        )
      }
    }

    async function setAccounts(accounts: Record<string, string | null>) {
      const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
      for (const [slug, account] of Object.entries(accounts)) {
        // As completed payout onboarding leaves an account: able to receive payouts.
        const payable = account !== null
        await organizations.updateOrganizations({ id: org[slug], stripe_account_id: account, payouts_enabled: payable, transfers_active: payable })
      }
    }

    function checkout(body: Record<string, unknown>) {
      return api.post("/api/gallery/checkout", body, anyStatus)
    }

    async function checkoutCart(lines: [string, number][], extra: Record<string, unknown> = {}) {
      const sessionId = session()
      await fillCart(sessionId, lines)
      const res = await checkout({ sessionId, email: EMAIL, shippingOption: "single_address", shippingAddress: ADDRESS, ...extra })
      expect(res.status).toBe(200)
      const [order] = await rows(`SELECT * FROM gallery_order WHERE public_id = ?`, [res.data.publicId])
      return { sessionId, res, order, intentId: order.payment_intent_id as string }
    }

    function confirm(paymentIntentId: unknown) {
      return api.post("/api/gallery/checkout/confirm", { paymentIntentId }, anyStatus)
    }

    function sandboxPay(intentId: string, method = "pm_card_visa") {
      return api.post(`/api/sandbox/payment-intents/${intentId}/confirm`, { payment_method: method }, anyStatus)
    }

    function sendWebhook(event: object, signature?: string) {
      const payload = JSON.stringify(event)
      return api.post("/api/webhooks/payments", payload, {
        ...anyStatus,
        transformRequest: [(data: unknown) => data],
        headers: {
          "content-type": "application/json",
          "stripe-signature": signature ?? signWebhookPayload(payload, WEBHOOK_SECRET),
        },
      })
    }

    function intentEvent(type: string, intentId: string, extra: object = {}, id = `evt_${crypto.randomUUID()}`) {
      return { id, object: "event", type, data: { object: { id: intentId, object: "payment_intent", ...extra } } }
    }

    /** Runs `fn` and counts the SQL statements sent meanwhile through the container's (shared) knex instance. */
    async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
      const queries: string[] = []
      const listener = (q: { sql: string }) => {
        if (!currentScheduledJob()) queries.push(q.sql.replace(/\s+/g, " ").slice(0, 60))
      }
      pg.on("query", listener)
      try {
        return { result: await fn(), queries }
      } finally {
        pg.removeListener("query", listener)
      }
    }

    async function inventoryOf(handle: string): Promise<number | null> {
      const views = await getGalleryProductsByIds(pg, [product[handle]])
      return views.get(product[handle])?.inventory ?? null
    }

    const MIXED_CART: [string, number][] = [
      ["studio-north-print", 3],
      ["studio-south-print", 1],
      ["studio-east-print", 2],
    ]

    // ---------------------------------------------------------------------------------------------------------

    describe("POST /api/gallery/checkout: validation (spec 4.4)", () => {
      it.each([
        ["no body", {}],
        ["no sessionId", { email: EMAIL, shippingOption: "per_artist" }],
        ["no email", { sessionId: "s", shippingOption: "per_artist" }],
        ["no shippingOption", { sessionId: "s", email: EMAIL }],
        ["unknown shippingOption", { sessionId: "s", email: EMAIL, shippingOption: "pickup" }],
        ["single_address without an address", { sessionId: "s", email: EMAIL, shippingOption: "single_address" }],
        [
          "single_address with an incomplete address",
          { sessionId: "s", email: EMAIL, shippingOption: "single_address", shippingAddress: { ...ADDRESS, postal_code: "" } },
        ],
        [
          "a three-letter country",
          { sessionId: "s", email: EMAIL, shippingOption: "single_address", shippingAddress: { ...ADDRESS, country: "USA" } },
        ],
      ])("%s -> 400 Missing required fields", async (_name, body) => {
        const res = await checkout(body)
        expect(res.status).toBe(400)
        expect(res.data).toEqual({ error: "Missing required fields" })
      })

      it("400 Invalid email address", async () => {
        const res = await checkout({ sessionId: session(), email: "not-an-email", shippingOption: "per_artist" })
        expect(res.status).toBe(400)
        expect(res.data).toEqual({ error: "Invalid email address" })
      })

      it("400 Cart is empty", async () => {
        const res = await checkout({ sessionId: session(), email: EMAIL, shippingOption: "per_artist" })
        expect(res.status).toBe(400)
        expect(res.data).toEqual({ error: "Cart is empty" })
      })

      it("400 One or more products not found", async () => {
        const sessionId = session()
        await fillCart(sessionId, [["studio-north-print", 1], ["prod_does_not_exist", 1]])
        const res = await checkout({ sessionId, email: EMAIL, shippingOption: "per_artist" })
        expect(res.status).toBe(400)
        expect(res.data).toEqual({ error: "One or more products not found" })
      })

      it.each(["studio-north-not-eligible", "studio-north-draft", "studio-pending-print"])(
        "400 One or more products not gallery eligible (%s)",
        async (handle) => {
          const sessionId = session()
          await fillCart(sessionId, [["studio-east-print", 1], [handle, 1]])
          const res = await checkout({ sessionId, email: EMAIL, shippingOption: "per_artist" })
          expect(res.status).toBe(400)
          expect(res.data).toEqual({ error: "One or more products not gallery eligible" })
        }
      )

      it("400 One or more products are out of stock when a quantity exceeds the stock", async () => {
        const sessionId = session()
        await fillCart(sessionId, [["studio-north-original", 2]])
        const res = await checkout({ sessionId, email: EMAIL, shippingOption: "per_artist" })
        expect(res.status).toBe(400)
        expect(res.data).toEqual({ error: "One or more products are out of stock" })
        expect(await count("gallery_order")).toBe(0)
        expect(await count("sandbox_payment_intent")).toBe(0)
      })
    })

    describe("POST /api/gallery/checkout: the order", () => {
      it("answers the spec's shape with exact amounts and records parent, artist orders and items in cents", async () => {
        const { sessionId, res, order } = await checkoutCart(MIXED_CART, { email: " Ada@Collector.TEST " })
        // 3 x 34.99 + 45.50 + 2 x 12.95 = 176.37; fee 21.1644 -> 21.16; (197.53 x 2.9% + 0.30) = 6.02837 -> 6.03
        expect(res.data).toEqual({
          clientSecret: expect.stringMatching(/^pi_[0-9A-Za-z]+_secret_[0-9a-f]+$/),
          publicId: expect.stringMatching(new RegExp(`^GAL-${new Date().getUTCFullYear()}-[A-Z0-9]{6}$`)),
          total: 203.56,
          breakdown: { subtotal: 176.37, galleryFee: 21.16, stripeFee: 6.03, total: 203.56 },
          artists: [
            { orgId: org["studio-north"], artistName: "Studio North", itemCount: 3, subtotal: 104.97, artistPayout: 92.37 },
            { orgId: org["studio-south"], artistName: "Studio South", itemCount: 1, subtotal: 45.5, artistPayout: 40.04 },
            { orgId: org["studio-east"], artistName: "Studio East", itemCount: 2, subtotal: 25.9, artistPayout: 22.79 },
          ],
        })

        expect(order).toMatchObject({
          status: "pending",
          email: EMAIL,
          shipping_option: "single_address",
          shipping_address: ADDRESS,
          subtotal_cents: 17637,
          gallery_fee_cents: 2116,
          stripe_fee_cents: 603,
          total_cents: 20356,
          currency_code: "usd",
          cart_session_id: sessionId,
          paid_at: null,
          payment_failure: null,
        })
        expect(order.id).toMatch(/^gord_/)
        expect(order.transfer_group).toMatch(new RegExp(`^gallery_${order.id}_\\d{13}$`))

        const artistOrders = await rows(
          `SELECT * FROM gallery_artist_order WHERE gallery_order_id = ? ORDER BY created_at`,
          [order.id]
        )
        expect(artistOrders.map((a) => [a.organization_id, a.artist_name, a.status, a.subtotal_cents, a.payout_cents])).toEqual([
          [org["studio-north"], "Studio North", "pending", 10497, 9237],
          [org["studio-south"], "Studio South", "pending", 4550, 4004],
          [org["studio-east"], "Studio East", "pending", 2590, 2279],
        ])
        for (const a of artistOrders) expect(a.shipping_address).toEqual(ADDRESS)

        const items = await rows(
          `SELECT i.*, ao.organization_id FROM gallery_artist_order_item i
           JOIN gallery_artist_order ao ON ao.id = i.artist_order_id
           WHERE ao.gallery_order_id = ? ORDER BY i.created_at`,
          [order.id]
        )
        expect(items.map((i) => [i.product_id, i.product_name, i.quantity, i.price_cents, i.organization_id])).toEqual([
          [product["studio-north-print"], "Fjord at First Light (Giclée print)", 3, 3499, org["studio-north"]],
          [product["studio-south-print"], "Desert Bloom (Fine art print)", 1, 4550, org["studio-south"]],
          [product["studio-east-print"], "Morning Market (Risograph print)", 2, 1295, org["studio-east"]],
        ])
        for (const i of items) {
          expect(i.variant_id).toMatch(/^variant_/)
          // The demo pictures are served by this server (src/lib/demo-artwork.ts).
          expect(i.image).toMatch(/\/api\/gallery\/images\/demo\/[a-z-]+\.webp$/)
        }
        // A transition per order at creation.
        expect(await count("gallery_order_transition", "gallery_order_id = ? AND to_status = 'pending'", [order.id])).toBe(4)

        // The intent: total in cents, USD, the order's transfer group, receipt email, metadata.
        const [intent] = await rows(`SELECT * FROM sandbox_payment_intent WHERE id = ?`, [order.payment_intent_id])
        expect(intent).toMatchObject({
          amount: 20356,
          currency: "usd",
          status: "requires_payment_method",
          transfer_group: order.transfer_group,
          receipt_email: EMAIL,
          metadata: { order_id: order.id, public_id: res.data.publicId, cart_session_id: sessionId },
          idempotency_key: `gallery-checkout-${order.id}`,
        })
        expect(res.data.clientSecret).toBe(intent.client_secret)
        // The cart stays until the payment succeeds.
        expect(await count("gallery_cart_item", "session_id = ?", [sessionId])).toBe(3)
      })

      it("rounds awkward prices half-up per amount", async () => {
        // 7 x 12.95 = 90.65; fee 10.878 -> 10.88; (101.53 x 2.9% + 0.30) = 3.24437 -> 3.24; payout 79.772 -> 79.77
        const { res, order } = await checkoutCart([["studio-east-print", 7]])
        expect(res.data.breakdown).toEqual({ subtotal: 90.65, galleryFee: 10.88, stripeFee: 3.24, total: 104.77 })
        expect(res.data.total).toBe(104.77)
        expect(res.data.artists[0]).toMatchObject({ itemCount: 7, subtotal: 90.65, artistPayout: 79.77 })
        expect(order.total_cents).toBe(10477)
      })

      it("per_artist: no address on the order nor on its artist orders", async () => {
        const sessionId = session()
        await fillCart(sessionId, [["studio-north-print", 1], ["studio-south-print", 1]])
        const res = await checkout({ sessionId, email: EMAIL, shippingOption: "per_artist", shippingAddress: ADDRESS })
        expect(res.status).toBe(200)
        const [order] = await rows(`SELECT * FROM gallery_order WHERE public_id = ?`, [res.data.publicId])
        expect(order.shipping_option).toBe("per_artist")
        expect(order.shipping_address).toBeNull()
        expect(await count("gallery_artist_order", "gallery_order_id = ? AND shipping_address IS NULL", [order.id])).toBe(2)
      })

      it("500 Failed to create payment intent when the gateway fails, and nothing is written", async () => {
        jest.spyOn(payments, "createPaymentIntent").mockRejectedValueOnce(new Error("gateway down"))
        const sessionId = session()
        await fillCart(sessionId, MIXED_CART)
        const res = await checkout({ sessionId, email: EMAIL, shippingOption: "single_address", shippingAddress: ADDRESS })
        expect(res.status).toBe(500)
        expect(res.data).toEqual({ error: "Failed to create payment intent" })
        for (const table of ["gallery_order", "gallery_artist_order", "gallery_artist_order_item", "gallery_order_transition"]) {
          expect(await count(table)).toBe(0)
        }
        expect(await count("gallery_cart_item", "session_id = ?", [sessionId])).toBe(3)
      })

      it("no partial order when the order write fails midway (a real database error on the items)", async () => {
        await pg.raw(`
          CREATE FUNCTION atelier_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'disk full (test)'; END $$;
          CREATE TRIGGER atelier_test_fail BEFORE INSERT ON gallery_artist_order_item
          FOR EACH ROW EXECUTE FUNCTION atelier_test_fail();`)
        try {
          const sessionId = session()
          await fillCart(sessionId, MIXED_CART)
          const res = await checkout({ sessionId, email: EMAIL, shippingOption: "single_address", shippingAddress: ADDRESS })
          expect(res.status).toBe(500)
          expect(res.data).toEqual({ error: "Internal server error" })
          for (const table of ["gallery_order", "gallery_artist_order", "gallery_artist_order_item", "gallery_order_transition", "gallery_payout"]) {
            expect(await count(table)).toBe(0)
          }
          // The intent had been created; its secret never reached the customer, so it can never be paid.
          const intents = await rows(`SELECT status FROM sandbox_payment_intent`)
          expect(intents).toEqual([{ status: "requires_payment_method" }])
          expect(await count("gallery_cart_item", "session_id = ?", [sessionId])).toBe(3)
        } finally {
          await pg.raw(`DROP TRIGGER atelier_test_fail ON gallery_artist_order_item; DROP FUNCTION atelier_test_fail();`)
        }
      })

      it("no partial order when the order step fails (service error): compensation leaves nothing", async () => {
        jest.spyOn(gallery, "createCheckoutOrder").mockRejectedValueOnce(new Error("connection reset"))
        const sessionId = session()
        await fillCart(sessionId, [["studio-north-print", 1]])
        const res = await checkout({ sessionId, email: EMAIL, shippingOption: "per_artist" })
        expect(res.status).toBe(500)
        expect(await count("gallery_order")).toBe(0)
        expect(await count("gallery_artist_order")).toBe(0)
        // Then the same cart checks out normally.
        const again = await checkout({ sessionId, email: EMAIL, shippingOption: "per_artist" })
        expect(again.status).toBe(200)
        expect(await count("gallery_order")).toBe(1)
      })

      it("checkout costs the same few SQL statements whatever the cart holds (no per-item queries)", async () => {
        const small = session()
        await fillCart(small, [["studio-east-print", 1]])
        const large = session()
        await fillCart(large, [...MIXED_CART, ["studio-north-original", 1], ["studio-south-original", 1]])
        const body = { email: EMAIL, shippingOption: "single_address", shippingAddress: ADDRESS }
        const one = await countQueries(() => checkout({ ...body, sessionId: small }))
        const five = await countQueries(() => checkout({ ...body, sessionId: large }))
        expect([one.result.status, five.result.status]).toEqual([200, 200])
        expect(five.result.data.artists).toHaveLength(3)
        // Cart, product views, the intent (gateway: begin/insert/commit), the order (one statement), and the workflow
        // engine's own bookkeeping.
        expect(one.queries.length).toBeLessThanOrEqual(9)
        expect(five.queries.length).toBe(one.queries.length)
      })

      it("retries with a new public id when the random one is already taken", async () => {
        const first = await checkoutCart([["studio-east-print", 1]])
        // The next public id drawn repeats the first order's: the bytes that encode its six characters.
        const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        const suffix = (first.res.data.publicId as string).slice(-6)
        const bytes = Buffer.from([...suffix].map((c) => alphabet.indexOf(c)).concat([0, 0, 0, 0, 0, 0]))
        const nodeCrypto = require("node:crypto")
        const real = nodeCrypto.randomBytes.bind(nodeCrypto)
        let served = false
        jest.spyOn(nodeCrypto, "randomBytes").mockImplementation(((size: number, ...rest: unknown[]) => {
          if (size === 12 && !served && rest.length === 0) {
            served = true
            return Buffer.from(bytes)
          }
          return real(size, ...rest)
        }) as never)
        const second = await checkoutCart([["studio-east-print", 1]])
        expect(served).toBe(true)
        expect(second.res.data.publicId).not.toBe(first.res.data.publicId)
        expect(await count("gallery_order")).toBe(2)
      })

      it("a colliding public id is refused by the gallery service with a retryable code", async () => {
        const first = await checkoutCart([["studio-east-print", 1]])
        const error = await gallery
          .createCheckoutOrder({
            ...(first.order as CheckoutOrderInput),
            id: generateEntityId(undefined, "gord"),
            payment_intent_id: "pi_other",
            artist_orders: [
              {
                id: generateEntityId(undefined, "aord"),
                organization_id: org["studio-east"],
                artist_name: "Studio East",
                subtotal_cents: 1295,
                payout_cents: 1140,
                shipping_address: null,
                items: [
                  {
                    id: generateEntityId(undefined, "aoi"),
                    product_id: product["studio-east-print"],
                    variant_id: null,
                    product_name: "x",
                    quantity: 1,
                    price_cents: 1295,
                    image: null,
                  },
                ],
              },
            ],
          } as CheckoutOrderInput)
          .catch((e: unknown) => e)
        expect(error).toMatchObject({ code: PUBLIC_ID_TAKEN })
        expect(await count("gallery_order")).toBe(1)
      })
    })

    describe("paying: sandbox, confirm, payouts, stock, emails", () => {
      it("declined card: 402 from the sandbox, confirm 400 Payment not successful, order pending, failure recorded, cart kept", async () => {
        const { sessionId, intentId, order } = await checkoutCart([["studio-north-print", 1]])
        const declined = await sandboxPay(intentId, "pm_card_chargeDeclined")
        expect(declined.status).toBe(402)
        expect(declined.data).toEqual({
          error: "Your card was declined.",
          code: "card_declined",
          payment_intent: { id: intentId, status: "requires_payment_method", last_error: "Your card was declined." },
        })
        const res = await confirm(intentId)
        expect(res.status).toBe(400)
        expect(res.data).toEqual({ error: "Payment not successful" })
        const [after] = await rows(`SELECT status, payment_failure, paid_at FROM gallery_order WHERE id = ?`, [order.id])
        expect(after).toEqual({ status: "pending", payment_failure: "Your card was declined.", paid_at: null })
        expect(await count("gallery_cart_item", "session_id = ?", [sessionId])).toBe(1)
        expect(await count("gallery_payout")).toBe(0)

        // A second attempt with a good card then succeeds and clears the failure.
        const paid = await sandboxPay(intentId)
        expect(paid.status).toBe(200)
        expect(paid.data).toEqual({ id: intentId, status: "succeeded", last_error: null })
        const [settled] = await rows(`SELECT status, payment_failure FROM gallery_order WHERE id = ?`, [order.id])
        expect(settled).toEqual({ status: "paid", payment_failure: null })
      })

      it("visa + confirm: paid, cart emptied, stock reserved, transfers for connected artists, pending payout otherwise", async () => {
        await setAccounts({ "studio-north": "acct_north", "studio-south": "acct_south", "studio-east": null })
        const before = { north: await inventoryOf("studio-north-print"), east: await inventoryOf("studio-east-print") }
        const { sessionId, intentId, order, res: checkoutRes } = await checkoutCart(MIXED_CART)
        // The browser confirms at the provider (no event raised here): the confirm route settles the order itself.
        await payments.confirmPaymentIntent(intentId, "pm_card_visa")
        const res = await confirm(intentId)
        expect(res.status).toBe(200)
        expect(res.data).toEqual({
          success: true,
          order: {
            id: order.id,
            publicId: checkoutRes.data.publicId,
            status: "paid",
            total: 203.56,
            email: EMAIL,
            createdAt: new Date(order.created_at).toISOString(),
          },
        })

        const [paid] = await rows(`SELECT * FROM gallery_order WHERE id = ?`, [order.id])
        expect(paid.status).toBe("paid")
        expect(paid.paid_at).toBeInstanceOf(Date)
        expect(await count("gallery_artist_order", "gallery_order_id = ? AND status = 'paid' AND paid_at IS NOT NULL", [order.id])).toBe(3)
        expect(await count("gallery_order_transition", "gallery_order_id = ? AND from_status = 'pending' AND to_status = 'paid'", [order.id])).toBe(4)
        expect(await count("gallery_cart_item", "session_id = ?", [sessionId])).toBe(0)

        // Stock: one reservation per item, visible as less available inventory.
        expect(await inventoryOf("studio-north-print")).toBe((before.north as number) - 3)
        expect(await inventoryOf("studio-east-print")).toBe((before.east as number) - 2)
        const reservations = await rows(`SELECT * FROM reservation_item WHERE external_id = ? AND deleted_at IS NULL`, [order.id])
        expect(reservations).toHaveLength(3)
        expect(reservations.find((r) => r.inventory_item_id === inventoryItem["studio-north-print"])).toMatchObject({ inventory_item_id: inventoryItem["studio-north-print"] })
        expect(Number(reservations.find((r) => r.inventory_item_id === inventoryItem["studio-north-print"])?.quantity)).toBe(3)

        // Payouts: one per artist order; transfers of 88 % for the connected organizations, made right after the
        // payment by the outbox (in the background).
        expect(await outboxDrained(pg)).toBe(0)
        const [intent] = await rows(`SELECT charge_id FROM sandbox_payment_intent WHERE id = ?`, [intentId])
        expect(intent.charge_id).toMatch(/^ch_/)
        const payouts = await rows(
          `SELECT p.*, ao.organization_id AS org FROM gallery_payout p JOIN gallery_artist_order ao ON ao.id = p.artist_order_id
           WHERE p.gallery_order_id = ?`,
          [order.id]
        )
        const byOrg = Object.fromEntries(payouts.map((p) => [p.org, p]))
        expect(byOrg[org["studio-north"]]).toMatchObject({ status: "transferred", amount_cents: 9237, destination: "acct_north" })
        expect(byOrg[org["studio-south"]]).toMatchObject({ status: "transferred", amount_cents: 4004, destination: "acct_south" })
        expect(byOrg[org["studio-east"]]).toMatchObject({ status: "pending", amount_cents: 2279, transfer_id: null })
        const transfers = await rows(`SELECT * FROM sandbox_transfer ORDER BY amount DESC`)
        expect(transfers.map((t) => [t.id, t.amount, t.currency, t.destination, t.transfer_group, t.source_transaction])).toEqual([
          [byOrg[org["studio-north"]].transfer_id, 9237, "usd", "acct_north", order.transfer_group, intent.charge_id],
          [byOrg[org["studio-south"]].transfer_id, 4004, "usd", "acct_south", order.transfer_group, intent.charge_id],
        ])
        expect(transfers[0].idempotency_key).toBe(`gallery-payout-${byOrg[org["studio-north"]].artist_order_id}`)

        // Studio East connects an account: the job transfers its payout, exactly once however often it runs.
        await setAccounts({ "studio-east": "acct_east" })
        expect(await processPendingPayouts(container)).toEqual({ transferred: 1, failed: 0 })
        expect(await processPendingPayouts(container)).toEqual({ transferred: 0, failed: 0 })
        const [east] = await rows(`SELECT * FROM gallery_payout WHERE id = ?`, [byOrg[org["studio-east"]].id])
        expect(east).toMatchObject({ status: "transferred", destination: "acct_east" })
        const eastTransfers = await rows(`SELECT * FROM sandbox_transfer WHERE destination = 'acct_east'`)
        expect(eastTransfers).toHaveLength(1)
        expect(eastTransfers[0]).toMatchObject({ id: east.transfer_id, amount: 2279, source_transaction: intent.charge_id })

        // Confirming again: the same order, nothing new, one query (once the emails of the first are out).
        await waitFor(() => count("notification"), (n) => n >= 4)
        await new Promise((resolve) => setTimeout(resolve, 200))
        const { result: again, queries } = await countQueries(() => confirm(intentId))
        expect(queries).toHaveLength(1)
        expect(again.status).toBe(200)
        expect(again.data).toEqual(res.data)
        expect(await count("sandbox_transfer")).toBe(3)
        expect(await count("gallery_payout")).toBe(3)
        expect(await count("reservation_item", "external_id = ? AND deleted_at IS NULL", [order.id])).toBe(3)
      })

      it("a buyer who came through a referral link is credited to that artist once the order is paid", async () => {
        const tracked = await api.post("/api/gallery/referral/track", { org_id: org["studio-north"] }, anyStatus)
        expect(tracked.status).toBe(200)
        const cookie = String(([] as string[]).concat(tracked.headers["set-cookie"] ?? [])[0]).split(";")[0]
        expect(cookie).toMatch(/^gallery_ref=/)
        const sessionId = session()
        await fillCart(sessionId, MIXED_CART)
        const res = await api.post(
          "/api/gallery/checkout",
          { sessionId, email: EMAIL, shippingOption: "per_artist" },
          { ...anyStatus, headers: { cookie } }
        )
        expect(res.status).toBe(200)
        const [order] = await rows(`SELECT id, payment_intent_id, referral_session_id FROM gallery_order`)
        expect(order.referral_session_id).toBe(tracked.data.referral.sessionId)
        expect((await sandboxPay(order.payment_intent_id)).status).toBe(200)
        const conversions = await waitFor(
          () => rows(`SELECT * FROM referral_conversion`),
          (list) => list.length > 0
        )
        expect(conversions).toHaveLength(1)
        expect(conversions[0]).toMatchObject({
          referral_id: tracked.data.referral.id,
          order_id: order.id,
          order_type: "gallery",
          amount_cents: 10497,
        })
      })

      it("emails: one confirmation to the customer and one notification per artist order, exactly once", async () => {
        const { intentId, order, res: checkoutRes } = await checkoutCart(MIXED_CART)
        expect((await sandboxPay(intentId)).status).toBe(200)
        expect((await confirm(intentId)).status).toBe(200)
        const expected = 4
        const notifications = await waitFor(
          // The order's emails (an hourly sales-digest tick may email the owners meanwhile).
          () => rows(`SELECT * FROM notification WHERE template LIKE 'gallery-%' ORDER BY "to"`),
          (list) => list.length >= expected
        )
        expect(notifications.map((n) => [n.to, n.template, n.channel])).toEqual([
          [EMAIL, "gallery-order-confirmation", "email"],
          ["east@atelier.test", "gallery-artist-new-order", "email"],
          ["north@atelier.test", "gallery-artist-new-order", "email"],
          ["south@atelier.test", "gallery-artist-new-order", "email"],
        ])
        const confirmation = notifications.find((n) => n.template === "gallery-order-confirmation") as Row
        expect(confirmation.data).toMatchObject({ publicId: checkoutRes.data.publicId, total: 203.56 })
        expect(confirmation.resource_id).toBe(order.id)
        const north = notifications.find((n) => n.to === "north@atelier.test") as Row
        expect(north.data).toMatchObject({ publicId: checkoutRes.data.publicId, subtotal: 104.97, artistPayout: 92.37 })
        expect(north.data.items).toEqual([
          expect.objectContaining({ productId: product["studio-north-print"], quantity: 3, price: 34.99 }),
        ])

        // Replays (webhook, confirm) send nothing more.
        expect((await sendWebhook(intentEvent("payment_intent.succeeded", intentId))).status).toBe(200)
        expect((await confirm(intentId)).status).toBe(200)
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(await count("notification")).toBe(expected)
      })

      it("confirm and webhook racing settle the order exactly once", async () => {
        await setAccounts({ "studio-north": "acct_north", "studio-south": "acct_south", "studio-east": "acct_east" })
        const { intentId, order } = await checkoutCart(MIXED_CART)
        await payments.confirmPaymentIntent(intentId, "pm_card_visa")
        const results = await Promise.all([
          confirm(intentId),
          sendWebhook(intentEvent("payment_intent.succeeded", intentId)),
          confirm(intentId),
          sendWebhook(intentEvent("payment_intent.succeeded", intentId)),
        ])
        expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
        expect(results[0].data.order).toMatchObject({ id: order.id, status: "paid" })
        expect(await outboxDrained(pg)).toBe(0)
        expect(await count("sandbox_transfer")).toBe(3)
        expect(await count("gallery_payout", "status = 'transferred'")).toBe(3)
        expect(await count("reservation_item", "external_id = ? AND deleted_at IS NULL", [order.id])).toBe(3)
        expect(await count("gallery_order_transition", "to_status = 'paid'")).toBe(4)
        const notifications = await waitFor(() => count("notification"), (n) => n >= 4)
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(notifications).toBe(4)
        expect(await count("notification")).toBe(4)
      })

      it("two buyers racing for the one original: exactly one paid order, the other refunded with 409", async () => {
        const a = await checkoutCart([["studio-north-original", 1]])
        const b = await checkoutCart([["studio-north-original", 1], ["studio-east-print", 1]])
        await payments.confirmPaymentIntent(a.intentId, "pm_card_visa")
        await payments.confirmPaymentIntent(b.intentId, "pm_card_visa")
        const [ra, rb] = await Promise.all([confirm(a.intentId), confirm(b.intentId)])
        expect([ra.status, rb.status].sort()).toEqual([200, 409])
        const [winner, loser] = ra.status === 200 ? [a, b] : [b, a]
        const lost = ra.status === 200 ? rb : ra
        expect(lost.data).toEqual({ error: "One or more products are no longer available" })

        const orders = await rows(`SELECT id, status, payment_failure, refund_id, cancelled_at FROM gallery_order`)
        expect(orders.find((o) => o.id === winner.order.id)).toMatchObject({ status: "paid" })
        const cancelled = orders.find((o) => o.id === loser.order.id) as Row
        expect(cancelled).toMatchObject({ status: "cancelled", payment_failure: "out_of_stock" })
        expect(cancelled.cancelled_at).toBeInstanceOf(Date)
        // The loser's payment is refunded in full, once.
        const refunds = await rows(`SELECT * FROM sandbox_refund`)
        expect(refunds).toHaveLength(1)
        expect(refunds[0]).toMatchObject({ id: cancelled.refund_id, payment_intent_id: loser.intentId, amount: loser.order.total_cents })
        expect(await count("gallery_order_transition", "gallery_order_id = ? AND to_status = 'cancelled'", [loser.order.id])).toBe(1)
        // Only the winner holds stock; nothing of the loser (not even its print) stays reserved.
        expect(await count("reservation_item", "external_id = ? AND deleted_at IS NULL", [loser.order.id])).toBe(0)
        expect(await inventoryOf("studio-north-original")).toBe(0)
        expect(await count("gallery_payout", "gallery_order_id = ?", [loser.order.id])).toBe(0)
        // The loser's cart is kept; confirming again answers the same 409 without a second refund.
        expect(await count("gallery_cart_item", "session_id = ?", [loser.sessionId])).toBe(loser === b ? 2 : 1)
        const again = await confirm(loser.intentId)
        expect(again.status).toBe(409)
        expect(await count("sandbox_refund")).toBe(1)

        // A third buyer is refused at checkout: the original is gone.
        const sessionId = session()
        await fillCart(sessionId, [["studio-north-original", 1]])
        const third = await checkout({ sessionId, email: EMAIL, shippingOption: "per_artist" })
        expect(third.status).toBe(400)
        expect(third.data).toEqual({ error: "One or more products are out of stock" })
      })

      it("two buyers paying the original through the sandbox at once: one paid, one cancelled and refunded", async () => {
        const a = await checkoutCart([["studio-south-original", 1]])
        const b = await checkoutCart([["studio-south-original", 1]])
        const paid = await Promise.all([sandboxPay(a.intentId), sandboxPay(b.intentId)])
        expect(paid.map((r) => r.status)).toEqual([200, 200])
        const statuses = await rows(`SELECT status FROM gallery_order ORDER BY status`)
        expect(statuses).toEqual([{ status: "cancelled" }, { status: "paid" }])
        const confirms = await Promise.all([confirm(a.intentId), confirm(b.intentId)])
        expect(confirms.map((r) => r.status).sort()).toEqual([200, 409])
        expect(await count("sandbox_refund")).toBe(1)
      })
      it("five buyers paying at once for three prints left: three paid, two refunded, nothing reserved twice or for a loser", async () => {
        // Three studio-east prints left at its level; each buyer also takes a studio-north print (plenty of those).
        const inventory: IInventoryService = container.resolve(Modules.INVENTORY)
        const [level] = await rows(`SELECT location_id, reserved_quantity FROM inventory_level WHERE inventory_item_id = ? AND deleted_at IS NULL`, [
          inventoryItem["studio-east-print"],
        ])
        await inventory.updateInventoryLevels([
          { inventory_item_id: inventoryItem["studio-east-print"], location_id: level.location_id, stocked_quantity: Number(level.reserved_quantity) + 3 },
        ])
        const northBefore = await inventoryOf("studio-north-print")
        const buyers = []
        for (let i = 0; i < 5; i++) buyers.push(await checkoutCart([["studio-east-print", 1], ["studio-north-print", 1]]))

        const paid = await Promise.all(buyers.map((buyer) => sandboxPay(buyer.intentId)))
        expect(paid.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
        const orders = await rows(`SELECT id, status, payment_failure FROM gallery_order WHERE id = ANY(?)`, [buyers.map((b) => b.order.id)])
        const winners = orders.filter((o) => o.status === "paid").map((o) => o.id)
        expect(winners).toHaveLength(3)
        expect(orders.filter((o) => o.status === "cancelled" && o.payment_failure === "out_of_stock")).toHaveLength(2)
        // Each winner holds one reservation per item; the losers hold none, not even of the print that was plentiful.
        for (const buyer of buyers) {
          const held = await count("reservation_item", "external_id = ? AND deleted_at IS NULL", [buyer.order.id])
          expect(held).toBe(winners.includes(buyer.order.id) ? 2 : 0)
        }
        expect(await inventoryOf("studio-east-print")).toBe(0)
        expect(await inventoryOf("studio-north-print")).toBe((northBefore as number) - 3)
        expect(await count("sandbox_refund", "payment_intent_id = ANY(?)", [buyers.map((b) => b.intentId)])).toBe(2)
      })
    })

    describe("no NUL character or unpaired surrogate reaches PostgreSQL, from any route", () => {
      const NUL = "\u0000"
      const LONE = "\ud800"

      it("each route answers 400 with its own message, and nothing is written", async () => {
        const admin = bearer(await loginDemoAdmin(api))
        const member = bearer(await loginDemoMember(api, "north@atelier.test"))
        const cart = { headers: { cookie: `gallery_cart_session=${session()}` }, ...anyStatus }
        const tables = ["gallery_order", "gallery_cart_item", "newsletter_subscriber", "referral", "gallery_collection", "organization"]
        const { res: placed } = await checkoutCart([["studio-east-print", 1]], { shippingOption: "per_artist", shippingAddress: undefined })
        const afterCheckout = await Promise.all(tables.map((table) => count(table)))

        type Case = [string, () => Promise<{ status: number; data: unknown }>, unknown]
        const gallery = (error: string) => ({ error })
        const cases: Case[] = []
        for (const bad of [NUL, LONE]) {
          const text = (value: string) => `${value}${bad}`
          cases.push(
            ["confirm", () => confirm(text("pi_")), gallery("Payment intent ID required")],
            ["cart add", () => api.post("/api/gallery/cart/add", { productId: text(product["studio-east-print"]) }, cart), gallery("Product ID required")],
            ["cart update", () => api.post("/api/gallery/cart/update", { itemId: text("gci_1"), quantity: 1 }, cart), gallery("Item ID and quantity required")],
            ["cart remove", () => api.post("/api/gallery/cart/remove", { itemId: text("gci_1") }, cart), gallery("Item ID required")],
            ["checkout email", () => checkout({ sessionId: session(), email: text("a@b.co"), shippingOption: "per_artist" }), gallery("Invalid email address")],
            ["checkout session", () => checkout({ sessionId: text("s"), email: EMAIL, shippingOption: "per_artist" }), gallery("Missing required fields")],
            [
              "checkout address",
              () => checkout({ sessionId: session(), email: EMAIL, shippingOption: "single_address", shippingAddress: { ...ADDRESS, name: text("Ada") } }),
              gallery("Missing required fields"),
            ],
            [
              "checkout, a field the route does not read",
              () => checkout({ sessionId: session(), email: EMAIL, shippingOption: "per_artist", note: text("gift") }),
              gallery(UNSAFE_TEXT_MESSAGE),
            ],
            [
              "per-artist address",
              () =>
                api.post(
                  `/api/gallery/orders/${placed.data.publicId}/addresses`,
                  { orgId: org["studio-east"], shippingAddress: { ...ADDRESS, line1: text("1 Road") }, email: EMAIL },
                  anyStatus
                ),
              gallery("Missing required fields"),
            ],
            ["newsletter email", () => api.post("/api/gallery/newsletter/subscribe", { email: text("a@b.co") }, anyStatus), gallery("Invalid email address")],
            [
              "newsletter name",
              () => api.post("/api/gallery/newsletter/subscribe", { email: "n@b.co", firstName: text("Ada") }, anyStatus),
              gallery("First name must be a string of at most 100 characters"),
            ],
            ["newsletter unsubscribe", () => api.post("/api/gallery/newsletter/unsubscribe", { email: text("a@b.co") }, anyStatus), gallery("Invalid email address")],
            ["referral", () => api.post("/api/gallery/referral/track", { org_id: text(org["studio-east"]) }, anyStatus), gallery("Organization ID required")],
            [
              "admin collection name",
              () => api.post("/api/admin/collections", { name: text("Prints"), slug: "prints", type: "manual" }, admin),
              gallery("Name, slug, and type are required"),
            ],
            [
              "admin collection rules",
              () => api.post("/api/admin/collections", { name: "Cheap", slug: "cheap", type: "smart", rules: { org_id: text("org") } }, admin),
              gallery("Invalid rules: values must not contain NUL characters or unpaired surrogates"),
            ],
            [
              "admin spotlight",
              () => api.post("/api/admin/spotlights", { orgId: org["studio-east"], title: "Hi", description: text("x") }, admin),
              gallery("Description must be a string"),
            ],
            [
              "dashboard organization",
              () => api.post("/api/organizations", { name: text("Studio"), slug: "studio-nul" }, member),
              { error: "Name is required (at most 200 characters)", code: "invalid_request", details: { field: "name" } },
            ],
          )
        }
        // A URL carries UTF-8 only, so no unpaired surrogate: NUL (%00) in queries and paths.
        cases.push(
          [
            "products query",
            () => api.get("/api/gallery/products?q=print%00", anyStatus),
            gallery("q must be a string of at most 200 characters"),
          ],
          [
            "artist orders query",
            () => api.get(`/api/gallery/artist/orders?org_id=${org["studio-north"]}%00`, member),
            gallery("Organization ID required"),
          ],
          // Routes that declare no schema of that input: the backstop answers.
          ["a path segment", () => api.get("/api/gallery/collections/spring%00", anyStatus), gallery(UNSAFE_TEXT_MESSAGE)],
          ["an unused query", () => api.get("/api/gallery/spotlights?x=y%00", anyStatus), gallery(UNSAFE_TEXT_MESSAGE)],
          [
            "an admin path",
            () => api.post("/api/admin/gallery-orders/gord_1%00/cancel", {}, admin),
            gallery(UNSAFE_TEXT_MESSAGE),
          ],
          [
            "a dashboard query",
            () => api.get("/api/members/me?x=y%00", member),
            { error: UNSAFE_TEXT_MESSAGE, code: "invalid_request", details: { field: "query.x" } },
          ]
        )
        for (const [name, call, body] of cases) {
          const res = await call()
          expect([name, res.status, res.data]).toEqual([name, 400, body])
        }
        expect(await Promise.all(tables.map((table) => count(table)))).toEqual(afterCheckout)
      })
    })

    describe("POST /api/gallery/checkout/confirm: errors", () => {
      it("400 Payment intent ID required", async () => {
        for (const body of [{}, { paymentIntentId: "" }, { paymentIntentId: 42 }]) {
          const res = await api.post("/api/gallery/checkout/confirm", body, anyStatus)
          expect(res.status).toBe(400)
          expect(res.data).toEqual({ error: "Payment intent ID required" })
        }
      })

      it("404 Order not found for this payment intent", async () => {
        const res = await confirm("pi_unknown")
        expect(res.status).toBe(404)
        expect(res.data).toEqual({ error: "Order not found for this payment intent" })
      })

      it("400 Payment not successful before the customer paid", async () => {
        const { intentId, order } = await checkoutCart([["studio-east-print", 1]])
        const res = await confirm(intentId)
        expect(res.status).toBe(400)
        expect(res.data).toEqual({ error: "Payment not successful" })
        expect((await rows(`SELECT status FROM gallery_order WHERE id = ?`, [order.id]))[0].status).toBe("pending")
      })

      it("500 Failed to retrieve payment intent when the gateway fails", async () => {
        const { intentId } = await checkoutCart([["studio-east-print", 1]])
        jest.spyOn(payments, "retrievePaymentIntent").mockRejectedValueOnce(new Error("timeout"))
        const res = await confirm(intentId)
        expect(res.status).toBe(500)
        expect(res.data).toEqual({ error: "Failed to retrieve payment intent" })
      })
    })

    describe("POST /api/webhooks/payments", () => {
      it("400 Invalid signature for a bad or missing signature, and nothing happens", async () => {
        const { intentId, order } = await checkoutCart([["studio-east-print", 1]])
        await payments.confirmPaymentIntent(intentId, "pm_card_visa")
        const event = intentEvent("payment_intent.succeeded", intentId)
        const forged = await sendWebhook(event, signWebhookPayload(JSON.stringify(event), "whsec_wrong"))
        expect(forged.status).toBe(400)
        expect(forged.data).toEqual({ error: "Invalid signature" })
        const unsigned = await api.post("/api/webhooks/payments", event, anyStatus)
        expect(unsigned.status).toBe(400)
        expect(unsigned.data).toEqual({ error: "Invalid signature" })
        // A valid signature over other bytes than those sent.
        const tampered = await sendWebhook({ ...event, id: "evt_other" }, signWebhookPayload(JSON.stringify(event), WEBHOOK_SECRET))
        expect(tampered.status).toBe(400)
        expect((await rows(`SELECT status FROM gallery_order WHERE id = ?`, [order.id]))[0].status).toBe("pending")
        expect(await count("processed_webhook_event")).toBe(0)
      })

      it("payment_intent.succeeded settles the order; the same event again is acknowledged as a duplicate", async () => {
        await setAccounts({ "studio-north": "acct_north" })
        const { intentId, order } = await checkoutCart([["studio-north-print", 2]])
        await payments.confirmPaymentIntent(intentId, "pm_card_visa")
        const event = intentEvent("payment_intent.succeeded", intentId)
        const first = await sendWebhook(event)
        expect(first.status).toBe(200)
        expect(first.data).toEqual({ received: true })
        expect((await rows(`SELECT status FROM gallery_order WHERE id = ?`, [order.id]))[0].status).toBe("paid")
        expect(await outboxDrained(pg)).toBe(0)
        expect(await count("sandbox_transfer")).toBe(1)
        const second = await sendWebhook(event)
        expect(second.status).toBe(200)
        expect(second.data).toEqual({ received: true, duplicate: true })
        expect(await count("processed_webhook_event", "event_id = ?", [event.id])).toBe(1)
        expect(await count("sandbox_transfer")).toBe(1)
        expect(await count("gallery_order_transition", "to_status = 'paid'")).toBe(2)
        // The confirm route then answers the paid order.
        const res = await confirm(intentId)
        expect(res.status).toBe(200)
        expect(res.data.order).toMatchObject({ id: order.id, status: "paid" })
      })

      it("payment_intent.payment_failed records the failure; the order stays pending with its cart", async () => {
        const { intentId, order, sessionId } = await checkoutCart([["studio-east-print", 1]])
        const res = await sendWebhook(
          intentEvent("payment_intent.payment_failed", intentId, {
            status: "requires_payment_method",
            last_payment_error: { code: "card_declined", message: "Your card has insufficient funds." },
          })
        )
        expect(res.status).toBe(200)
        const [after] = await rows(`SELECT status, payment_failure FROM gallery_order WHERE id = ?`, [order.id])
        expect(after).toEqual({ status: "pending", payment_failure: "Your card has insufficient funds." })
        expect(await count("gallery_cart_item", "session_id = ?", [sessionId])).toBe(1)
      })

      it("acknowledges unknown intents and other event types without effect", async () => {
        const unknown = await sendWebhook(intentEvent("payment_intent.succeeded", "pi_not_ours"))
        expect(unknown.status).toBe(200)
        const other = await sendWebhook({ id: "evt_other_type", object: "event", type: "charge.refunded", data: { object: { id: "ch_1" } } })
        expect(other.status).toBe(200)
        expect(other.data).toEqual({ received: true })
      })

      it("500 when processing fails, and the provider's retry of the same event is processed", async () => {
        const { intentId, order } = await checkoutCart([["studio-east-print", 1]])
        await payments.confirmPaymentIntent(intentId, "pm_card_visa")
        jest.spyOn(payments, "retrievePaymentIntent").mockRejectedValueOnce(new Error("gateway timeout"))
        const event = intentEvent("payment_intent.succeeded", intentId)
        const failed = await sendWebhook(event)
        expect(failed.status).toBe(500)
        expect(await count("processed_webhook_event", "event_id = ?", [event.id])).toBe(0)
        expect((await rows(`SELECT status FROM gallery_order WHERE id = ?`, [order.id]))[0].status).toBe("pending")
        const retried = await sendWebhook(event)
        expect(retried.status).toBe(200)
        expect(retried.data).toEqual({ received: true })
        expect((await rows(`SELECT status FROM gallery_order WHERE id = ?`, [order.id]))[0].status).toBe("paid")
      })
    })

    describe("POST /api/sandbox/payment-intents/{id}/confirm", () => {
      it("is not served while a real payment provider is configured", async () => {
        const { intentId } = await checkoutCart([["studio-east-print", 1]])
        Object.defineProperty(payments, "provider", { value: "stripe", configurable: true })
        try {
          const res = await sandboxPay(intentId)
          expect(res.status).toBe(404)
        } finally {
          Object.defineProperty(payments, "provider", { value: "local", configurable: true })
        }
        expect((await rows(`SELECT status FROM sandbox_payment_intent WHERE id = ?`, [intentId]))[0].status).toBe(
          "requires_payment_method"
        )
      })

      it("400 for an unknown payment method, 404 for an unknown intent", async () => {
        const { intentId } = await checkoutCart([["studio-east-print", 1]])
        const bad = await sandboxPay(intentId, "pm_card_amex_fake")
        expect(bad.status).toBe(400)
        expect(bad.data.error).toMatch(/Unknown sandbox payment method/)
        const missing = await api.post(`/api/sandbox/payment-intents/${intentId}/confirm`, {}, anyStatus)
        expect(missing.status).toBe(400)
        const unknown = await sandboxPay("pi_does_not_exist")
        expect(unknown.status).toBe(404)
      })
    })

    describe("crash safety: redelivery, idempotent reservations, outbox, reconciliation", () => {
      const reservationsOf = (orderId: string) =>
        rows(`SELECT line_item_id, inventory_item_id, quantity FROM reservation_item WHERE external_id = ? AND deleted_at IS NULL`, [orderId])

      it("a webhook whose processing failed is not recorded: the provider's redelivery settles the order", async () => {
        await setAccounts({ "studio-north": "acct_north" })
        const { intentId, order } = await checkoutCart([["studio-north-print", 2]])
        await payments.confirmPaymentIntent(intentId, "pm_card_visa")
        const event = intentEvent("payment_intent.succeeded", intentId)
        // The settlement fails before anything commits (the inventory module is unreachable, say).
        const inventory = container.resolve(Modules.INVENTORY)
        jest.spyOn(inventory, "createReservationItems").mockRejectedValueOnce(new Error("connection reset"))
        const failed = await sendWebhook(event)
        expect(failed.status).toBe(500)
        expect(failed.data).toEqual({ error: "Webhook processing failed" })
        expect(await count("processed_webhook_event")).toBe(0)
        expect((await rows(`SELECT status FROM gallery_order WHERE id = ?`, [order.id]))[0].status).toBe("pending")
        expect(await reservationsOf(order.id)).toEqual([])

        const redelivered = await sendWebhook(event)
        expect(redelivered.status).toBe(200)
        expect(redelivered.data).toEqual({ received: true })
        expect((await rows(`SELECT status FROM gallery_order WHERE id = ?`, [order.id]))[0].status).toBe("paid")
        expect(await count("processed_webhook_event", "event_id = ?", [event.id])).toBe(1)
        expect(await outboxDrained(pg)).toBe(0)
        expect(await count("sandbox_transfer")).toBe(1)
      })

      it("a crash between the effect and the record: the redelivery is processed again and changes nothing", async () => {
        await setAccounts({ "studio-north": "acct_north" })
        const { intentId, order } = await checkoutCart([["studio-north-print", 2]])
        await payments.confirmPaymentIntent(intentId, "pm_card_visa")
        const event = intentEvent("payment_intent.succeeded", intentId)
        jest.spyOn(payments, "markWebhookEventProcessed").mockRejectedValueOnce(new Error("process killed"))
        const first = await sendWebhook(event)
        expect(first.status).toBe(500)
        // The effect committed (paid, reserved, outbox queued); the event was not recorded.
        expect((await rows(`SELECT status FROM gallery_order WHERE id = ?`, [order.id]))[0].status).toBe("paid")
        expect(await count("processed_webhook_event")).toBe(0)
        expect(await outboxDrained(pg)).toBe(0)

        const redelivered = await sendWebhook(event)
        expect(redelivered.status).toBe(200)
        expect(redelivered.data).toEqual({ received: true })
        expect(await count("processed_webhook_event", "event_id = ?", [event.id])).toBe(1)
        expect(await outboxDrained(pg)).toBe(0)
        expect(await count("sandbox_transfer")).toBe(1)
        expect(await count("gallery_payout")).toBe(1)
        expect(await count("gallery_order_transition", "to_status = 'paid'")).toBe(2)
        expect(await reservationsOf(order.id)).toHaveLength(1)
        expect(await waitFor(() => count("notification"), (n) => n >= 2)).toBe(2)
      })

      it("reservations left by a settlement that died before marking the order paid are found again, never doubled", async () => {
        const { intentId, order } = await checkoutCart([["studio-north-original", 1], ["studio-north-print", 3]])
        await payments.confirmPaymentIntent(intentId, "pm_card_visa")
        // What a run killed after reserving left behind: this order's reservations, the order still pending.
        const items = await rows(
          `SELECT i.id, i.product_id, i.quantity FROM gallery_artist_order_item i
           JOIN gallery_artist_order ao ON ao.id = i.artist_order_id WHERE ao.gallery_order_id = ?`,
          [order.id]
        )
        const [location] = await rows(`SELECT location_id FROM inventory_level WHERE inventory_item_id = ?`, [inventoryItem["studio-north-original"]])
        const inventory = container.resolve(Modules.INVENTORY)
        await inventory.createReservationItems(
          items.map((item) => ({
            line_item_id: item.id,
            inventory_item_id: item.product_id === product["studio-north-original"] ? inventoryItem["studio-north-original"] : inventoryItem["studio-north-print"],
            location_id: location.location_id,
            quantity: item.quantity,
            external_id: order.id,
          }))
        )
        expect(await inventoryOf("studio-north-original")).toBe(0)

        // The original is not "sold out" to its own buyer: the retry reuses the reservations.
        const res = await confirm(intentId)
        expect(res.status).toBe(200)
        expect(res.data.order.status).toBe("paid")
        const reservations = await reservationsOf(order.id)
        expect(reservations).toHaveLength(2)
        expect(reservations.map((r) => Number(r.quantity)).sort()).toEqual([1, 3])
        expect(await count("sandbox_refund")).toBe(0)
        const [level] = await rows(`SELECT stocked_quantity, reserved_quantity FROM inventory_level WHERE inventory_item_id = ?`, [inventoryItem["studio-north-print"]])
        expect(Number(level.reserved_quantity)).toBe(3)
      })

      it("a settlement that finds the stock gone releases what an earlier run of it had reserved", async () => {
        const winner = await checkoutCart([["studio-south-original", 1]])
        const loser = await checkoutCart([["studio-south-original", 1], ["studio-east-print", 2]])
        await payments.confirmPaymentIntent(winner.intentId, "pm_card_visa")
        await payments.confirmPaymentIntent(loser.intentId, "pm_card_visa")
        // The loser's earlier, interrupted run had reserved its print (the original was still taken by nobody then).
        const [printItem] = await rows(
          `SELECT i.id, i.quantity FROM gallery_artist_order_item i JOIN gallery_artist_order ao ON ao.id = i.artist_order_id
           WHERE ao.gallery_order_id = ? AND i.product_id = ?`,
          [loser.order.id, product["studio-east-print"]]
        )
        const [location] = await rows(`SELECT location_id FROM inventory_level WHERE inventory_item_id = ?`, [inventoryItem["studio-east-print"]])
        await container.resolve(Modules.INVENTORY).createReservationItems([
          { line_item_id: printItem.id, inventory_item_id: inventoryItem["studio-east-print"], location_id: location.location_id, quantity: 2, external_id: loser.order.id },
        ])
        expect((await confirm(winner.intentId)).status).toBe(200)
        const lost = await confirm(loser.intentId)
        expect(lost.status).toBe(409)
        expect(await reservationsOf(loser.order.id)).toEqual([])
        expect(await count("sandbox_refund")).toBe(1)
      })

      it("a succeeded intent for another amount than the order's total leaves the order unpaid", async () => {
        const { intentId, order } = await checkoutCart([["studio-north-print", 1]])
        await payments.confirmPaymentIntent(intentId, "pm_card_visa")
        await pg.raw(`UPDATE sandbox_payment_intent SET amount = amount - 1 WHERE id = ?`, [intentId])
        const res = await confirm(intentId)
        expect(res.status).toBe(400)
        expect(res.data).toEqual({ error: "Payment not successful" })
        const webhook = await sendWebhook(intentEvent("payment_intent.succeeded", intentId))
        expect(webhook.status).toBe(200)
        expect((await rows(`SELECT status, paid_at FROM gallery_order WHERE id = ?`, [order.id]))[0]).toEqual({ status: "pending", paid_at: null })
        expect(await reservationsOf(order.id)).toEqual([])
        expect(await count("gallery_payout")).toBe(0)
        expect(await count("gallery_outbox_message")).toBe(0)
      })

      it("the reconciliation job settles a succeeded payment nobody confirmed, and leaves unpaid ones pending", async () => {
        await setAccounts({ "studio-north": "acct_north", "studio-east": "acct_east" })
        const paid = await checkoutCart([["studio-north-print", 1], ["studio-east-print", 1]])
        const unpaid = await checkoutCart([["studio-north-print", 1]])
        await payments.confirmPaymentIntent(paid.intentId, "pm_card_visa")
        await pg.raw(`UPDATE gallery_order SET created_at = now() - interval '5 minutes'`)
        const result = await reconcileGallerySettlements(container)
        expect(result).toEqual({ checked: 2, settled: 1, outOfStock: 0 })
        const statuses = Object.fromEntries(
          (await rows(`SELECT id, status FROM gallery_order`)).map((o) => [o.id, o.status])
        )
        expect(statuses).toEqual({ [paid.order.id]: "paid", [unpaid.order.id]: "pending" })
        // The unpaid order costs one gateway read: no lock, no settlement run (a run stays short however many wait).
        const locks = jest.spyOn(container.resolve(Modules.LOCKING), "execute")
        expect(await reconcileGallerySettlements(container)).toEqual({ checked: 1, settled: 0, outOfStock: 0 })
        expect(locks).not.toHaveBeenCalled()
        expect(await outboxDrained(pg)).toBe(0)
        expect(await count("sandbox_transfer")).toBe(2)
        expect(await waitFor(() => count("notification"), (n) => n >= 3)).toBe(3)
      })

      it("outbox: delivered once; a claim outlives its dead claimer only until the lease ends; a failing handler is retried later", async () => {
        await setAccounts({ "studio-north": "acct_north" })
        const { intentId, order } = await checkoutCart([["studio-north-print", 1]])
        await payments.confirmPaymentIntent(intentId, "pm_card_visa")
        // A dispatcher claims the order's messages and dies before running them (nothing else happens in this test).
        jest.spyOn(gallery, "claimOutboxMessages").mockResolvedValue([])
        expect((await confirm(intentId)).status).toBe(200)
        await outboxNudgeServed()
        jest.restoreAllMocks()
        const claimed = await gallery.claimOutboxMessages({ limit: 10, leaseSeconds: 60 })
        expect(claimed.map((m) => m.key).sort()).toEqual([
          `medusa-order-book:${order.id}`,
          `order-paid-emails:${order.id}`,
          `order-paid-webhooks:${order.id}`,
          `transfer-payouts:${order.id}`,
        ])
        expect(await dispatchGalleryOutbox(container)).toEqual({ delivered: 0, failed: 0 })
        expect(await count("sandbox_transfer")).toBe(0)

        // It had also claimed the payout's first transfer attempt (back-off set) before dying: the redelivered message
        // transfers all the same, without waiting for the payouts job's back-off.
        await pg.raw(
          `UPDATE gallery_payout SET attempt_count = 1, first_attempted_at = now(), next_attempt_at = now() + interval '15 minutes'`
        )
        // The lease ends: the next dispatch delivers them; concurrent dispatchers never share a message.
        await pg.raw(`UPDATE gallery_outbox_message SET available_at = now()`)
        const results = await Promise.all([dispatchGalleryOutbox(container), dispatchGalleryOutbox(container)])
        expect(results.reduce((n, r) => n + r.delivered, 0)).toBe(4)
        expect(await count("sandbox_transfer")).toBe(1)
        expect(await waitFor(() => count("notification"), (n) => n >= 2)).toBe(2)
        const messages = await rows(`SELECT attempts, delivered_at FROM gallery_outbox_message`)
        expect(messages.map((m) => m.attempts)).toEqual([2, 2, 2, 2])
        expect(messages.every((m) => m.delivered_at instanceof Date)).toBe(true)

        // Delivered messages are never claimed again.
        expect(await dispatchGalleryOutbox(container)).toEqual({ delivered: 0, failed: 0 })
        expect(await count("notification")).toBe(2)

        // A handler that throws is released for a later attempt with its reason, not marked delivered.
        await pg.raw(
          `INSERT INTO gallery_outbox_message (id, key, topic, handler, payload, attempts, available_at)
           VALUES ('gobx_test', 'unknown-handler:x', 'gallery.order.paid', 'unknown-handler', '{}'::jsonb, 0, now())`
        )
        expect(await dispatchGalleryOutbox(container)).toEqual({ delivered: 0, failed: 1 })
        const [failed] = await rows(
          `SELECT attempts, delivered_at, last_error, available_at > now() + interval '5 seconds' AS later
           FROM gallery_outbox_message WHERE id = 'gobx_test'`
        )
        expect(failed).toEqual({ attempts: 1, delivered_at: null, last_error: "No outbox handler named unknown-handler", later: true })
        expect(await dispatchGalleryOutbox(container)).toEqual({ delivered: 0, failed: 0 })
      })

      /** Pays and confirms the orders while no dispatcher runs: their outbox messages all wait, undelivered. */
      async function settleWhileNoDispatcherRuns(orders: { intentId: string }[]) {
        jest.spyOn(gallery, "claimOutboxMessages").mockResolvedValue([])
        for (const order of orders) {
          await payments.confirmPaymentIntent(order.intentId, "pm_card_visa")
          expect((await confirm(order.intentId)).status).toBe(200)
        }
        await outboxNudgeServed()
        jest.restoreAllMocks()
      }

      it("outbox: one batch of emails for several orders; a failing order is retried alone, the others are delivered", async () => {
        const a = await checkoutCart([["studio-north-print", 1]])
        const b = await checkoutCart([["studio-east-print", 1]])
        await settleWhileNoDispatcherRuns([a, b])
        // Transfers, emails, the Medusa order book and the organizations' webhooks, per order.
        expect(await count("gallery_outbox_message", "delivered_at IS NULL")).toBe(8)

        // The email provider refuses anything about order b.
        // Seen through the batch overload, the one the outbox calls (jest.spyOn would type only the last overload).
        const notifications: BatchNotifications = container.resolve(Modules.NOTIFICATION)
        const create = notifications.createNotifications.bind(notifications)
        const calls: number[] = []
        jest.spyOn(notifications, "createNotifications").mockImplementation(async (list) => {
          calls.push(list.length)
          if (list.some((n) => n.data?.publicId === b.order.public_id)) throw new Error("provider refused")
          return create(list)
        })
        expect(await dispatchGalleryOutbox(container)).toEqual({ delivered: 7, failed: 1 })
        // One call for both orders (2 + 2 emails), then each order alone.
        expect(calls).toEqual([4, 2, 2])
        const [failed] = await rows(`SELECT key, attempts, last_error FROM gallery_outbox_message WHERE delivered_at IS NULL`)
        expect(failed).toEqual({ key: `order-paid-emails:${b.order.id}`, attempts: 1, last_error: "provider refused" })
        expect(await count("notification", "resource_id = ?", [a.order.id])).toBe(1)
        expect(await count("notification", "resource_id = ?", [b.order.id])).toBe(0)
      })

      it("outbox: one read, claim and record of the payouts for several orders' transfers; redelivered, nothing twice", async () => {
        await setAccounts({ "studio-north": "acct_north", "studio-east": "acct_east" })
        const a = await checkoutCart([["studio-north-print", 1], ["studio-east-print", 1]])
        const b = await checkoutCart([["studio-north-print", 1]])
        await settleWhileNoDispatcherRuns([a, b])

        const claims = jest.spyOn(gallery, "claimPayoutAttempts")
        const records = jest.spyOn(gallery, "recordPayoutTransfers")
        const locks = jest.spyOn(container.resolve(Modules.LOCKING), "execute")
        expect(await dispatchGalleryOutbox(container)).toEqual({ delivered: 8, failed: 0 })
        expect(claims).toHaveBeenCalledTimes(1)
        expect(claims.mock.calls[0][0].claims).toHaveLength(3)
        expect(records).toHaveBeenCalledTimes(1)
        // Both orders' locks, the ones their settlement and cancellation take.
        const lockKeys = locks.mock.calls.map(([keys]) => keys).flat()
        expect(lockKeys).toEqual(expect.arrayContaining([`gallery-order:${a.order.id}`, `gallery-order:${b.order.id}`]))

        const transfers = await rows(
          `SELECT destination, source_transaction, metadata->>'artist_order_id' AS artist_order_id FROM sandbox_transfer`
        )
        expect(transfers).toHaveLength(3)
        const charges = await rows(`SELECT charge_id FROM sandbox_payment_intent WHERE id IN (?, ?)`, [a.intentId, b.intentId])
        expect(new Set(transfers.map((t) => t.source_transaction))).toEqual(new Set(charges.map((c) => c.charge_id)))
        expect(await count("gallery_payout", "status = 'transferred' AND transfer_id IS NOT NULL")).toBe(3)

        // Redelivered (a dispatcher that died before marking them): the payouts are transferred already, nothing moves.
        await pg.raw(`UPDATE gallery_outbox_message SET delivered_at = NULL, available_at = now() WHERE handler = 'transfer-payouts'`)
        expect(await dispatchGalleryOutbox(container)).toEqual({ delivered: 2, failed: 0 })
        expect(await count("sandbox_transfer")).toBe(3)
      })

      it("an email whose sending was interrupted by a crash (left pending) is sent on redelivery, still once", async () => {
        const { intentId, order } = await checkoutCart([["studio-north-print", 1]])
        jest.spyOn(gallery, "claimOutboxMessages").mockResolvedValue([])
        await payments.confirmPaymentIntent(intentId, "pm_card_visa")
        expect((await confirm(intentId)).status).toBe(200)
        await outboxNudgeServed()
        jest.restoreAllMocks()
        // What the Notification module had recorded when the process died: the customer's email, not yet sent.
        await pg.raw(
          `INSERT INTO notification (id, "to", channel, template, data, resource_id, resource_type, idempotency_key, provider_id, status)
           VALUES ('noti_interrupted', ?, 'email', 'gallery-order-confirmation', '{}'::jsonb, ?, 'gallery_order', ?, 'local', 'pending')`,
          [EMAIL, order.id, `gallery-order-confirmation:${order.id}`]
        )
        expect(await dispatchGalleryOutbox(container)).toEqual({ delivered: 4, failed: 0 })
        const sent = await rows(`SELECT status FROM notification WHERE idempotency_key = ?`, [`gallery-order-confirmation:${order.id}`])
        expect(sent).toEqual([{ status: "success" }])
        expect(await count("notification", "id = 'noti_interrupted'")).toBe(0)
        expect(await count("notification", "status <> 'success'")).toBe(0)
        expect(await count("notification")).toBe(2)
      })
    })

    describe("GET /api/gallery/orders/{publicId}", () => {
      it("the public order view: spec fields, rule B status, no internal or provider ids", async () => {
        await setAccounts({ "studio-north": "acct_north" })
        const { intentId, order, res: checkoutRes } = await checkoutCart(MIXED_CART)
        const publicId = checkoutRes.data.publicId
        const pending = await api.get(`/api/gallery/orders/${publicId}`, anyStatus)
        expect(pending.status).toBe(200)
        expect(pending.data.order.status).toBe("pending")
        expect(pending.data.order.paidAt).toBeNull()

        await sandboxPay(intentId)
        const res = await api.get(`/api/gallery/orders/${publicId.toLowerCase()}`, anyStatus)
        expect(res.status).toBe(200)
        const [paid] = await rows(`SELECT created_at, paid_at FROM gallery_order WHERE id = ?`, [order.id])
        const artist = (orgSlug: string, name: string, subtotal: number, payout: number, items: object[]) => ({
          orgId: org[orgSlug],
          artistName: name,
          status: "paid",
          subtotal,
          artistPayout: payout,
          trackingNumber: null,
          trackingUrl: null,
          shippedAt: null,
          shippingAddress: ADDRESS,
          items,
        })
        const item = (handle: string, name: string, quantity: number, price: number) => ({
          productId: product[handle],
          productName: name,
          quantity,
          price,
          image: expect.stringMatching(/\/api\/gallery\/images\/demo\//),
        })
        expect(res.data).toEqual({
          order: {
            publicId,
            status: "paid",
            total: 203.56,
            subtotal: 176.37,
            galleryFee: 21.16,
            stripeFee: 6.03,
            // Masked: the public id is the only credential of this view (docs/decisions.md, "Per-artist addresses").
            email: "a***@collector.test",
            shippingOption: "single_address",
            shippingAddress: ADDRESS,
            createdAt: paid.created_at.toISOString(),
            paidAt: paid.paid_at.toISOString(),
            artistOrders: [
              artist("studio-north", "Studio North", 104.97, 92.37, [
                item("studio-north-print", "Fjord at First Light (Giclée print)", 3, 34.99),
              ]),
              artist("studio-south", "Studio South", 45.5, 40.04, [
                item("studio-south-print", "Desert Bloom (Fine art print)", 1, 45.5),
              ]),
              artist("studio-east", "Studio East", 25.9, 22.79, [
                item("studio-east-print", "Morning Market (Risograph print)", 2, 12.95),
              ]),
            ],
          },
        })
        const text = JSON.stringify(res.data)
        expect(text).not.toMatch(INTERNAL_ID_PATTERN)
        expect(text).not.toContain(order.id)
        expect(text).not.toContain(intentId)
        expect(text).not.toMatch(/acct_|payment_method|pm_card|transfer|charge|clientSecret/i)

        // Shipping one artist order: partially_shipped (rule B) and a tracking URL derived from the number.
        await pg.raw(
          `UPDATE gallery_artist_order SET status = 'shipped', tracking_number = '1Z999AA10123456784', shipped_at = now()
           WHERE gallery_order_id = ? AND organization_id = ?`,
          [order.id, org["studio-north"]]
        )
        await pg.raw(
          `UPDATE gallery_artist_order SET status = 'processing', tracking_number = '123456789012', tracking_url = 'https://track.example/x'
           WHERE gallery_order_id = ? AND organization_id = ?`,
          [order.id, org["studio-south"]]
        )
        const shipped = (await api.get(`/api/gallery/orders/${publicId}`, anyStatus)).data.order
        expect(shipped.status).toBe("partially_shipped")
        expect(shipped.artistOrders[0]).toMatchObject({
          status: "shipped",
          trackingNumber: "1Z999AA10123456784",
          trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
          shippedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        })
        expect(shipped.artistOrders[1].trackingUrl).toBe("https://track.example/x")

        // A stored value that is not an https URL (written before custom values were checked) is never a link.
        for (const unsafe of ["javascript:alert(document.cookie)", "data:text/html,<script>x</script>", "http://track.example/x", "/x"]) {
          await pg.raw(`UPDATE gallery_artist_order SET tracking_url = ? WHERE gallery_order_id = ? AND organization_id = ?`, [
            unsafe,
            order.id,
            org["studio-south"],
          ])
          const view = (await api.get(`/api/gallery/orders/${publicId}`, anyStatus)).data.order
          expect([unsafe, view.artistOrders[1].trackingUrl]).toEqual([unsafe, null])
          expect(JSON.stringify(view)).not.toContain(unsafe)
        }
      })

      it("404 Order not found", async () => {
        for (const id of ["GAL-2024-ZZZZZZ", "not-a-public-id"]) {
          const res = await api.get(`/api/gallery/orders/${id}`, anyStatus)
          expect(res.status).toBe(404)
          expect(res.data).toEqual({ error: "Order not found" })
        }
      })
    })

    describe("POST /api/gallery/orders/{publicId}/addresses (per_artist)", () => {
      it("sets one artist's address, validates, and refuses once that artist order shipped", async () => {
        const sessionId = session()
        await fillCart(sessionId, [["studio-north-print", 1], ["studio-south-print", 1]])
        const res = await checkout({ sessionId, email: EMAIL, shippingOption: "per_artist" })
        const publicId = res.data.publicId
        const url = `/api/gallery/orders/${publicId}/addresses`
        const view = (await api.get(`/api/gallery/orders/${publicId}`, anyStatus)).data.order
        expect(view.shippingAddress).toBeNull()
        expect(view.artistOrders.map((a: Row) => a.shippingAddress)).toEqual([null, null])

        const set = await api.post(
          url,
          { orgId: org["studio-south"], shippingAddress: { ...ADDRESS, country: "ca" }, email: EMAIL },
          anyStatus
        )
        expect(set.status).toBe(200)
        expect(set.data.order.artistOrders.map((a: Row) => [a.orgId, a.shippingAddress])).toEqual([
          [org["studio-north"], null],
          [org["studio-south"], { ...ADDRESS, country: "CA" }],
        ])
        expect(JSON.stringify(set.data)).not.toMatch(INTERNAL_ID_PATTERN)

        for (const body of [
          { shippingAddress: ADDRESS, email: EMAIL },
          { orgId: org["studio-north"], email: EMAIL },
          { orgId: org["studio-north"], shippingAddress: { ...ADDRESS, line1: " " }, email: EMAIL },
          { orgId: org["studio-north"], shippingAddress: { ...ADDRESS, city: "Oslo\u0000" }, email: EMAIL },
          { orgId: "org\u0000", shippingAddress: ADDRESS, email: EMAIL },
        ]) {
          const bad = await api.post(url, body, anyStatus)
          expect(bad.status).toBe(400)
          expect(bad.data).toEqual({ error: "Missing required fields" })
        }
        for (const [path, orgId] of [
          [url, org["studio-east"]],
          [url, "org_missing"],
          ["/api/gallery/orders/GAL-2024-ZZZZZZ/addresses", org["studio-north"]],
        ]) {
          const missing = await api.post(path, { orgId, shippingAddress: ADDRESS, email: EMAIL }, anyStatus)
          expect(missing.status).toBe(404)
          expect(missing.data).toEqual({ error: "Order not found" })
        }

        await pg.raw(`UPDATE gallery_artist_order SET status = 'shipped' WHERE organization_id = ? AND shipping_address IS NOT NULL`, [
          org["studio-south"],
        ])
        const late = await api.post(url, { orgId: org["studio-south"], shippingAddress: ADDRESS, email: EMAIL }, anyStatus)
        expect(late.status).toBe(400)
        expect(late.data).toEqual({ error: "Order already shipped" })
      })

      it("needs the order's email (any case): a missing or wrong one is answered exactly like an unknown order", async () => {
        const sessionId = session()
        await fillCart(sessionId, [["studio-north-print", 1]])
        const res = await checkout({ sessionId, email: EMAIL, shippingOption: "per_artist" })
        const url = `/api/gallery/orders/${res.data.publicId}/addresses`
        const body = { orgId: org["studio-north"], shippingAddress: ADDRESS }
        const unknownOrder = await api.post(
          "/api/gallery/orders/GAL-2024-ZZZZZZ/addresses",
          { ...body, email: EMAIL },
          anyStatus
        )
        for (const email of [undefined, null, "", "  ", 42, ["x"], "someone@else.test", `${EMAIL}x`, `x${EMAIL}`, "x".repeat(300)]) {
          const refused = await api.post(url, { ...body, email }, anyStatus)
          expect([email, refused.status, refused.data]).toEqual([email, unknownOrder.status, unknownOrder.data])
          expect(Object.keys(refused.headers).sort()).toEqual(Object.keys(unknownOrder.headers).sort())
        }
        expect(unknownOrder.status).toBe(404)
        expect(unknownOrder.data).toEqual({ error: "Order not found" })
        const [stored] = await pg("gallery_artist_order").select("shipping_address").where({ organization_id: org["studio-north"] })
        expect(stored.shipping_address).toBeNull()

        const accepted = await api.post(url, { ...body, email: `  ${EMAIL.toUpperCase()} ` }, anyStatus)
        expect(accepted.status).toBe(200)
        expect(accepted.data.order.artistOrders[0].shippingAddress).toEqual(ADDRESS)
      })

      it("400 for a single_address order", async () => {
        const { res } = await checkoutCart([["studio-east-print", 1]])
        const refused = await api.post(
          `/api/gallery/orders/${res.data.publicId}/addresses`,
          { orgId: org["studio-east"], shippingAddress: ADDRESS, email: EMAIL },
          anyStatus
        )
        expect(refused.status).toBe(400)
        expect(refused.data).toEqual({ error: "This order ships to a single address" })
      })
    })
  },
})
