import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { IUserModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { spawn } from "node:child_process"
import { createServer } from "node:net"
import path from "node:path"
import Stripe from "stripe"
import { PAYOUT_FAILING_TEMPLATE, processPendingPayouts } from "../../src/jobs/process-pending-payouts"
import { connectedAccountIdempotencyKey, onboardingReturnUrls } from "../../src/lib/payout-onboarding"
import { publicUrls } from "../../src/lib/public-urls"
import { payoutTransferIdempotencyKey } from "../../src/processes/settlement/payout-transfers"
import { disputeReversalIdempotencyKey, planDisputeLoss } from "../../src/lib/disputes"
import { GALLERY_MODULE } from "../../src/modules/gallery"
import type GalleryModuleService from "../../src/modules/gallery/service"
import { dispatchGalleryOutbox } from "../../src/processes/outbox/dispatch"
import { LOCAL_GATEWAY_IN_PRODUCTION_WARNING } from "../../src/lib/payment-environment"
import { ORGANIZATION_MODULE } from "../../src/modules/organization"
import type OrganizationModuleService from "../../src/modules/organization/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../src/modules/payments"
import { parseStripeApiBase } from "../../src/modules/payments/providers/stripe-gateway"
import seed, { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from "../../src/scripts/seed"
import { anyStatus, bearer, login, type Api } from "../helpers/accounts"
import { outboxDrained } from "../helpers/db"
import {
  FAKE_ONBOARDING_ORIGIN,
  startFakeStripe,
  TRANSFER_CAPABILITY_MESSAGE,
  type FakeStripe,
  type Recorded,
} from "../helpers/fake-stripe"

/**
 * Stripe contract, end to end: the app boots with the `stripe` provider (the real `stripe` SDK) pointed at the fake
 * Stripe server of the test helpers, and every test drives Atelier only through its HTTP routes (cart, checkout,
 * confirm, webhook, admin cancellation), then asserts the exact requests Atelier sent to "Stripe".
 *
 * Wiring: the fake server is started in this file's outer beforeAll, which Jest runs before the runner's own
 * beforeAll (the runner is a nested describe). The runner applies its `env` object to process.env only AFTER it has
 * evaluated medusa-config.ts (configLoaderOverride, then applyEnvVarsToProcess, in medusa-test-runner.js), and that
 * module stays cached, so `env` alone would boot the local gateway. The outer beforeAll therefore also sets the same
 * variables on process.env (restored in afterAll); the first test checks that the provider really is `stripe`.
 */

jest.setTimeout(240000)

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const API_KEY = "sk_test_contract"
const WEBHOOK_SECRET = "whsec_contract"
/** The Connect endpoint's secret: Stripe signs events of connected accounts with it. */
const CONNECT_WEBHOOK_SECRET = "whsec_contract_connect"
const EMAIL = "ada@collector.test"
const ADDRESS = {
  name: "Ada Collector",
  line1: "12 Gallery Road",
  city: "Portland",
  state: "OR",
  postal_code: "97201",
  country: "US",
}
/** One print from each of the three demo studios: a 3-artist cart. */
const CART: [string, number][] = [
  ["studio-north-print", 3],
  ["studio-south-print", 1],
  ["studio-east-print", 2],
]
/** studio-east deliberately has no connected account: its payout must stay pending (no transfer). */
const ACCOUNTS: Record<string, string | null> = {
  "studio-north": "acct_contract_north",
  "studio-south": "acct_contract_south",
  "studio-east": null,
}

/** Filled in the outer beforeAll, once the fake server has a port; the runner applies it in its own beforeAll. */
const env: Record<string, string> = {}
let fake: FakeStripe
/** A Stripe client of the test itself, as the customer's browser (Stripe.js) or Stripe's dashboard would act. */
let customerStripe: Stripe

describe("Stripe contract (real SDK against the fake Stripe server, through Atelier's HTTP routes)", () => {
  const previousEnv = new Map<string, string | undefined>()

  beforeAll(async () => {
    fake = await startFakeStripe()
    Object.assign(env, {
      STRIPE_API_KEY: API_KEY,
      STRIPE_API_BASE: fake.apiBase,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
    })
    // See the file comment: medusa-config.ts is read before the runner applies `env`.
    for (const [key, value] of Object.entries(env)) {
      previousEnv.set(key, process.env[key])
      process.env[key] = value
    }
    customerStripe = new Stripe(API_KEY, { ...parseStripeApiBase(fake.apiBase), maxNetworkRetries: 0 })
  })

  afterAll(async () => {
    for (const [key, value] of previousEnv) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
    await fake?.close()
  })

  medusaIntegrationTestRunner({
    env,
    testSuite: ({ api: rawApi, getContainer, dbConfig }) => {
      const api = rawApi as Api
      let container: MedusaContainer
      let pg: Knex
      let payments: PaymentsModuleService
      /** handle -> product id; slug -> organization id (and back). */
      const product: Record<string, string> = {}
      const org: Record<string, string> = {}
      const slugOf: Record<string, string> = {}

      beforeAll(async () => {
        container = getContainer()
        await seed({ container })
        pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
        for (const row of (await pg.raw(`SELECT id, handle FROM product`)).rows) product[row.handle] = row.id
        for (const row of (await pg.raw(`SELECT id, slug FROM organization`)).rows) {
          org[row.slug] = row.id
          slugOf[row.id] = row.slug
        }
        // Part of the snapshot every test starts from.
        const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
        for (const [slug, account] of Object.entries(ACCOUNTS)) {
          // An account that completed onboarding: it can receive payouts.
          const payable = account !== null
          await organizations.updateOrganizations({ id: org[slug], stripe_account_id: account, payouts_enabled: payable, transfers_active: payable })
        }
      })

      beforeEach(() => {
        container = getContainer()
        pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
        payments = container.resolve(PAYMENTS_MODULE)
      })

      afterEach(() => {
        jest.restoreAllMocks()
      })

      // -------------------------------------------------------------------------------------------------------
      // helpers

      async function rows(sql: string, bindings: unknown[] = []): Promise<Row[]> {
        return (await pg.raw(sql, bindings as Knex.RawBinding[])).rows
      }

      /** Requests the fake server received from now on (the server lives across tests; the database does not). */
      function recorder() {
        const start = fake.requests.length
        const all = () => fake.requests.slice(start)
        return {
          all,
          /** Writes only: every Stripe write is a POST. */
          posts: () => all().filter((r) => r.method === "POST"),
          to: (method: string, path: string | RegExp) =>
            all().filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path))),
        }
      }

      async function fillCartOverHttp(lines: [string, number][]): Promise<string> {
        const sessionId = crypto.randomUUID()
        for (const [handle, quantity] of lines) {
          const res = await api.post(
            "/api/gallery/cart/add",
            { productId: product[handle], quantity },
            { headers: { cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
          )
          expect(res.status).toBe(200)
        }
        return sessionId
      }

      async function cartCount(sessionId: string): Promise<number> {
        const [row] = await rows(`SELECT count(*)::int AS n FROM gallery_cart_item WHERE session_id = ?`, [sessionId])
        return row.n
      }

      /** A 3-artist checkout over HTTP; the gallery order row is looked up by the response's public id. */
      async function checkout(lines: [string, number][] = CART) {
        const sessionId = await fillCartOverHttp(lines)
        const stripe = recorder()
        const res = await api.post(
          "/api/gallery/checkout",
          { sessionId, email: EMAIL, shippingOption: "single_address", shippingAddress: ADDRESS },
          anyStatus
        )
        expect(res.status).toBe(200)
        const [order] = await rows(`SELECT * FROM gallery_order WHERE public_id = ?`, [res.data.publicId])
        expect(order).toBeDefined()
        const artistOrders = await rows(
          `SELECT * FROM gallery_artist_order WHERE gallery_order_id = ? AND deleted_at IS NULL`,
          [order.id]
        )
        return { sessionId, res, order, artistOrders, intentId: order.payment_intent_id as string, stripe }
      }

      function confirm(paymentIntentId: string) {
        return api.post("/api/gallery/checkout/confirm", { paymentIntentId }, anyStatus)
      }

      function intentEvent(type: string, intentId: string, orderId: string, id = `evt_${crypto.randomUUID()}`) {
        return {
          id,
          object: "event",
          type,
          api_version: "2025-01-27.acacia",
          created: Math.floor(Date.now() / 1000),
          livemode: false,
          data: { object: { id: intentId, object: "payment_intent", status: "succeeded", metadata: { order_id: orderId } } },
        }
      }

      /** Sends a webhook signed the way Stripe signs it (the SDK's own test header generator). */
      function sendWebhook(event: object, secret = WEBHOOK_SECRET) {
        const payload = JSON.stringify(event)
        const signature = customerStripe.webhooks.generateTestHeaderString({ payload, secret })
        return api.post("/api/webhooks/payments", payload, {
          ...anyStatus,
          transformRequest: [(data: unknown) => data],
          headers: { "content-type": "application/json", "stripe-signature": signature },
        })
      }

      async function chargeOf(intentId: string): Promise<string> {
        const intent = await customerStripe.paymentIntents.retrieve(intentId)
        expect(intent.status).toBe("succeeded")
        return intent.latest_charge as string
      }

      /** round(x * 100) for a USD amount of the API, free of binary floating point noise. */
      const cents = (usd: number) => Math.round(usd * 100)

      /** The transfers Atelier must send for a paid order: one per artist order whose organization has an account. */
      function expectedTransfers(ctx: Awaited<ReturnType<typeof checkout>>, chargeId: string) {
        return ctx.artistOrders
          .filter((a) => ACCOUNTS[slugOf[a.organization_id]])
          .map((a) => {
            const artist = ctx.res.data.artists.find((x: Row) => x.orgId === a.organization_id)
            // The spec's round(artistSubtotal x 0.88 x 100), on integer cents.
            const amount = Math.round((cents(artist.subtotal) * 88) / 100)
            expect(cents(artist.artistPayout)).toBe(amount)
            return {
              artistOrderId: a.id as string,
              params: {
                amount: String(amount),
                currency: "usd",
                destination: ACCOUNTS[slugOf[a.organization_id]] as string,
                transfer_group: ctx.order.transfer_group as string,
                source_transaction: chargeId,
                metadata: {
                  gallery_order_id: ctx.order.id as string,
                  artist_order_id: a.id as string,
                  public_id: ctx.order.public_id as string,
                },
              },
            }
          })
      }

      function byDestination(requests: Recorded[]) {
        return [...requests].sort((a, b) => String(a.params.destination).localeCompare(String(b.params.destination)))
      }

      async function expectTransfersSent(ctx: Awaited<ReturnType<typeof checkout>>, sent: Recorded[], chargeId: string) {
        const expected = expectedTransfers(ctx, chargeId)
        expect(expected).toHaveLength(2) // north and south; east has no account
        expect(sent).toHaveLength(expected.length)
        const sorted = byDestination(sent)
        const wanted = [...expected].sort((a, b) => a.params.destination.localeCompare(b.params.destination))
        sorted.forEach((request, i) => {
          expect(request.path).toBe("/v1/transfers")
          expect(request.params).toEqual(wanted[i].params)
          // Derived from the artist order, so a retry (or the payouts job) replays the same transfer.
          expect(request.idempotencyKey).toEqual(expect.stringContaining(wanted[i].artistOrderId))
        })
        expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(sent.length)
      }

      async function payoutsOf(orderId: string) {
        return rows(
          `SELECT p.*, o.slug FROM gallery_payout p JOIN organization o ON o.id = p.organization_id
           WHERE p.gallery_order_id = ? ORDER BY o.slug`,
          [orderId]
        )
      }

      /** Checkout, the customer pays at "Stripe", confirm: a paid 3-artist order with two transfers. */
      async function paidOrder() {
        const ctx = await checkout()
        fake.succeedIntent(ctx.intentId)
        const res = await confirm(ctx.intentId)
        expect(res.status).toBe(200)
        expect(res.data.order.status).toBe("paid")
        expect(await outboxDrained(pg)).toBe(0)
        return ctx
      }

      // -------------------------------------------------------------------------------------------------------

      it("boots with the stripe provider against the fake server", () => {
        expect(payments.provider).toBe("stripe")
        expect(process.env.STRIPE_API_BASE).toBe(fake.apiBase)
      })

      describe("POST /api/gallery/checkout", () => {
        it("creates one payment intent with the exact amount, currency, transfer group, receipt email and metadata", async () => {
          const ctx = await checkout()
          const { res, order, sessionId, stripe } = ctx

          // Checkout talks to Stripe exactly once: the intent (no reads, no other writes).
          expect(stripe.all()).toHaveLength(1)
          const [request] = stripe.to("POST", "/v1/payment_intents")
          expect(request).toBeDefined()

          expect(res.data.artists).toHaveLength(3)
          expect(order.id).toMatch(/^gord_/)
          expect(order.transfer_group).toMatch(new RegExp(`^gallery_${order.id}_\\d{13}$`))
          expect(request.params).toEqual({
            amount: String(cents(res.data.total)),
            currency: "usd",
            transfer_group: order.transfer_group,
            receipt_email: EMAIL,
            metadata: { order_id: order.id, public_id: res.data.publicId, cart_session_id: sessionId },
            automatic_payment_methods: { enabled: "true" },
          })
          expect(Number(request.params.amount)).toBe(order.total_cents)
          expect(request.params.transfer_group).toMatch(/^gallery_gord_[0-9A-Z]+_\d+$/)
          // Atelier's own key (derived from the order), not the SDK's random retry key.
          expect(request.idempotencyKey).toEqual(expect.stringContaining(order.id))

          // The client secret handed to the browser is the intent's own.
          const intent = await customerStripe.paymentIntents.retrieve(ctx.intentId)
          expect(res.data.clientSecret).toBe(intent.client_secret)
          expect(intent.metadata).toEqual({ order_id: order.id, public_id: res.data.publicId, cart_session_id: sessionId })
          expect(intent.status).toBe("requires_payment_method")
        })

        it("500 Failed to create payment intent when Stripe rejects the request; nothing is written, the cart stays", async () => {
          const sessionId = await fillCartOverHttp(CART)
          // The SDK really sends the request, but with an amount Stripe refuses (400 invalid_request_error).
          const sdk = (payments.gateway() as unknown as { stripe_: Stripe }).stripe_
          const original = sdk.paymentIntents.create
          jest
            .spyOn(sdk.paymentIntents, "create")
            .mockImplementation(((params: Stripe.PaymentIntentCreateParams, options?: Stripe.RequestOptions) =>
              original.call(sdk.paymentIntents, { ...params, amount: 0 }, options)) as typeof original)
          const stripe = recorder()
          const before = (await rows(`SELECT count(*)::int AS n FROM gallery_order`))[0].n

          const res = await api.post(
            "/api/gallery/checkout",
            { sessionId, email: EMAIL, shippingOption: "single_address", shippingAddress: ADDRESS },
            anyStatus
          )
          expect(res.status).toBe(500)
          expect(res.data).toEqual({ error: "Failed to create payment intent" })
          expect(stripe.posts().map((r) => r.path)).toEqual(["/v1/payment_intents"])
          const [orderId] = [(stripe.posts()[0].params.metadata as Record<string, string>).order_id]
          expect((await rows(`SELECT count(*)::int AS n FROM gallery_order`))[0].n).toBe(before)
          expect(await rows(`SELECT id FROM gallery_order WHERE id = ?`, [orderId])).toEqual([])
          expect(await rows(`SELECT id FROM gallery_artist_order WHERE gallery_order_id = ?`, [orderId])).toEqual([])
          expect(await cartCount(sessionId)).toBe(3)
        })

        it("500 Failed to create payment intent on a Stripe API error thrown by the SDK; nothing is written", async () => {
          const sessionId = await fillCartOverHttp(CART)
          const sdk = (payments.gateway() as unknown as { stripe_: Stripe }).stripe_
          jest.spyOn(sdk.paymentIntents, "create").mockRejectedValue(
            new Stripe.errors.StripeAPIError({ type: "api_error", message: "An unknown error occurred" })
          )
          const before = (await rows(`SELECT count(*)::int AS n FROM gallery_order`))[0].n
          const res = await api.post(
            "/api/gallery/checkout",
            { sessionId, email: EMAIL, shippingOption: "single_address", shippingAddress: ADDRESS },
            anyStatus
          )
          expect(res.status).toBe(500)
          expect(res.data).toEqual({ error: "Failed to create payment intent" })
          expect((await rows(`SELECT count(*)::int AS n FROM gallery_order`))[0].n).toBe(before)
          expect(await cartCount(sessionId)).toBe(3)
        })
      })

      describe("POST /api/gallery/checkout/confirm", () => {
        it("after the payment succeeds: 200 paid, one transfer per artist with an account, funded by the charge", async () => {
          const ctx = await checkout()
          fake.succeedIntent(ctx.intentId)
          const chargeId = await chargeOf(ctx.intentId)
          const stripe = recorder()

          const res = await confirm(ctx.intentId)
          expect(res.status).toBe(200)
          expect(res.data).toEqual({
            success: true,
            order: expect.objectContaining({ publicId: ctx.res.data.publicId, status: "paid", total: ctx.res.data.total }),
          })
          // The transfers follow the payment, from the outbox, without another call to retrieve the intent.
          expect(await outboxDrained(pg)).toBe(0)
          expect(stripe.to("GET", `/v1/payment_intents/${ctx.intentId}`)).toHaveLength(1)

          // Writes: the transfers only (north, south). studio-east has no account: no transfer, payout pending.
          const posts = stripe.posts()
          expect(posts.every((r) => r.path === "/v1/transfers")).toBe(true)
          await expectTransfersSent(ctx, posts, chargeId)
          expect(posts.some((r) => r.params.destination === undefined)).toBe(false)

          const payouts = await payoutsOf(ctx.order.id)
          expect(payouts.map((p) => [p.slug, p.status])).toEqual([
            ["studio-east", "pending"],
            ["studio-north", "transferred"],
            ["studio-south", "transferred"],
          ])
          expect(payouts[0].transfer_id).toBeNull()
          for (const payout of payouts.slice(1)) {
            expect(payout.transfer_id).toMatch(/^tr_/)
            expect(payout.destination).toBe(ACCOUNTS[payout.slug])
          }
          // Paid: the cart is emptied.
          expect(await cartCount(ctx.sessionId)).toBe(0)
        })

        it("a second confirm and a signed payment_intent.succeeded webhook send nothing new to Stripe", async () => {
          const ctx = await paidOrder()
          const stripe = recorder()

          const again = await confirm(ctx.intentId)
          expect(again.status).toBe(200)
          expect(again.data.order.status).toBe("paid")

          const event = intentEvent("payment_intent.succeeded", ctx.intentId, ctx.order.id)
          const webhook = await sendWebhook(event)
          expect(webhook.status).toBe(200)
          expect(webhook.data).toEqual({ received: true })
          // The same event delivered again is recognised by its id.
          const duplicate = await sendWebhook(event)
          expect(duplicate.status).toBe(200)
          expect(duplicate.data).toEqual({ received: true, duplicate: true })

          expect(stripe.posts()).toEqual([])
          const payouts = await payoutsOf(ctx.order.id)
          expect(payouts.filter((p) => p.status === "transferred")).toHaveLength(2)
        })

        it("a webhook with a wrong signature is refused: 400 Invalid signature, nothing happens", async () => {
          const ctx = await checkout()
          fake.succeedIntent(ctx.intentId)
          const stripe = recorder()
          const res = await sendWebhook(
            intentEvent("payment_intent.succeeded", ctx.intentId, ctx.order.id),
            "whsec_not_the_secret"
          )
          expect(res.status).toBe(400)
          expect(res.data).toEqual({ error: "Invalid signature" })
          expect(stripe.all()).toEqual([])
          const [order] = await rows(`SELECT status FROM gallery_order WHERE id = ?`, [ctx.order.id])
          expect(order.status).toBe("pending")
        })

        it("the webhook first (it retrieves the intent and transfers), then confirm: one set of transfers", async () => {
          const ctx = await checkout()
          fake.succeedIntent(ctx.intentId)
          const chargeId = await chargeOf(ctx.intentId)
          const stripe = recorder()

          const webhook = await sendWebhook(intentEvent("payment_intent.succeeded", ctx.intentId, ctx.order.id))
          expect(webhook.status).toBe(200)
          expect(await outboxDrained(pg)).toBe(0)
          // The event payload is not trusted: the intent (and its charge) is read from Stripe.
          expect(stripe.to("GET", `/v1/payment_intents/${ctx.intentId}`)).toHaveLength(1)
          await expectTransfersSent(ctx, stripe.posts(), chargeId)

          const writes = stripe.posts().length
          const res = await confirm(ctx.intentId)
          expect(res.status).toBe(200)
          expect(res.data.order.status).toBe("paid")
          expect(stripe.posts()).toHaveLength(writes)
        })

        it("confirm and webhook racing: exactly one set of transfers", async () => {
          const ctx = await checkout()
          fake.succeedIntent(ctx.intentId)
          const chargeId = await chargeOf(ctx.intentId)
          const stripe = recorder()

          const [confirmed, webhook] = await Promise.all([
            confirm(ctx.intentId),
            sendWebhook(intentEvent("payment_intent.succeeded", ctx.intentId, ctx.order.id)),
          ])
          expect(confirmed.status).toBe(200)
          expect(confirmed.data.order.status).toBe("paid")
          expect(webhook.status).toBe(200)
          expect(await outboxDrained(pg)).toBe(0)
          await expectTransfersSent(ctx, stripe.posts(), chargeId)
        })

        it("a declined (unsucceeded) intent: 400 Payment not successful, no transfer, the cart is kept", async () => {
          const ctx = await checkout()
          // The customer's card is declined at Stripe: the intent stays unpaid.
          await expect(
            customerStripe.paymentIntents.confirm(ctx.intentId, { payment_method: "pm_card_chargeDeclined" })
          ).rejects.toMatchObject({ type: "StripeCardError", code: "card_declined" })
          const stripe = recorder()

          const res = await confirm(ctx.intentId)
          expect(res.status).toBe(400)
          expect(res.data).toEqual({ error: "Payment not successful" })
          expect(stripe.posts()).toEqual([])
          expect(stripe.to("GET", `/v1/payment_intents/${ctx.intentId}`)).toHaveLength(1)
          const [order] = await rows(`SELECT status FROM gallery_order WHERE id = ?`, [ctx.order.id])
          expect(order.status).toBe("pending")
          expect(await rows(`SELECT id FROM gallery_payout WHERE gallery_order_id = ?`, [ctx.order.id])).toEqual([])
          expect(await cartCount(ctx.sessionId)).toBe(3)
        })
      })

      describe("POST /api/admin/gallery-orders/{id}/cancel", () => {
        it("refunds the payment intent and reverses each transfer once; cancelling again sends nothing", async () => {
          const ctx = await paidOrder()
          const transferred = (await payoutsOf(ctx.order.id)).filter((p) => p.status === "transferred")
          expect(transferred).toHaveLength(2)
          const token = await login(api, "user", DEMO_ADMIN_EMAIL, DEMO_PASSWORD)
          expect(DEMO_ADMIN_EMAIL).toBe("admin@atelier.test")
          const stripe = recorder()

          const res = await api.post(`/api/admin/gallery-orders/${ctx.order.id}/cancel`, {}, bearer(token))
          expect(res.status).toBe(200)
          expect(res.data.order).toEqual(expect.objectContaining({ publicId: ctx.order.public_id, status: "cancelled" }))

          const refunds = stripe.to("POST", "/v1/refunds")
          expect(refunds).toHaveLength(1)
          // The whole charge: no amount.
          expect(refunds[0].params).toEqual({ payment_intent: ctx.intentId })
          expect(refunds[0].idempotencyKey).toEqual(expect.stringContaining(ctx.order.id))

          const reversals = stripe.to("POST", /^\/v1\/transfers\/[^/]+\/reversals$/)
          expect(reversals.map((r) => r.path).sort()).toEqual(
            transferred.map((p) => `/v1/transfers/${p.transfer_id}/reversals`).sort()
          )
          for (const reversal of reversals) {
            const payout = transferred.find((p) => reversal.path.includes(p.transfer_id))!
            expect(reversal.params).toEqual({}) // the whole transfer
            expect(reversal.idempotencyKey).toEqual(expect.stringContaining(payout.id))
          }
          // Nothing else was written at Stripe (the untransferred east payout is simply never paid).
          expect(stripe.posts()).toHaveLength(3)

          const [order] = await rows(`SELECT status, refund_id FROM gallery_order WHERE id = ?`, [ctx.order.id])
          expect(order).toEqual({ status: "cancelled", refund_id: expect.stringMatching(/^re_/) })
          // The provider's word on the intent's refunds, which the daily reconciliation reads: GET /v1/refunds.
          const [charged] = await rows(`SELECT total_cents FROM gallery_order WHERE id = ?`, [ctx.order.id])
          const listed = await payments.listRefunds({ paymentIntentId: ctx.intentId })
          expect(listed).toEqual([
            { id: order.refund_id, amountCents: charged.total_cents, status: "succeeded", createdAt: expect.any(Date) },
          ])
          expect(stripe.to("GET", "/v1/refunds").map((r) => r.params)).toEqual([{ payment_intent: ctx.intentId, limit: "100" }])
          const payouts = await payoutsOf(ctx.order.id)
          expect(payouts.map((p) => [p.slug, p.status])).toEqual([
            ["studio-east", "failed"],
            ["studio-north", "reversed"],
            ["studio-south", "reversed"],
          ])

          const writes = stripe.posts().length
          const again = await api.post(`/api/admin/gallery-orders/${ctx.order.public_id}/cancel`, {}, bearer(token))
          expect(again.status).toBe(200)
          expect(again.data.order.status).toBe("cancelled")
          expect(stripe.posts()).toHaveLength(writes)
        })
      })

      describe("POST /api/admin/orders/{id}/refunds (docs/refunds.md)", () => {
        /** The Medusa order (order book) and its first line of one artist's part of a gallery order. */
        async function mirrorOf(orderId: string, slug: string) {
          const [row] = await rows(
            `SELECT l.order_id, ao.id AS artist_order_id,
                    (SELECT li.id FROM order_item oi JOIN order_line_item li ON li.id = oi.item_id
                      WHERE oi.order_id = l.order_id ORDER BY li.created_at, li.id LIMIT 1) AS line_id
               FROM gallery_artist_order ao JOIN organization o ON o.id = ao.organization_id AND o.slug = ?
               JOIN gallery_gallery_artist_order_order_order l ON l.gallery_artist_order_id = ao.id AND l.deleted_at IS NULL
              WHERE ao.gallery_order_id = ?`,
            [slug, orderId]
          )
          return row as { order_id: string; artist_order_id: string; line_id: string }
        }

        it("a partial refund: one refund of its amount and one reversal of the artist's share, each under the record's key", async () => {
          const ctx = await paidOrder()
          const token = await login(api, "user", DEMO_ADMIN_EMAIL, DEMO_PASSWORD)
          const north = await mirrorOf(ctx.order.id, "studio-north")
          const [payout] = (await payoutsOf(ctx.order.id)).filter((p) => p.slug === "studio-north")
          const stripe = recorder()

          const res = await api.post(
            `/api/admin/orders/${north.order_id}/refunds`,
            { reason: "Damaged", items: [{ id: north.line_id, quantity: 1 }] },
            bearer(token)
          )
          expect(res.status).toBe(201)
          const refund = res.data.refund
          expect(refund).toMatchObject({ status: "succeeded", payout_action: "reversal" })
          const refunds = stripe.to("POST", "/v1/refunds")
          expect(refunds.map((r) => [r.params, r.idempotencyKey])).toEqual([
            [{ payment_intent: ctx.intentId, amount: String(Math.round(refund.amount * 100)) }, `refund-${refund.id}`],
          ])
          const reversals = stripe.to("POST", /^\/v1\/transfers\/[^/]+\/reversals$/)
          expect(reversals.map((r) => [r.path, r.params, r.idempotencyKey])).toEqual([
            [
              `/v1/transfers/${payout.transfer_id}/reversals`,
              { amount: String(Math.round(refund.artist_share * 100)) },
              `refund-reversal-${refund.id}`,
            ],
          ])
          expect(stripe.posts()).toHaveLength(2)
          const [stored] = await rows(`SELECT provider_refund_id, reversal_id FROM gallery_refund WHERE id = ?`, [refund.id])
          expect(stored).toEqual({ provider_refund_id: refund.provider_refund_id, reversal_id: refund.reversal_id })
        })

        it("an artist not paid yet: the refund only, no reversal; the payout waits, smaller by the artist's share", async () => {
          const ctx = await paidOrder()
          const token = await login(api, "user", DEMO_ADMIN_EMAIL, DEMO_PASSWORD)
          const east = await mirrorOf(ctx.order.id, "studio-east")
          const stripe = recorder()
          const res = await api.post(`/api/admin/orders/${east.order_id}/refunds`, { reason: "Late", amount: 5 }, bearer(token))
          expect(res.status).toBe(201)
          expect(res.data.refund).toMatchObject({ payout_action: "reduction", reversal_id: null })
          expect(stripe.to("POST", "/v1/refunds").map((r) => r.params)).toEqual([{ payment_intent: ctx.intentId, amount: "500" }])
          expect(stripe.to("POST", /reversals$/)).toHaveLength(0)
          const [payout] = (await payoutsOf(ctx.order.id)).filter((p) => p.slug === "studio-east")
          const [artistOrder] = await rows(`SELECT payout_cents FROM gallery_artist_order WHERE id = ?`, [east.artist_order_id])
          expect(payout).toMatchObject({
            status: "pending",
            amount_cents: artistOrder.payout_cents - Math.round(res.data.refund.artist_share * 100),
          })
        })
      })

      describe("disputes (charge.dispute.*, docs/disputes.md)", () => {
        /** A paid 3-artist order (north and south transferred, east without an account) and its dispute opened. */
        async function disputedOrder(options: { amount?: number } = {}) {
          const ctx = await paidOrder()
          const dispute = fake.openDispute(ctx.intentId, options)
          const opened = await sendWebhook(fake.disputeEvent("charge.dispute.created", dispute.id as string))
          expect(opened.status).toBe(200)
          expect(opened.data).toEqual({ received: true })
          expect(await outboxDrained(pg)).toBe(0)
          return { ctx, dispute }
        }

        it("opening sends nothing to Stripe and holds the unsent payout; the sandbox's dispute routes are not there", async () => {
          const stripe = recorder()
          const { ctx } = await disputedOrder()
          const payouts = await payoutsOf(ctx.order.id)
          expect(payouts.map((p) => [p.slug, p.status, p.held_at !== null])).toEqual([
            ["studio-east", "pending", true],
            ["studio-north", "transferred", false],
            ["studio-south", "transferred", false],
          ])
          // The writes of the paid order only (its intent and two transfers): the dispute itself writes nothing at Stripe.
          expect(stripe.posts().filter((r) => !["/v1/payment_intents", "/v1/transfers"].includes(r.path))).toEqual([])
          const sandbox = await api.post(`/api/sandbox/payment-intents/${ctx.intentId}/dispute`, {}, anyStatus)
          expect(sandbox.status).toBe(404)
          const close = await api.post(`/api/sandbox/payment-intents/${ctx.intentId}/dispute/close`, { outcome: "lost" }, anyStatus)
          expect(close.status).toBe(404)
        })

        it("lost: one reversal per transferred payout, its share as amount, keyed by dispute and payout; replays send nothing", async () => {
          const { ctx, dispute } = await disputedOrder()
          const transferred = (await payoutsOf(ctx.order.id)).filter((p) => p.status === "transferred")
          expect(transferred).toHaveLength(2)
          const stripe = recorder()
          fake.closeDispute(dispute.id as string, "lost")
          const closed = await sendWebhook(fake.disputeEvent("charge.dispute.closed", dispute.id as string))
          expect(closed.status).toBe(200)
          expect(await outboxDrained(pg)).toBe(0)

          const reversals = stripe.to("POST", /^\/v1\/transfers\/[^/]+\/reversals$/)
          expect(reversals.map((r) => r.path).sort()).toEqual(transferred.map((p) => `/v1/transfers/${p.transfer_id}/reversals`).sort())
          for (const reversal of reversals) {
            const payout = transferred.find((p) => reversal.path.includes(p.transfer_id))!
            // A dispute of the whole charge: the artist's whole payout, named explicitly.
            expect(reversal.params).toEqual({ amount: String(payout.amount_cents) })
            expect(reversal.idempotencyKey).toBe(disputeReversalIdempotencyKey(dispute.id as string, payout.id))
          }
          // Nothing else was written at Stripe: the east payout, never sent, is cut instead.
          expect(stripe.posts()).toHaveLength(2)
          const payouts = await payoutsOf(ctx.order.id)
          expect(payouts.map((p) => [p.slug, p.status])).toEqual([
            ["studio-east", "failed"],
            ["studio-north", "reversed"],
            ["studio-south", "reversed"],
          ])
          const ledger = await rows(
            `SELECT payout_id, amount_cents, reference FROM gallery_ledger_entry WHERE gallery_order_id = ? AND kind = 'dispute_reversal' ORDER BY payout_id`,
            [ctx.order.id]
          )
          expect(ledger).toEqual(
            payouts
              .filter((p) => p.status === "reversed")
              .map((p) => ({ payout_id: p.id, amount_cents: p.amount_cents, reference: p.reversal_id }))
              .sort((a, b) => a.payout_id.localeCompare(b.payout_id))
          )

          const writes = stripe.posts().length
          const event = fake.disputeEvent("charge.dispute.closed", dispute.id as string)
          expect((await sendWebhook(event)).status).toBe(200)
          expect((await sendWebhook(event)).data).toEqual({ received: true, duplicate: true })
          await dispatchGalleryOutbox(container)
          expect(stripe.posts()).toHaveLength(writes)
        })

        it("a process dying between Stripe's reversal and its record: the retry sends the same key, one reversal recorded", async () => {
          const disputedCents = 1000
          const { ctx, dispute } = await disputedOrder({ amount: disputedCents })
          // In the order the planner reads them (its split gives a cent left over to the earlier payout on a tie).
          const before = await rows(`SELECT * FROM gallery_payout WHERE gallery_order_id = ? ORDER BY created_at, id`, [ctx.order.id])
          const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
          const record = jest.spyOn(gallery, "recordDisputeReversal").mockRejectedValueOnce(new Error("killed before the record"))
          const stripe = recorder()
          fake.closeDispute(dispute.id as string, "lost")
          expect((await sendWebhook(fake.disputeEvent("charge.dispute.closed", dispute.id as string))).status).toBe(200)
          // The failed attempt leaves the message for later: make it due and dispatch, as the job would.
          const [message] = await rows(`SELECT id FROM gallery_outbox_message WHERE key = ?`, [`dispute-reversals:${(await rows(`SELECT id FROM gallery_dispute WHERE provider_dispute_id = ?`, [dispute.id]))[0].id}`])
          for (let i = 0; i < 50 && record.mock.calls.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100))
          await pg.raw(`UPDATE gallery_outbox_message SET available_at = now() WHERE id = ?`, [message.id])
          await dispatchGalleryOutbox(container)
          expect(await outboxDrained(pg)).toBe(0)

          const expected = planDisputeLoss({
            disputedCents,
            chargeCents: ctx.order.total_cents,
            payouts: before.map((p) => ({
              payoutId: p.id,
              organizationId: p.organization_id,
              artistOrderId: p.artist_order_id,
              status: p.status,
              baseCents: p.amount_cents,
              transferId: p.transfer_id,
            })),
          })
          const reversals = stripe.to("POST", /^\/v1\/transfers\/[^/]+\/reversals$/)
          const planned = expected.filter((i) => i.action === "reversal")
          expect(planned.length).toBe(2)
          // The killed attempt's reversal, its replay under the same key, then the other payout's: one record each.
          expect(reversals).toHaveLength(planned.length + 1)
          expect(new Set(reversals.map((r) => r.idempotencyKey)).size).toBe(planned.length)
          expect(record).toHaveBeenCalledTimes(planned.length + 1)
          for (const item of planned) {
            const sent = reversals.filter((r) => r.idempotencyKey === disputeReversalIdempotencyKey(dispute.id as string, item.payout_id))
            // The first attempt's request and at most its replay under the same key and parameters.
            expect(sent.length).toBeGreaterThanOrEqual(1)
            for (const request of sent) expect(request.params).toEqual({ amount: String(item.amount_cents) })
            const entries = await rows(`SELECT amount_cents FROM gallery_ledger_entry WHERE payout_id = ? AND kind = 'dispute_reversal'`, [item.payout_id])
            expect(entries).toEqual([{ amount_cents: item.amount_cents }])
          }
          // One reversal per payout at Stripe: the transfer's reversed amount is the ledger's.
          const transfers = await customerStripe.transfers.list({ transfer_group: ctx.order.transfer_group })
          for (const item of expected.filter((i) => i.action === "reversal")) {
            expect(transfers.data.find((t) => t.id === item.transfer_id)?.amount_reversed).toBe(item.amount_cents)
          }
          // Partly reversed payouts stay transferred; the unsent one is cut by its share and released.
          const after = await rows(`SELECT * FROM gallery_payout WHERE gallery_order_id = ? ORDER BY created_at, id`, [ctx.order.id])
          expect(after.map((p) => p.status)).toEqual(before.map((p) => p.status))
          const east = expected.find((i) => i.action === "reduction")!
          expect(after.find((p) => p.id === east.payout_id)).toMatchObject({
            amount_cents: before.find((p) => p.id === east.payout_id)!.amount_cents - east.amount_cents,
            held_at: null,
          })
        })

        it("won: holds released, nothing reversed", async () => {
          const { ctx, dispute } = await disputedOrder()
          const stripe = recorder()
          fake.closeDispute(dispute.id as string, "won")
          expect((await sendWebhook(fake.disputeEvent("charge.dispute.closed", dispute.id as string))).status).toBe(200)
          expect(await outboxDrained(pg)).toBe(0)
          expect(stripe.posts()).toEqual([])
          const payouts = await payoutsOf(ctx.order.id)
          expect(payouts.map((p) => [p.slug, p.status, p.held_at])).toEqual([
            ["studio-east", "pending", null],
            ["studio-north", "transferred", null],
            ["studio-south", "transferred", null],
          ])
        })
      })

      describe("sandbox routes while the Stripe provider is active", () => {
        it("are not there: 404 exactly as a path that was never registered, and nothing reaches the intent", async () => {
          const ctx = await checkout()
          const stripe = recorder()
          const confirmPath = `/api/sandbox/payment-intents/${ctx.intentId}/confirm`
          const listPath = `/api/sandbox/transfers?transfer_group=${ctx.order.transfer_group}`

          const unknownPost = await api.post("/api/sandbox-never-registered", { payment_method: "pm_card_visa" }, anyStatus)
          const unknownGet = await api.get("/api/sandbox-never-registered", anyStatus)
          const confirmed = await api.post(confirmPath, { payment_method: "pm_card_visa" }, anyStatus)
          const listed = await api.get(listPath, anyStatus)

          // Express's own answer to an unknown route: 404, an HTML page naming the method and path.
          expect(unknownPost.status).toBe(404)
          expect(unknownPost.data).toContain("Cannot POST /api/sandbox-never-registered")
          // Without a body or query either: no validator answers before the route is found missing.
          const bare = await api.post(`/api/sandbox/payment-intents/${ctx.intentId}/confirm`, undefined, anyStatus)
          const bareList = await api.get("/api/sandbox/transfers?limit=0", anyStatus)
          for (const [res, method, url] of [
            [confirmed, "POST", confirmPath],
            [listed, "GET", listPath],
            [bare, "POST", confirmPath],
            [bareList, "GET", "/api/sandbox/transfers"],
          ] as const) {
            const unknown = method === "POST" ? unknownPost : unknownGet
            expect(res.status).toBe(404)
            expect(res.headers["content-type"]).toBe(unknown.headers["content-type"])
            // Express names the path without its query string.
            expect(res.data).toBe(unknown.data.replace("/api/sandbox-never-registered", url.split("?")[0]))
          }
          expect(stripe.all()).toEqual([])
          const intent = await customerStripe.paymentIntents.retrieve(ctx.intentId)
          expect(intent.status).toBe("requires_payment_method")
          const [order] = await rows(`SELECT status FROM gallery_order WHERE id = ?`, [ctx.order.id])
          expect(order.status).toBe("pending")
        })
      })

      describe("payout onboarding (Connect Express)", () => {
        it("creates the Express account once, links to Stripe's onboarding; account.updated pays the waiting payout at once", async () => {
          // studio-east has no account: its payout of a paid order waits.
          const ctx = await paidOrder()
          const east = org["studio-east"]
          const payoutOfEast = async () =>
            (await rows(`SELECT * FROM gallery_payout WHERE gallery_order_id = ? AND organization_id = ?`, [ctx.order.id, east]))[0]
          const waiting = await payoutOfEast()
          expect(waiting).toMatchObject({ status: "pending", transfer_id: null })

          const owner = await login(api, "member", "east@atelier.test", DEMO_PASSWORD)
          const stripe = recorder()
          const start = () => api.post("/api/payouts/onboarding", {}, bearer(owner))
          // Two racing requests and a third one later: one account.
          const racing = await Promise.all([start(), start()])
          const later = await start()
          for (const res of [...racing, later]) {
            expect(res.status).toBe(200)
            expect(res.data).toEqual({ url: expect.stringMatching(new RegExp(`^${FAKE_ONBOARDING_ORIGIN}/setup/e/acct_`)) })
          }
          const [{ stripe_account_id: accountId }] = await rows(`SELECT stripe_account_id FROM organization WHERE id = ?`, [east])
          expect(accountId).toMatch(/^acct_fake/)

          const created = stripe.to("POST", "/v1/accounts")
          expect(created).toHaveLength(1)
          expect(created[0].params).toEqual({
            type: "express",
            capabilities: { transfers: { requested: "true" } },
            metadata: { organization_id: east },
          })
          expect(created[0].idempotencyKey).toBe(connectedAccountIdempotencyKey(east))
          const links = stripe.to("POST", "/v1/account_links")
          expect(links).toHaveLength(3)
          const { refreshUrl, returnUrl } = onboardingReturnUrls(publicUrls(process.env).appUrl)
          for (const link of links) {
            expect(link.params).toEqual({
              account: accountId,
              type: "account_onboarding",
              refresh_url: refreshUrl,
              return_url: returnUrl,
            })
          }
          // An account that has not finished onboarding gets no transfer, not even from the payouts job.
          await processPendingPayouts(container, { now: new Date(Date.now() + 3600_000) })
          expect(stripe.to("POST", "/v1/transfers")).toEqual([])
          const before = await api.get("/api/payouts/status", bearer(owner))
          expect(before.data).toEqual({
            connected: true,
            charges_enabled: false,
            payouts_enabled: false,
            details_submitted: false,
            pending_payouts: { count: 1, amount: waiting.amount_cents / 100 },
          })

          // The artist finishes Stripe's onboarding; Stripe sends account.updated (its payload is not trusted: the
          // account is read back from Stripe).
          fake.completeOnboarding(accountId)
          const paying = recorder()
          const event = {
            id: `evt_${crypto.randomUUID()}`,
            object: "event",
            type: "account.updated",
            api_version: "2025-01-27.acacia",
            created: Math.floor(Date.now() / 1000),
            livemode: false,
            data: { object: { id: accountId, object: "account", payouts_enabled: true } },
          }
          // Signed by the Connect endpoint (its own secret); a wrong secret is refused.
          const forged = await sendWebhook(event, "whsec_wrong")
          expect(forged.status).toBe(400)
          expect(forged.data).toEqual({ error: "Invalid signature" })
          expect(paying.all()).toEqual([])
          const received = await sendWebhook(event, CONNECT_WEBHOOK_SECRET)
          expect(received.status).toBe(200)
          expect(received.data).toEqual({ received: true })
          expect(paying.to("GET", `/v1/accounts/${accountId}`)).toHaveLength(1)
          expect(await outboxDrained(pg)).toBe(0)
          const transfers = paying.to("POST", "/v1/transfers")
          expect(transfers).toHaveLength(1)
          expect(transfers[0].params).toMatchObject({
            amount: String(waiting.amount_cents),
            currency: "usd",
            destination: accountId,
            transfer_group: ctx.order.transfer_group,
          })
          expect(transfers[0].idempotencyKey).toBe(payoutTransferIdempotencyKey(waiting.artist_order_id))
          expect(await payoutOfEast()).toMatchObject({ status: "transferred", destination: accountId })
          const after = await api.get("/api/payouts/status", bearer(owner))
          expect(after.data).toEqual({
            connected: true,
            charges_enabled: false,
            payouts_enabled: true,
            details_submitted: true,
            pending_payouts: { count: 0, amount: 0 },
          })

          // Stripe redelivers the event: de-duplicated, nothing reaches Stripe.
          const replay = recorder()
          expect((await sendWebhook(event, CONNECT_WEBHOOK_SECRET)).data).toEqual({ received: true, duplicate: true })
          expect(replay.all()).toEqual([])
          // The local gateway's onboarding page does not exist under Stripe.
          const sandboxPage = await api.get(`/api/sandbox/accounts/${accountId}/onboarding`, anyStatus)
          expect(sandboxPage.status).toBe(404)
        })

        it("account.updated for an account Stripe does not know is acknowledged and changes nothing", async () => {
          const stripe = recorder()
          const res = await sendWebhook({
            id: `evt_${crypto.randomUUID()}`,
            object: "event",
            type: "account.updated",
            data: { object: { id: "acct_unknown", object: "account" } },
          })
          expect(res.data).toEqual({ received: true })
          expect(stripe.to("GET", "/v1/accounts/acct_unknown")).toHaveLength(1)
          expect(stripe.posts()).toEqual([])
        })
      })

      describe("pending payouts job (process-pending-payouts)", () => {
        const MINUTE = 60_000
        const HOUR = 60 * MINUTE
        const EAST_ACCOUNT = "acct_contract_east"
        const later = (from: Date, ms: number) => new Date(from.getTime() + ms)

        async function payoutOf(orderId: string, slug: string) {
          const payouts = await payoutsOf(orderId)
          return payouts.find((p) => p.slug === slug) as Row
        }

        async function adminEmails(): Promise<{ id: string; email: string }[]> {
          const users: IUserModuleService = container.resolve(Modules.USER)
          return (await users.listUsers({}, { select: ["id", "email"] })).map((u) => ({ id: u.id, email: u.email }))
        }

        function alertsOf(payoutId: string) {
          return rows(
            `SELECT * FROM notification WHERE template = ? AND resource_id = ? ORDER BY "to"`,
            [PAYOUT_FAILING_TEMPLATE, payoutId]
          )
        }

        /** A paid order whose studio-east payout is pending, east now connected to an account Stripe refuses. */
        async function failingEastPayout() {
          const ctx = await paidOrder()
          const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
          await organizations.updateOrganizations({ id: org["studio-east"], stripe_account_id: EAST_ACCOUNT, payouts_enabled: true, transfers_active: true })
          fake.refuseTransfersTo(EAST_ACCOUNT)
          const payout = await payoutOf(ctx.order.id, "studio-east")
          expect(payout).toMatchObject({ status: "pending", attempt_count: 0, first_attempted_at: null })
          return { ctx, payout }
        }

        it("backs off after each failed transfer: 15 min, then 30, then 1 h, doubling", async () => {
          const { payout } = await failingEastPayout()
          const t0 = new Date()
          const stripe = recorder()

          expect(await processPendingPayouts(container, { now: t0 })).toEqual({ transferred: 0, failed: 1 })
          const sent = stripe.to("POST", "/v1/transfers")
          expect(sent).toHaveLength(1)
          expect(sent[0].params.destination).toBe(EAST_ACCOUNT)
          expect(sent[0].idempotencyKey).toEqual(expect.stringContaining(payout.artist_order_id))
          let row = await payoutOf(payout.gallery_order_id, "studio-east")
          expect(row).toMatchObject({ status: "pending", transfer_id: null, attempt_count: 1 })
          expect(row.first_attempted_at.toISOString()).toBe(t0.toISOString())
          expect(row.next_attempt_at.toISOString()).toBe(later(t0, 15 * MINUTE).toISOString())
          expect(row.failure_reason).toContain(TRANSFER_CAPABILITY_MESSAGE)

          // Not due yet: Stripe is not asked again.
          expect(await processPendingPayouts(container, { now: later(t0, 14 * MINUTE) })).toEqual({
            transferred: 0,
            failed: 0,
          })
          expect(stripe.to("POST", "/v1/transfers")).toHaveLength(1)

          const schedule: [number, number][] = [
            // [run at (from t0), next attempt expected after it]
            [15 * MINUTE, 15 * MINUTE + 30 * MINUTE],
            [45 * MINUTE, 45 * MINUTE + HOUR],
            [105 * MINUTE, 105 * MINUTE + 2 * HOUR],
          ]
          for (const [runAt, nextAt] of schedule) {
            // A minute before it is due, nothing; when due, one more attempt.
            await processPendingPayouts(container, { now: later(t0, runAt - MINUTE) })
            const before = stripe.to("POST", "/v1/transfers").length
            expect(await processPendingPayouts(container, { now: later(t0, runAt) })).toEqual({
              transferred: 0,
              failed: 1,
            })
            expect(stripe.to("POST", "/v1/transfers")).toHaveLength(before + 1)
            row = await payoutOf(payout.gallery_order_id, "studio-east")
            expect(row.next_attempt_at.toISOString()).toBe(later(t0, nextAt).toISOString())
          }
          expect(row.attempt_count).toBe(4)
          expect(row.first_attempted_at.toISOString()).toBe(t0.toISOString())
          // Every attempt sent the same transfer with the same key; none went through.
          const attempts = stripe.to("POST", "/v1/transfers")
          expect(attempts).toHaveLength(4)
          expect(new Set(attempts.map((r) => JSON.stringify([r.params, r.idempotencyKey]))).size).toBe(1)
          expect(await alertsOf(payout.id)).toEqual([])
        })

        it("after a day of failures emails every administrator once; the payout is paid once the account works", async () => {
          const { ctx, payout } = await failingEastPayout()
          const users: IUserModuleService = container.resolve(Modules.USER)
          await users.createUsers({ email: "ops@atelier.test" })
          const admins = await adminEmails()
          expect(admins.map((a) => a.email).sort()).toEqual(["admin@atelier.test", "ops@atelier.test"])
          const t0 = new Date()

          await processPendingPayouts(container, { now: t0 })
          // Due again (the back-off never exceeds a day), still failing, not yet a day: no alert.
          await processPendingPayouts(container, { now: later(t0, 23 * HOUR) })
          expect(await alertsOf(payout.id)).toEqual([])

          const stripe = recorder()
          const dayLater = later(t0, 24 * HOUR + MINUTE)
          expect(await processPendingPayouts(container, { now: dayLater })).toEqual({ transferred: 0, failed: 1 })
          // The key may be forgotten by now: Stripe is asked first, finds nothing, and the transfer is sent again.
          expect(stripe.all().map((r) => `${r.method} ${r.path}`)).toEqual([
            `GET /v1/payment_intents/${ctx.intentId}`,
            "GET /v1/transfers",
            "POST /v1/transfers",
          ])
          expect(stripe.to("GET", "/v1/transfers")[0].params).toEqual({
            transfer_group: ctx.order.transfer_group,
            limit: "100",
          })

          const alerts = await alertsOf(payout.id)
          expect(alerts.map((a) => a.to)).toEqual(["admin@atelier.test", "ops@atelier.test"])
          for (const alert of alerts) {
            expect(alert).toMatchObject({
              channel: "email",
              template: PAYOUT_FAILING_TEMPLATE,
              trigger_type: "gallery.payout.failing",
              resource_type: "gallery_payout",
              resource_id: payout.id,
              status: "success",
            })
            expect(alert.data).toEqual({
              payoutId: payout.id,
              publicId: ctx.order.public_id,
              galleryOrderId: ctx.order.id,
              artistOrderId: payout.artist_order_id,
              orgId: org["studio-east"],
              artistName: expect.any(String),
              amount: payout.amount_cents / 100,
              attempts: 3,
              firstAttemptedAt: t0.toISOString(),
              nextAttemptAt: expect.any(String),
              lastError: expect.stringContaining(TRANSFER_CAPABILITY_MESSAGE),
            })
          }
          let row = await payoutOf(ctx.order.id, "studio-east")
          expect(row.failure_alerted_at.toISOString()).toBe(dayLater.toISOString())

          // Still failing a day later: no second email.
          await processPendingPayouts(container, { now: later(t0, 50 * HOUR) })
          expect(await alertsOf(payout.id)).toHaveLength(2)

          // The artist fixes their account: the next due run pays the payout, once.
          const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
          await organizations.updateOrganizations({ id: org["studio-east"], stripe_account_id: "acct_contract_east_2", payouts_enabled: true, transfers_active: true })
          const paying = recorder()
          expect(await processPendingPayouts(container, { now: later(t0, 80 * HOUR) })).toEqual({
            transferred: 1,
            failed: 0,
          })
          expect(await processPendingPayouts(container, { now: later(t0, 200 * HOUR) })).toEqual({
            transferred: 0,
            failed: 0,
          })
          const created = paying.to("POST", "/v1/transfers")
          expect(created).toHaveLength(1)
          expect(created[0].params.destination).toBe("acct_contract_east_2")
          row = await payoutOf(ctx.order.id, "studio-east")
          expect(row).toMatchObject({ status: "transferred", destination: "acct_contract_east_2" })
          expect(row.transfer_id).toMatch(/^tr_/)
          expect(await alertsOf(payout.id)).toHaveLength(2)
        })

        describe("more than 24 h after the first attempt", () => {
          /**
           * A transfer that reached Stripe while its record was lost (the process died before writing it): the
           * north payout is put back to pending, as that crash leaves it, with its first attempt `ago` in the past.
           */
          async function lostTransferRecord(agoMs: number) {
            const ctx = await paidOrder()
            const north = await payoutOf(ctx.order.id, "studio-north")
            expect(north.transfer_id).toMatch(/^tr_/)
            await pg.raw(
              `UPDATE gallery_payout SET status = 'pending', transfer_id = NULL, transferred_at = NULL,
                 attempt_count = 1, first_attempted_at = now() - ? * interval '1 millisecond', next_attempt_at = NULL
               WHERE id = ?`,
              [agoMs, north.id]
            )
            return { ctx, north }
          }

          async function transfersAtStripe(transferGroup: string, artistOrderId: string) {
            const listed = await customerStripe.transfers.list({ transfer_group: transferGroup, limit: 100 })
            return listed.data.filter((t) => t.metadata.artist_order_id === artistOrderId)
          }

          it("asks Stripe for the artist order's transfer and records it instead of creating a second one", async () => {
            const { ctx, north } = await lostTransferRecord(25 * HOUR)
            // What Stripe does 24 h after a key's first use: the same key would now create a new transfer.
            fake.forgetIdempotencyKeys()
            const stripe = recorder()

            expect(await processPendingPayouts(container)).toEqual({ transferred: 1, failed: 0 })

            expect(stripe.to("GET", "/v1/transfers").map((r) => r.params)).toEqual([
              { transfer_group: ctx.order.transfer_group, limit: "100" },
            ])
            expect(stripe.posts()).toEqual([])
            const row = await payoutOf(ctx.order.id, "studio-north")
            expect(row).toMatchObject({
              status: "transferred",
              transfer_id: north.transfer_id,
              destination: ACCOUNTS["studio-north"],
            })
            expect((await transfersAtStripe(ctx.order.transfer_group, north.artist_order_id)).map((t) => t.id)).toEqual([
              north.transfer_id,
            ])
          })

          it("within 24 h relies on the idempotency key: no listing, Stripe replays the first transfer", async () => {
            const { ctx, north } = await lostTransferRecord(23 * HOUR)
            const stripe = recorder()

            expect(await processPendingPayouts(container)).toEqual({ transferred: 1, failed: 0 })

            expect(stripe.to("GET", "/v1/transfers")).toEqual([])
            const sent = stripe.to("POST", "/v1/transfers")
            expect(sent).toHaveLength(1)
            expect(sent[0].idempotencyKey).toEqual(expect.stringContaining(north.artist_order_id))
            const row = await payoutOf(ctx.order.id, "studio-north")
            expect(row).toMatchObject({ status: "transferred", transfer_id: north.transfer_id })
            expect(await transfersAtStripe(ctx.order.transfer_group, north.artist_order_id)).toHaveLength(1)
          })
        })
      })

      describe("artist store checkout (destination charges, Stripe Checkout)", () => {
        const SHOPPER = "store-buyer@collector.test"
        async function variantOf(handle: string): Promise<{ product_id: string; variant_id: string; cents: number }> {
          const [row] = await rows(
            `SELECT v.id, pr.amount FROM product_variant v
             JOIN product_variant_price_set pvps ON pvps.variant_id = v.id
             JOIN price pr ON pr.price_set_id = pvps.price_set_id AND pr.currency_code = 'usd' AND pr.deleted_at IS NULL
             WHERE v.product_id = ? AND v.deleted_at IS NULL LIMIT 1`,
            [product[handle]]
          )
          return { product_id: product[handle], variant_id: row.id, cents: Math.round(Number(row.amount) * 100) }
        }
        const storeOrders = (intentId: string) =>
          rows(`SELECT id, metadata FROM "order" WHERE metadata->>'payment_intent_id' = ? AND deleted_at IS NULL`, [intentId])

        it("one destination charge: amount, currency, application_fee_amount, transfer_data.destination, metadata, key", async () => {
          const print = await variantOf("studio-north-print")
          const stripe = recorder()
          const res = await api.post(
            "/api/create-payment-intent",
            { org_id: org["studio-north"], customer_email: SHOPPER, items: [{ product_id: print.product_id, variant_id: print.variant_id, quantity: 2 }] },
            anyStatus
          )
          expect(res.status).toBe(200)
          const [sent] = stripe.posts()
          expect(stripe.posts()).toHaveLength(1)
          const amount = print.cents * 2
          const fee = Math.round(amount * 0.05) // studio-north: starter, 5 %
          expect(sent.path).toBe("/v1/payment_intents")
          expect(sent.params).toEqual({
            amount: String(amount),
            currency: "usd",
            application_fee_amount: String(fee),
            transfer_data: { destination: ACCOUNTS["studio-north"] },
            receipt_email: SHOPPER,
            automatic_payment_methods: { enabled: "true" },
            metadata: { kind: "store", org_id: org["studio-north"], store_checkout_id: expect.stringMatching(/^schk_/) },
          })
          const metadata = sent.params.metadata as Record<string, string>
          expect(sent.idempotencyKey).toBe(`store-payment-intent-${metadata.store_checkout_id}`)
          expect(res.data).toEqual({ clientSecret: expect.stringMatching(/_secret_/), platformFee: fee / 100 })

          // Paid, then Stripe's webhook: the intent is read back, one order, no transfer sent (Stripe moves the funds).
          const intentId = (res.data.clientSecret as string).split("_secret_")[0]
          fake.succeedIntent(intentId)
          const after = recorder()
          const event = { id: `evt_${crypto.randomUUID()}`, object: "event", type: "payment_intent.succeeded", data: { object: { id: intentId, object: "payment_intent", metadata } } }
          expect((await sendWebhook(event)).status).toBe(200)
          expect((await sendWebhook({ ...event, id: `evt_${crypto.randomUUID()}` })).status).toBe(200)
          expect(after.posts()).toEqual([])
          expect(after.to("GET", `/v1/payment_intents/${intentId}`).length).toBeGreaterThanOrEqual(1)
          const orders = await storeOrders(intentId)
          expect(orders).toHaveLength(1)
          expect(orders[0].metadata).toMatchObject({ source: "store", platform_fee_cents: fee })
        })

        it("a store that cannot take payments sends nothing to Stripe", async () => {
          const print = await variantOf("studio-east-print")
          const stripe = recorder()
          const res = await api.post(
            "/api/create-payment-intent",
            { org_id: org["studio-east"], customer_email: SHOPPER, items: [{ product_id: print.product_id, variant_id: print.variant_id, quantity: 1 }] },
            anyStatus
          )
          expect(res.status).toBe(400)
          expect(stripe.all()).toEqual([])
        })

        it("checkout.session.completed: the order comes from the session's metadata; the intent is verified with Stripe", async () => {
          const print = await variantOf("studio-south-print")
          // The storefront creates its own Checkout session (here with the test's Stripe client).
          const session = await customerStripe.checkout.sessions.create({
            mode: "payment",
            success_url: "https://shop.example/thanks",
            line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: print.cents, product_data: { name: "Print" } } }],
            payment_intent_data: { application_fee_amount: Math.round(print.cents * 0.03), transfer_data: { destination: ACCOUNTS["studio-south"] as string } },
            metadata: { org_id: org["studio-south"], items: JSON.stringify([{ product_id: print.product_id, variant_id: print.variant_id, quantity: 1 }]) },
          })
          const completed = fake.completeCheckoutSession(session.id, SHOPPER)
          const stripe = recorder()
          const event = { id: `evt_${crypto.randomUUID()}`, object: "event", type: "checkout.session.completed", data: { object: completed } }
          expect((await sendWebhook(event)).status).toBe(200)
          expect((await sendWebhook(event)).data).toEqual({ received: true, duplicate: true })
          expect(stripe.posts()).toEqual([])
          expect(stripe.to("GET", `/v1/payment_intents/${completed.payment_intent}`)).toHaveLength(1)
          const orders = await storeOrders(completed.payment_intent as string)
          expect(orders).toHaveLength(1)
          expect(orders[0].metadata).toMatchObject({ source: "store", platform_fee_cents: Math.round(print.cents * 0.03) })
        })

        it("sold out before the payment settled: one full refund that reverses the transfer and the fee, no order", async () => {
          const original = await variantOf("studio-north-original")
          const res = await api.post(
            "/api/create-payment-intent",
            { org_id: org["studio-north"], customer_email: SHOPPER, items: [{ product_id: original.product_id, variant_id: original.variant_id, quantity: 1 }] },
            anyStatus
          )
          expect(res.status).toBe(200)
          const intentId = (res.data.clientSecret as string).split("_secret_")[0]
          // Someone else took the original meanwhile.
          await pg.raw(
            `UPDATE inventory_level SET stocked_quantity = reserved_quantity WHERE inventory_item_id IN (
               SELECT inventory_item_id FROM product_variant_inventory_item WHERE variant_id = ?)`,
            [original.variant_id]
          )
          fake.succeedIntent(intentId)
          const stripe = recorder()
          const event = { id: `evt_${crypto.randomUUID()}`, object: "event", type: "payment_intent.succeeded", data: { object: { id: intentId, object: "payment_intent", metadata: { kind: "store" } } } }
          expect((await sendWebhook(event)).status).toBe(200)
          expect((await sendWebhook({ ...event, id: `evt_${crypto.randomUUID()}` })).status).toBe(200)
          const [payment] = await rows(`SELECT id, status FROM store_payment WHERE payment_intent_id = ?`, [intentId])
          expect(payment.status).toBe("cancelled")
          expect(stripe.posts().map((r) => [r.path, r.params, r.idempotencyKey])).toEqual([
            ["/v1/refunds", { payment_intent: intentId, reverse_transfer: "true", refund_application_fee: "true" }, `store-out-of-stock-refund-${payment.id}`],
          ])
          expect(await storeOrders(intentId)).toEqual([])
        })

        it("a store order's refund from Atelier: ONE refund reversing the transfer and returning the fee, under the record's key", async () => {
          const print = await variantOf("studio-north-print")
          const res = await api.post(
            "/api/create-payment-intent",
            { org_id: org["studio-north"], customer_email: SHOPPER, items: [{ product_id: print.product_id, variant_id: print.variant_id, quantity: 2 }] },
            anyStatus
          )
          expect(res.status).toBe(200)
          const intentId = (res.data.clientSecret as string).split("_secret_")[0]
          fake.succeedIntent(intentId)
          const paidEvent = { id: `evt_${crypto.randomUUID()}`, object: "event", type: "payment_intent.succeeded", data: { object: { id: intentId, object: "payment_intent", metadata: { kind: "store" } } } }
          expect((await sendWebhook(paidEvent)).status).toBe(200)
          const [payment] = await rows(`SELECT id, order_id, items FROM store_payment WHERE payment_intent_id = ?`, [intentId])
          expect(payment.order_id).toMatch(/^order_/)
          const token = await login(api, "user", DEMO_ADMIN_EMAIL, DEMO_PASSWORD)
          const stripe = recorder()
          const refund = await api.post(
            `/api/admin/orders/${payment.order_id}/refunds`,
            { reason: "Damaged", items: [{ id: payment.items[0].id, quantity: 1 }] },
            { ...anyStatus, headers: { authorization: `Bearer ${token}` } }
          )
          expect([refund.status, refund.data.refund?.status]).toEqual([201, "succeeded"])
          expect(stripe.posts().map((r) => [r.path, r.params, r.idempotencyKey])).toEqual([
            [
              "/v1/refunds",
              { payment_intent: intentId, amount: String(print.cents), reverse_transfer: "true", refund_application_fee: "true" },
              `refund-${refund.data.refund.id}`,
            ],
          ])
          const [stored] = await rows(`SELECT status, provider_refund_id FROM store_refund WHERE id = ?`, [refund.data.refund.id])
          expect(stored).toEqual({ status: "succeeded", provider_refund_id: expect.stringMatching(/^re_/) })
        })

        it("a lost dispute reverses the destination charge's transfer: disputed less the fee's share, keyed by dispute and payment", async () => {
          const print = await variantOf("studio-north-print")
          const res = await api.post(
            "/api/create-payment-intent",
            { org_id: org["studio-north"], customer_email: SHOPPER, items: [{ product_id: print.product_id, variant_id: print.variant_id, quantity: 3 }] },
            anyStatus
          )
          expect(res.status).toBe(200)
          const intentId = (res.data.clientSecret as string).split("_secret_")[0]
          fake.succeedIntent(intentId)
          const settle = recorder()
          const paidEvent = { id: `evt_${crypto.randomUUID()}`, object: "event", type: "payment_intent.succeeded", data: { object: { id: intentId, object: "payment_intent", metadata: { kind: "store" } } } }
          expect((await sendWebhook(paidEvent)).status).toBe(200)
          // The intent is read with its charge expanded, exactly as Stripe takes it; the charge names its transfer.
          const reads = settle.to("GET", `/v1/payment_intents/${intentId}`)
          expect(reads.length).toBeGreaterThanOrEqual(1)
          for (const read of reads) expect(read.params).toEqual({ expand: ["latest_charge"] })
          const intent = await customerStripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] })
          const transferId = (intent.latest_charge as Stripe.Charge).transfer as string
          expect(transferId).toMatch(/^tr_/)
          const [payment] = await rows(`SELECT * FROM store_payment WHERE payment_intent_id = ?`, [intentId])
          expect(payment).toMatchObject({ status: "paid", transfer_id: transferId })

          const charge = payment.subtotal_cents + payment.shipping_cents
          const disputed = charge - 101
          const dispute = fake.openDispute(intentId, { amount: disputed })
          expect((await sendWebhook(fake.disputeEvent("charge.dispute.created", dispute.id as string))).status).toBe(200)
          expect(await outboxDrained(pg)).toBe(0)
          // Stored before this change: the transfer is asked of Stripe when the dispute is lost.
          await pg.raw(`UPDATE store_payment SET transfer_id = NULL WHERE id = ?`, [payment.id])
          const stripe = recorder()
          fake.closeDispute(dispute.id as string, "lost")
          const closed = fake.disputeEvent("charge.dispute.closed", dispute.id as string)
          expect((await sendWebhook(closed)).status).toBe(200)
          expect(await outboxDrained(pg)).toBe(0)

          const amount = disputed - Math.round((payment.platform_fee_cents * disputed) / charge)
          expect(stripe.to("GET", `/v1/payment_intents/${intentId}`).map((r) => r.params)).toEqual([{ expand: ["latest_charge"] }])
          expect(stripe.posts().map((r) => [r.path, r.params, r.idempotencyKey])).toEqual([
            [`/v1/transfers/${transferId}/reversals`, { amount: String(amount) }, disputeReversalIdempotencyKey(dispute.id as string, payment.id)],
          ])
          const ledger = await rows(`SELECT amount_cents, reference FROM gallery_ledger_entry WHERE store_payment_id = ? AND kind = 'dispute_reversal'`, [payment.id])
          expect(ledger).toEqual([{ amount_cents: amount, reference: expect.stringMatching(/^trr_/) }])
          const [stored] = await rows(`SELECT transfer_id FROM store_payment WHERE id = ?`, [payment.id])
          expect(stored.transfer_id).toBe(transferId)
          const transfers = await customerStripe.transfers.list({ transfer_group: `group_${intentId}` })
          expect(transfers.data.find((t) => t.id === transferId)?.amount_reversed).toBe(amount)

          // Redelivered: nothing more is sent to Stripe.
          expect((await sendWebhook(closed)).data).toEqual({ received: true, duplicate: true })
          expect((await sendWebhook(fake.disputeEvent("charge.dispute.closed", dispute.id as string))).status).toBe(200)
          await dispatchGalleryOutbox(container)
          expect(stripe.posts()).toHaveLength(1)
        })
      })

      describe("production boot (a child `medusa start`)", () => {
        const root = path.resolve(__dirname, "../..")

        function freePort(): Promise<number> {
          return new Promise((resolve, reject) => {
            const server = createServer()
            server.on("error", reject)
            server.listen(0, "127.0.0.1", () => {
              const { port } = server.address() as { port: number } // a TCP listen always has a port
              server.close(() => resolve(port))
            })
          })
        }

        /**
         * Starts `medusa start` in the project with only the given variables (none of this suite's Stripe settings).
         * `ready` resolves with the output once /health answers, or with null when the process exits first.
         */
        function medusaStart(env: Record<string, string>, port: number) {
          const child = spawn(path.join(root, "node_modules/.bin/medusa"), ["start"], {
            cwd: root,
            detached: true,
            env: {
              PATH: process.env.PATH ?? "",
              HOME: process.env.HOME ?? "",
              MEDUSA_DISABLE_TELEMETRY: "true",
              ADMIN_DISABLED: "true",
              LOG_LEVEL: "warn",
              PORT: String(port),
              ...env,
            },
            stdio: ["ignore", "pipe", "pipe"],
          })
          let output = ""
          child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
          child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
          const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
          const ready = (async () => {
            const until = Date.now() + 120_000
            while (Date.now() < until) {
              if (child.exitCode !== null) return null
              const up = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false)
              if (up) return output
              await new Promise((resolve) => setTimeout(resolve, 200))
            }
            return null
          })()
          const stop = async () => {
            if (child.exitCode === null) process.kill(-(child.pid as number), "SIGKILL") // its whole process group
            await exited
          }
          return { exited, ready, stop, output: () => output }
        }

        const SECRETS = {
          NODE_ENV: "production",
          JWT_SECRET: "jwt-boot-test",
          COOKIE_SECRET: "cookie-boot-test",
          CHANNEL_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
        }

        it("without Stripe keys refuses to start: exit 1, naming the missing variables, before touching a database", async () => {
          const run = medusaStart({ ...SECRETS, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }, await freePort())
          try {
            expect(await run.exited).toBe(1)
            expect(run.output()).toContain(
              "Error in loading config: Refusing to start in production without STRIPE_API_KEY and STRIPE_WEBHOOK_SECRET"
            )
            expect(run.output()).toContain("ATELIER_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION=true")
            // A refusal, not a crash: no stack trace.
            expect(run.output()).not.toMatch(/\n\s+at /)
          } finally {
            await run.stop()
          }
        })

        it("a malformed readiness setting refuses to start, naming it (docs/operations.md)", async () => {
          const run = medusaStart(
            {
              ...SECRETS,
              ATELIER_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: "true",
              READY_CHECK_TIMEOUT_MS: "soon",
              DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
            },
            await freePort()
          )
          try {
            expect(await run.exited).toBe(1)
            expect(run.output()).toContain("Error in loading config: READY_CHECK_TIMEOUT_MS must be a whole number from 50 to 30000")
            expect(run.output()).not.toMatch(/\n\s+at /)
          } finally {
            await run.stop()
          }
        })

        it("with ATELIER_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION=true boots on the local gateway and warns loudly", async () => {
          const port = await freePort()
          const run = medusaStart(
            { ...SECRETS, ATELIER_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: "true", DATABASE_URL: dbConfig.clientUrl },
            port
          )
          try {
            const output = await run.ready
            expect(output).not.toBeNull()
            const warnings = (output as string)
              .split("\n")
              .filter((line) => line.includes(LOCAL_GATEWAY_IN_PRODUCTION_WARNING))
            expect(warnings).toHaveLength(1)
            expect(JSON.parse(warnings[0])).toMatchObject({ level: "warn", message: LOCAL_GATEWAY_IN_PRODUCTION_WARNING })
            // The sandbox is there on the local gateway.
            const res = await fetch(`http://127.0.0.1:${port}/api/sandbox/transfers?transfer_group=gallery_none`)
            expect(res.status).toBe(200)
            expect(await res.json()).toEqual({ object: "list", data: [], has_more: false, url: "/v1/transfers" })
          } finally {
            await run.stop()
          }
        })
      })
    },
  })
})
