// Structured logs (docs/operations.md, "Logs"): JSON lines with the request id, taken from X-Request-Id or made,
// echoed, carried into workflow steps and outbox handlers; no secret in any line.
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { GALLERY_ORDER_PAID_HANDLERS } from "../../src/lib/outbox"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../src/modules/payments"
import { OUTBOX_HANDLERS } from "../../src/processes/outbox/registry"
import { anyStatus, type Api } from "../helpers/accounts"
import { outboxDrained, selectRows } from "../helpers/db"
import { COLLECTOR_ADDRESS, COLLECTOR_EMAIL, productIdsByHandle, seedDemo } from "../helpers/demo-data"

// The process writes JSON lines as in production (read by medusa-config.ts when the app boots, below); put back after.
const saved = { LOG_FORMAT: process.env.LOG_FORMAT, LOG_LEVEL: process.env.LOG_LEVEL }
process.env.LOG_FORMAT = "json"
process.env.LOG_LEVEL = "info"
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

jest.setTimeout(240000)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Secrets a request sends: none of them may appear in any line. */
const BEARER = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvYnMtdGVzdCJ9.b2JzLXRlc3Qtc2lnbmF0dXJl"
const API_KEY = "atl_live_ObsTestKey0123456789abcdefghijklmnopqrstu"

type Line = Record<string, unknown>

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const product: Record<string, string> = {}
    let written: string[] = []
    let stdout: jest.SpiedFunction<typeof process.stdout.write> | null = null

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(product, await productIdsByHandle(container, ["studio-east-print"]))
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      written = []
      stdout = jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
        written.push(String(chunk))
        return true
      })
    })

    afterEach(() => {
      stdout?.mockRestore()
      jest.restoreAllMocks()
    })

    /** Every JSON line written so far (Medusa's own lines included: they go through the same logger). */
    const lines = (): Line[] =>
      written
        .join("")
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Line)

    const secretsIn = (text: string, secrets: string[]) => secrets.filter((s) => text.includes(s))

    /** A cart of one print under a fresh session; returns the session id. */
    async function cart(): Promise<string> {
      const sessionId = crypto.randomUUID()
      const added = await api.post(
        "/api/gallery/cart/add",
        { productId: product["studio-east-print"], quantity: 1 },
        { headers: { cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
      )
      expect(added.status).toBe(200)
      return sessionId
    }

    it("a paid checkout: the request id round-trips into the request line, the outbox and its handlers' lines", async () => {
      const sessionId = await cart()
      const requestId = `obs-${crypto.randomUUID()}`
      // One of the payment's outbox handlers logs as it starts (the buyer's email among its words).
      const emails = GALLERY_ORDER_PAID_HANDLERS.orderPaidEmails
      const sendEmails = OUTBOX_HANDLERS[emails]
      jest.spyOn(OUTBOX_HANDLERS, emails).mockImplementation(async (c, payloads) => {
        c.resolve(ContainerRegistrationKeys.LOGGER).info(`${emails}: ${payloads.length} order(s), buyer ${COLLECTOR_EMAIL}`)
        return sendEmails(c, payloads)
      })
      const secretHeaders = { authorization: `Bearer ${BEARER}`, "x-api-key": API_KEY, cookie: `gallery_cart_session=${sessionId}` }

      const checkout = await api.post(
        "/api/gallery/checkout",
        { sessionId, email: COLLECTOR_EMAIL, shippingOption: "single_address", shippingAddress: COLLECTOR_ADDRESS },
        { headers: { ...secretHeaders, "x-request-id": `${requestId}-checkout` }, ...anyStatus }
      )
      expect(checkout.status).toBe(200)
      expect(checkout.headers["x-request-id"]).toBe(`${requestId}-checkout`)
      const [order] = await selectRows(pg, `SELECT id, payment_intent_id FROM gallery_order WHERE public_id = ?`, [checkout.data.publicId])
      // The payment (the local gateway raises its succeeded event in this request, which settles the order).
      const paid = await api.post(
        `/api/sandbox/payment-intents/${order.payment_intent_id}/confirm`,
        { payment_method: "pm_card_visa" },
        { headers: { ...secretHeaders, "x-request-id": requestId }, ...anyStatus }
      )
      expect(paid.status).toBe(200)
      expect(paid.headers["x-request-id"]).toBe(requestId)
      const confirmed = await api.post("/api/gallery/checkout/confirm", { paymentIntentId: order.payment_intent_id }, anyStatus)
      expect(confirmed.status).toBe(200)
      expect(await outboxDrained(pg, 60_000)).toBe(0)

      // The payment's outbox messages carry the request id to the dispatcher.
      const queued = await selectRows(
        pg,
        `SELECT handler, trace_context FROM gallery_outbox_message WHERE trace_context->>'request_id' = ? ORDER BY handler`,
        [requestId]
      )
      expect(queued.length).toBeGreaterThan(0)

      const all = lines()
      // One line for the request, with its family, route pattern, status and duration.
      expect(all.filter((l) => l.message === "request" && l.request_id === requestId)).toEqual([
        expect.objectContaining({
          level: "info",
          method: "POST",
          family: "/api",
          route: "/api/sandbox/payment-intents/:id/confirm",
          status: 200,
          duration_ms: expect.any(Number),
        }),
      ])
      // The handler's line, written on the dispatcher's side, carries the request's id (and no full email).
      expect(all.filter((l) => l.request_id === requestId && l.message !== "request")).toEqual([
        expect.objectContaining({ level: "info", message: `${emails}: 1 order(s), buyer a***@collector.test` }),
      ])
      // No token, key, cookie or full email anywhere.
      expect(secretsIn(written.join(""), [BEARER, API_KEY, sessionId, COLLECTOR_EMAIL])).toEqual([])
    })

    it("a line written inside a workflow step carries the request's id, and none of the error's secrets", async () => {
      const sessionId = await cart()
      const requestId = `obs-step-${crypto.randomUUID()}`
      // The gateway fails inside the checkout workflow's create-gallery-payment-intent step, which logs the cause.
      const payments = container.resolve<PaymentsModuleService>(PAYMENTS_MODULE)
      jest
        .spyOn(payments, "createPaymentIntent")
        .mockRejectedValueOnce(new Error(`gateway refused sk_test_51ObsTestSecretKey0123 for ${COLLECTOR_EMAIL}`))

      const checkout = await api.post(
        "/api/gallery/checkout",
        { sessionId, email: COLLECTOR_EMAIL, shippingOption: "single_address", shippingAddress: COLLECTOR_ADDRESS },
        { headers: { "x-request-id": requestId, cookie: `gallery_cart_session=${sessionId}` }, ...anyStatus }
      )
      expect(checkout.status).toBe(500)
      expect(checkout.headers["x-request-id"]).toBe(requestId)

      const mine = lines().filter((l) => l.request_id === requestId)
      expect(mine).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            level: "error",
            message: "Gallery checkout: payment intent failed: Error: gateway refused [redacted] for a***@collector.test",
          }),
          expect.objectContaining({ message: "request", status: 500, level: "error", route: "/api/gallery/checkout" }),
        ])
      )
      expect(secretsIn(written.join(""), ["sk_test_51ObsTestSecretKey0123", COLLECTOR_EMAIL, sessionId])).toEqual([])
    })

    it("makes a request id when none or a malformed one is sent, and echoes it", async () => {
      const made = await api.get("/api/gallery/cart", anyStatus)
      expect(String(made.headers["x-request-id"])).toMatch(UUID)

      for (const malformed of ["has spaces and !", "x".repeat(129), "quote\"d"]) {
        const res = await api.get("/api/gallery/cart", { headers: { "x-request-id": malformed }, ...anyStatus })
        const echoed = String(res.headers["x-request-id"])
        expect(echoed).toMatch(UUID)
        expect(lines().filter((l) => l.message === "request" && l.request_id === echoed)).toHaveLength(1)
      }
      // Requests Medusa answers before the app's middlewares get one too (its /admin authentication here).
      const refused = await api.get("/admin/users/me", { headers: { "x-request-id": "obs-admin-401" }, ...anyStatus })
      expect(refused.status).toBe(401)
      expect(refused.headers["x-request-id"]).toBe("obs-admin-401")
      expect(lines().filter((l) => l.message === "request" && l.request_id === "obs-admin-401")).toEqual([
        expect.objectContaining({ method: "GET", family: "/admin", status: 401 }),
      ])
      // The raw path is never logged.
      expect(written.join("")).not.toContain("/admin/users/me")
    })
  },
})
