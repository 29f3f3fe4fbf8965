import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { generateEntityId } from "@medusajs/framework/utils"
import { STORE_SHIPPING_MESSAGES } from "../../src/lib/store-checkout"
import { LOCAL_WEBHOOK_SECRET, PAYMENTS_MODULE, signWebhookPayload, type PaymentsModuleService } from "../../src/modules/payments"
import { dispatchGalleryOutbox } from "../../src/processes/outbox/dispatch"
import { STORE_ARTIST_NEW_ORDER_TEMPLATE, STORE_ORDER_CONFIRMATION_TEMPLATE } from "../../src/processes/outbox/handlers/store-order-paid"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { countRows, outboxDrained, selectRows } from "../helpers/db"
import { COLLECTOR_ADDRESS, loginDemoAdmin, loginDemoMember, orgIdsBySlug, productIdsByHandle, seedDemo } from "../helpers/demo-data"

// An artist store's checkout charging the artist's shipping (docs/store-checkout.md "Shipping"): the destination
// charge, the plan fee on the merchandise only, the store payment, the Medusa order's shipping method and address,
// the refusals, Stripe Checkout sessions, and an artist without rates answering exactly as before.

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const SLUGS = ["studio-north", "studio-south", "studio-east"] as const
const HANDLES = ["studio-north-print", "studio-south-print", "studio-east-print"] as const
const SHOPPER = "store-shipping@collector.test"
const WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET
const FR_ADDRESS = { ...COLLECTOR_ADDRESS, city: "Lyon", state: "ARA", postal_code: "69001", country: "FR" }
/** The store payment's and the email's address: as given, line2 null when absent. */
const storedAddress = (address: typeof FR_ADDRESS) => ({ ...address, line2: address.line2 ?? null })

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const org = {} as Record<(typeof SLUGS)[number], string>
    const variant = {} as Record<(typeof HANDLES)[number], { product_id: string; variant_id: string }>
    const token: Record<string, string> = {}
    /** Option ids of the rates made below. */
    const option: Record<string, string> = {}

    const rows = (sql: string, bindings: unknown[] = []) => selectRows(pg, sql, bindings)
    const line = (handle: (typeof HANDLES)[number], quantity = 1) => ({ ...variant[handle], quantity })
    const createIntent = (body: Record<string, unknown>) =>
      api.post("/api/create-payment-intent", { customer_email: SHOPPER, ...body }, anyStatus)
    const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0]
    const payment = async (intentId: string) => (await rows(`SELECT * FROM store_payment WHERE payment_intent_id = ?`, [intentId]))[0]
    const sandboxIntent = async (intentId: string) => (await rows(`SELECT * FROM sandbox_payment_intent WHERE id = ?`, [intentId]))[0]
    const pay = (intentId: string) =>
      api.post(`/api/sandbox/payment-intents/${intentId}/confirm`, { payment_method: "pm_card_visa" }, anyStatus)
    const adminOrder = async (orderId: string) => {
      const res = await api.get(
        `/admin/orders/${orderId}?fields=id,total,+payment_status,*shipping_methods,*shipping_address`,
        bearer(token.admin)
      )
      expect(res.status).toBe(200)
      return res.data.order as Row
    }
    const sendWebhook = (event: object) => {
      const payload = JSON.stringify(event)
      return api.post("/api/webhooks/payments", payload, {
        ...anyStatus,
        transformRequest: [(data: unknown) => data],
        headers: { "content-type": "application/json", "stripe-signature": signWebhookPayload(payload, WEBHOOK_SECRET) },
      })
    }
    const drained = async () => {
      await dispatchGalleryOutbox(container)
      expect(await outboxDrained(pg, 20000)).toBe(0)
    }

    async function createRate(slug: string, body: Record<string, unknown>) {
      const res = await api.post("/api/shipping-rates", { org_id: org[slug as (typeof SLUGS)[number]], ...body }, bearer(token[slug]))
      expect(res.status).toBe(201)
      return res.data.shipping_rate.id as string
    }

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(org, await orgIdsBySlug(container, SLUGS))
      const products = await productIdsByHandle(container, HANDLES)
      const variants = await selectRows(pg, `SELECT id, product_id FROM product_variant WHERE product_id = ANY(?) AND deleted_at IS NULL`, [
        Object.values(products),
      ])
      for (const handle of HANDLES) {
        const product_id = products[handle]
        variant[handle] = { product_id, variant_id: variants.find((r) => r.product_id === product_id)!.id }
      }
      // Plenty of stock: these tests are about money, not stock.
      await pg.raw(
        `UPDATE inventory_level SET stocked_quantity = reserved_quantity + 500 WHERE inventory_item_id IN (
           SELECT inventory_item_id FROM product_variant_inventory_item WHERE variant_id = ANY(?) AND deleted_at IS NULL)`,
        [Object.values(variant).map((v) => v.variant_id)]
      )
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
      option.southPost = await createRate("studio-south", { name: "Post", countries: ["FR", "US"], first_item_amount: 6, free_shipping_threshold: 100 })
      // Studio East has no rates: its store ships free, as every contract example.
    })

    describe("POST /api/create-payment-intent", () => {
      it("adds the cheapest option for the address's country to the destination charge; the plan fee stays on the merchandise", async () => {
        const res = await createIntent({
          org_id: org["studio-north"],
          items: [line("studio-north-print", 2)],
          shipping_address: { ...FR_ADDRESS, country: "fr" },
        })
        expect(res.status).toBe(200)
        // 2 x 34.99 = 69.98 of merchandise; Tracked 8.50 + 2.00 for the second item = 10.50; starter 5 % of 69.98 = 3.50.
        expect(res.data).toEqual({ clientSecret: expect.stringContaining("_secret_"), platformFee: 3.5, shipping: 10.5 })
        const intentId = intentIdOf(res.data.clientSecret)
        const intent = await sandboxIntent(intentId)
        const [organization] = await rows(`SELECT stripe_account_id FROM organization WHERE id = ?`, [org["studio-north"]])
        expect(intent).toMatchObject({
          amount: 8048,
          currency: "usd",
          application_fee_amount: 350,
          transfer_destination: organization.stripe_account_id,
          receipt_email: SHOPPER,
          metadata: { kind: "store", org_id: org["studio-north"], store_checkout_id: expect.stringMatching(/^schk_/) },
        })
        expect(intent.idempotency_key).toBe(`store-payment-intent-${intent.metadata.store_checkout_id}`)
        expect(await payment(intentId)).toMatchObject({
          status: "pending",
          subtotal_cents: 6998,
          commission_basis_points: 500,
          platform_fee_cents: 350,
          shipping_cents: 1050,
          shipping_option_id: option.northTracked,
          shipping_option_name: "Tracked",
          shipping_address: storedAddress(FR_ADDRESS),
        })

        // The shopper's choice: Express, one price whatever the quantity; the fee is the same.
        const express = await createIntent({
          org_id: org["studio-north"],
          items: [line("studio-north-print", 2)],
          shipping_address: FR_ADDRESS,
          shipping_option_id: option.northExpress,
        })
        expect(express.status).toBe(200)
        expect(express.data).toMatchObject({ platformFee: 3.5, shipping: 24 })
        const expressIntent = await sandboxIntent(intentIdOf(express.data.clientSecret))
        expect([expressIntent.amount, expressIntent.application_fee_amount]).toEqual([9398, 350])

        // Free from the artist's threshold on its merchandise: 3 x 45.50 >= 100 (South: growth, 3 %).
        const free = await createIntent({ org_id: org["studio-south"], items: [line("studio-south-print", 3)], shipping_address: { ...FR_ADDRESS, country: "US" } })
        expect(free.status).toBe(200)
        expect(free.data).toMatchObject({ platformFee: 4.1, shipping: 0 })
        const freeIntent = await sandboxIntent(intentIdOf(free.data.clientSecret))
        expect([freeIntent.amount, freeIntent.application_fee_amount]).toEqual([13650, 410])
        expect(await payment(intentIdOf(free.data.clientSecret))).toMatchObject({ shipping_cents: 0, shipping_option_id: option.southPost })
      })

      it("refuses, naming the field and writing nothing: no country, a country not shipped to, an option not offered, a bad address", async () => {
        const before = { payments: await countRows(pg, "store_payment"), intents: await countRows(pg, "sandbox_payment_intent") }
        const north = (extra: Record<string, unknown>) => ({ org_id: org["studio-north"], items: [line("studio-north-print")], ...extra })
        const cases: [Record<string, unknown>, string, string][] = [
          [north({}), STORE_SHIPPING_MESSAGES.countryRequired, "shipping_address.country"],
          [north({ shipping_address: null }), STORE_SHIPPING_MESSAGES.countryRequired, "shipping_address.country"],
          [north({ shipping_address: { ...FR_ADDRESS, country: "JP" } }), "Artist does not ship to JP", "shipping_address.country"],
          [north({ shipping_address: FR_ADDRESS, shipping_option_id: "so_unknown" }), STORE_SHIPPING_MESSAGES.optionUnavailable, "shipping_option_id"],
          // Another artist's option, and an option of this artist that does not go to that country.
          [north({ shipping_address: FR_ADDRESS, shipping_option_id: option.southPost }), STORE_SHIPPING_MESSAGES.optionUnavailable, "shipping_option_id"],
          [north({ shipping_address: { ...FR_ADDRESS, country: "DE" }, shipping_option_id: option.northExpress }), STORE_SHIPPING_MESSAGES.optionUnavailable, "shipping_option_id"],
          [north({ shipping_address: FR_ADDRESS, shipping_option_id: 42 }), STORE_SHIPPING_MESSAGES.optionInvalid, "shipping_option_id"],
          [north({ shipping_address: { ...FR_ADDRESS, city: " " } }), STORE_SHIPPING_MESSAGES.addressInvalid, "shipping_address.city"],
          [north({ shipping_address: { ...FR_ADDRESS, country: "France" } }), STORE_SHIPPING_MESSAGES.addressInvalid, "shipping_address.country"],
          [north({ shipping_address: "FR" }), STORE_SHIPPING_MESSAGES.addressInvalid, "shipping_address"],
          // An artist without rates offers no option to choose.
          [{ org_id: org["studio-east"], items: [line("studio-east-print")], shipping_option_id: option.northTracked }, STORE_SHIPPING_MESSAGES.optionUnavailable, "shipping_option_id"],
        ]
        for (const [body, message, field] of cases) {
          const res = await createIntent(body)
          expect([body, res.status, res.data]).toEqual([body, 400, { error: message, code: expect.any(String), details: expect.objectContaining({ field }) }])
        }
        expect({ payments: await countRows(pg, "store_payment"), intents: await countRows(pg, "sandbox_payment_intent") }).toEqual(before)
      })

      it("an artist without rates: the contract's body and charge; an address given is only recorded", async () => {
        const plain = await createIntent({ org_id: org["studio-east"], items: [line("studio-east-print", 2)] })
        expect(plain.status).toBe(200)
        // 2 x 12.95 = 25.90; pro 1 % = 0.259 -> 0.26. No shipping field.
        expect(plain.data).toEqual({ clientSecret: expect.any(String), platformFee: 0.26 })
        const plainIntent = await sandboxIntent(intentIdOf(plain.data.clientSecret))
        expect([plainIntent.amount, plainIntent.application_fee_amount]).toEqual([2590, 26])
        expect(await payment(intentIdOf(plain.data.clientSecret))).toMatchObject({
          subtotal_cents: 2590,
          shipping_cents: 0,
          shipping_option_id: null,
          shipping_option_name: null,
          shipping_address: null,
        })

        const addressed = await createIntent({ org_id: org["studio-east"], items: [line("studio-east-print", 2)], shipping_address: { ...COLLECTOR_ADDRESS, country: "JP" } })
        expect(addressed.status).toBe(200)
        expect(Object.keys(addressed.data).sort()).toEqual(["clientSecret", "platformFee"])
        const intentId = intentIdOf(addressed.data.clientSecret)
        expect((await sandboxIntent(intentId)).amount).toBe(2590)
        expect(await payment(intentId)).toMatchObject({ shipping_cents: 0, shipping_address: { ...COLLECTOR_ADDRESS, country: "JP" } })

        // Its order: the order book's free method, and the address the shopper gave.
        expect((await pay(intentId)).status).toBe(200)
        const stored = await payment(intentId)
        expect(stored.status).toBe("paid")
        const order = await adminOrder(stored.order_id)
        expect(order.shipping_methods).toEqual([expect.objectContaining({ name: "Shipped by the artist", amount: 0 })])
        expect(order.shipping_address).toMatchObject({ address_1: COLLECTOR_ADDRESS.line1, city: COLLECTOR_ADDRESS.city, country_code: "jp" })
        expect(order.total).toBeCloseTo(25.9, 2)
      })
    })

    describe("the paid sale", () => {
      it("its Medusa order carries the option charged, its amount and the address, paid in full; the emails show the shipping", async () => {
        const res = await createIntent({
          org_id: org["studio-north"],
          items: [line("studio-north-print", 2)],
          shipping_address: FR_ADDRESS,
          shipping_option_id: option.northExpress,
        })
        expect(res.status).toBe(200)
        const intentId = intentIdOf(res.data.clientSecret)
        expect((await pay(intentId)).status).toBe(200)
        const stored = await payment(intentId)
        expect(stored.status).toBe("paid")

        await drained()
        const order = await adminOrder(stored.order_id)
        expect(order.shipping_methods).toEqual([
          expect.objectContaining({ name: "Express", amount: 24, shipping_option_id: option.northExpress }),
        ])
        expect(order.shipping_address).toMatchObject({
          first_name: "Ada",
          last_name: "Collector",
          address_1: FR_ADDRESS.line1,
          address_2: FR_ADDRESS.line2,
          city: "Lyon",
          province: "ARA",
          postal_code: "69001",
          country_code: "fr",
        })
        // 69.98 + 24.00, captured in full (the transaction and the payment collection of all that was charged).
        expect(order.total).toBeCloseTo(93.98, 2)
        expect(order.payment_status).toBe("captured")
        const transactions = await rows(`SELECT amount FROM order_transaction WHERE order_id = ? AND deleted_at IS NULL`, [stored.order_id])
        expect(transactions.map((t) => Number(t.amount))).toEqual([93.98])
        // The fee recorded on the order is the merchandise's.
        expect((await rows(`SELECT metadata FROM "order" WHERE id = ?`, [stored.order_id]))[0].metadata).toMatchObject({ platform_fee_cents: 350 })

        const mails = await rows(`SELECT template, data FROM notification WHERE resource_id = ? ORDER BY template`, [stored.order_id])
        expect(mails.map((m) => m.template)).toEqual([STORE_ARTIST_NEW_ORDER_TEMPLATE, STORE_ORDER_CONFIRMATION_TEMPLATE])
        for (const mail of mails) {
          expect(mail.data).toMatchObject({ subtotal: 69.98, shipping: 24, shippingMethod: "Express", total: 93.98, shippingAddress: storedAddress(FR_ADDRESS) })
        }
      })

      it("an intent paid for the merchandise alone (not its shipping) is refused, not settled", async () => {
        const res = await createIntent({ org_id: org["studio-north"], items: [line("studio-north-print")], shipping_address: FR_ADDRESS })
        const intentId = intentIdOf(res.data.clientSecret)
        // Make the gateway's intent the merchandise's amount, as a tampered or stale intent would be.
        await pg.raw(`UPDATE sandbox_payment_intent SET amount = 3499 WHERE id = ?`, [intentId])
        await pay(intentId)
        expect(await payment(intentId)).toMatchObject({
          status: "pending",
          order_id: null,
          payment_failure: "amount_mismatch: charged 3499 usd, expected 4349 usd",
        })
      })
    })

    describe("Stripe Checkout sessions", () => {
      const event = (object: object) => ({ id: `evt_${generateEntityId(undefined, "")}`, object: "event", type: "checkout.session.completed", data: { object } })

      /** A succeeded intent at the local gateway for the session's total, as Stripe makes one for a paid session. */
      async function paidIntent(amountCents: number) {
        const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
        const created = await payments.createPaymentIntent({
          amountCents,
          currency: "usd",
          receiptEmail: SHOPPER,
          metadata: {},
          idempotencyKey: `cs-${generateEntityId(undefined, "")}`,
        })
        await payments.confirmPaymentIntent(created.id, "pm_card_visa")
        return created.id
      }

      const address = { line1: "1 Rue de la Paix", line2: null, city: "Lyon", state: null, postal_code: "69001", country: "FR" }

      it("records the session's shipping (cost, the artist's option it names, the address) on the payment and the order", async () => {
        const intentId = await paidIntent(6998 + 1050)
        const session = {
          id: `cs_test_${intentId}`,
          object: "checkout.session",
          payment_status: "paid",
          payment_intent: intentId,
          amount_subtotal: 6998,
          amount_total: 8048,
          currency: "usd",
          customer_details: { email: SHOPPER },
          shipping_cost: { amount_subtotal: 1050, amount_tax: 0, amount_total: 1050, shipping_rate: "shr_tracked" },
          collected_information: { shipping_details: { name: "Ada Collector", address } },
          metadata: {
            org_id: org["studio-north"],
            items: JSON.stringify([line("studio-north-print", 2)]),
            shipping_option_id: option.northTracked,
          },
        }
        expect((await sendWebhook(event(session))).status).toBe(200)
        const stored = await payment(intentId)
        expect(stored).toMatchObject({
          status: "paid",
          origin: "checkout_session",
          subtotal_cents: 6998,
          platform_fee_cents: 350,
          shipping_cents: 1050,
          shipping_option_id: option.northTracked,
          shipping_option_name: "Tracked",
          shipping_address: { name: "Ada Collector", line1: address.line1, line2: null, city: "Lyon", state: "", postal_code: "69001", country: "FR" },
        })
        const order = await adminOrder(stored.order_id)
        expect(order.shipping_methods).toEqual([expect.objectContaining({ name: "Tracked", amount: 10.5, shipping_option_id: option.northTracked })])
        expect(order.shipping_address).toMatchObject({ address_1: address.line1, city: "Lyon", country_code: "fr" })
        expect(order.total).toBeCloseTo(80.48, 2)
      })

      it("a storefront's own rate (older API's shipping_details) is recorded at its amount under its name", async () => {
        const intentId = await paidIntent(4550 + 500)
        const session = {
          id: `cs_test_${intentId}`,
          object: "checkout.session",
          payment_status: "paid",
          payment_intent: intentId,
          amount_total: 5050,
          currency: "usd",
          customer_details: { email: SHOPPER },
          shipping_cost: { amount_total: 500, shipping_rate: { id: "shr_own", display_name: "Storefront post" } },
          shipping_details: { name: "Ada Collector", address: { ...address, country: "US" } },
          metadata: { org_id: org["studio-south"], items: JSON.stringify([line("studio-south-print")]) },
        }
        expect((await sendWebhook(event(session))).status).toBe(200)
        const stored = await payment(intentId)
        expect(stored).toMatchObject({ status: "paid", shipping_cents: 500, shipping_option_id: null, shipping_option_name: "Storefront post" })
        const order = await adminOrder(stored.order_id)
        expect(order.shipping_methods).toEqual([expect.objectContaining({ name: "Storefront post", amount: 5 })])
        expect(order.total).toBeCloseTo(50.5, 2)
      })
    })
  },
})
