import { MedusaError } from "@medusajs/framework/utils"
import { FakeStripe, parseStripeForm, startFakeStripe } from "../../../../integration-tests/helpers/fake-stripe"
import { parseStripeApiBase, StripeGateway } from "../providers/stripe-gateway"
import PaymentsModuleService from "../service"
import { PAYMENT_ERROR_CODES } from "../types"
import { signWebhookPayload } from "../webhook-signature"
import { intentInput, rejection } from "./payment-fixtures"

const WEBHOOK_SECRET = "whsec_contract_test"

/** The error a promise rejects with (fails the test when it resolves). */

describe("StripeGateway against a fake Stripe API", () => {
  let stripe: FakeStripe
  let gateway: StripeGateway

  beforeEach(async () => {
    stripe = await startFakeStripe()
    gateway = new StripeGateway({ apiKey: "sk_test_fake", webhookSecret: WEBHOOK_SECRET, apiBase: stripe.apiBase })
  })

  afterEach(async () => {
    await stripe.close()
  })

  it("fake Stripe reads Stripe's form encoding: nested keys and indexed arrays", () => {
    expect(parseStripeForm("amount=100&metadata[order_id]=o%201&expand[0]=a&expand[1]=b&x[y][z]=1")).toEqual({
      amount: "100",
      metadata: { order_id: "o 1" },
      expand: ["a", "b"],
      x: { y: { z: "1" } },
    })
  })

  it("parses the API base into the SDK's host, port and protocol", () => {
    expect(parseStripeApiBase("http://127.0.0.1:12345")).toEqual({ host: "127.0.0.1", port: "12345", protocol: "http" })
    expect(parseStripeApiBase("https://api.stripe.com")).toEqual({ host: "api.stripe.com", port: 443, protocol: "https" })
    expect(() => parseStripeApiBase("not a url")).toThrow(MedusaError)
  })

  it("creates a payment intent with the amount in cents, transfer group, receipt email, metadata and key", async () => {
    const intent = await gateway.createPaymentIntent(intentInput())

    expect(intent.id).toMatch(/^pi_/)
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`))
    expect(intent.status).toBe("requires_payment_method")
    expect(stripe.requests).toEqual([
      {
        method: "POST",
        path: "/v1/payment_intents",
        idempotencyKey: "checkout-gord_1",
        params: {
          amount: "11489",
          currency: "usd",
          transfer_group: "gallery_gord_1_1700000000000",
          receipt_email: "buyer@example.com",
          metadata: { order_id: "gord_1", cart_session_id: "sess_1" },
          automatic_payment_methods: { enabled: "true" },
        },
      },
    ])
  })

  it("replays an idempotent request with the same intent", async () => {
    const first = await gateway.createPaymentIntent(intentInput())
    const second = await gateway.createPaymentIntent(intentInput())

    expect(second).toEqual(first)
    expect(stripe.requests).toHaveLength(2)
    expect(stripe.requests.map((r) => r.idempotencyKey)).toEqual(["checkout-gord_1", "checkout-gord_1"])
  })

  it("surfaces a key reused with other parameters as a CONFLICT idempotency error", async () => {
    await gateway.createPaymentIntent(intentInput())
    const error = await rejection(gateway.createPaymentIntent(intentInput({ amountCents: 999 })))

    expect(error.type).toBe(MedusaError.Types.CONFLICT)
    expect(error.code).toBe(PAYMENT_ERROR_CODES.IDEMPOTENCY)
    expect(error.message).toMatch(/^Stripe could not create the payment intent: Keys for idempotent requests/)
    expect(error.message).not.toMatch(/\n\s+at /)
  })

  it("retrieves an intent with its charge once paid, and NOT_FOUND for unknown ids", async () => {
    const { id } = await gateway.createPaymentIntent(intentInput())
    expect(await gateway.retrievePaymentIntent(id)).toEqual({
      id,
      status: "requires_payment_method",
      amountCents: 11_489,
      currency: "usd",
      chargeId: null,
      transferId: null,
      transferGroup: "gallery_gord_1_1700000000000",
      metadata: { order_id: "gord_1", cart_session_id: "sess_1" },
    })

    stripe.succeedIntent(id)
    const paid = await gateway.retrievePaymentIntent(id)
    expect(paid.status).toBe("succeeded")
    expect(paid.chargeId).toMatch(/^ch_/)
    // Not a destination charge: no automatic transfer.
    expect(paid.transferId).toBeNull()
    // The intent is read with its charge expanded, exactly as Stripe takes it.
    const reads = stripe.requests.filter((r) => r.method === "GET")
    expect(reads.map((r) => [r.path, r.params])).toEqual([
      [`/v1/payment_intents/${id}`, { expand: ["latest_charge"] }],
      [`/v1/payment_intents/${id}`, { expand: ["latest_charge"] }],
    ])

    const missing = await rejection(gateway.retrievePaymentIntent("pi_missing"))
    expect(missing.type).toBe(MedusaError.Types.NOT_FOUND)
    expect(missing.message).toBe("Stripe could not retrieve the payment intent: No such payment_intent: 'pi_missing'")
  })

  it("a destination charge's intent, once paid, names the charge's automatic transfer to the connected account", async () => {
    const { id } = await gateway.createPaymentIntent(
      intentInput({ transferGroup: undefined, destinationCharge: { destination: "acct_store", applicationFeeCents: 574 } })
    )
    expect((await gateway.retrievePaymentIntent(id)).transferId).toBeNull()
    stripe.succeedIntent(id)
    const paid = await gateway.retrievePaymentIntent(id)
    expect(paid.transferId).toMatch(/^tr_/)
    // The transfer Stripe made: the charge less the application fee, to the account, in the intent's group.
    const reversal = await gateway.reverseTransfer({ transferId: paid.transferId as string, amountCents: 100, idempotencyKey: "rev-1" })
    expect(reversal.id).toMatch(/^trr_/)
    const [transfer] = (await gateway.listTransfers({ transferGroup: `group_${id}` })).filter((t) => t.id === paid.transferId)
    expect(transfer).toMatchObject({ amountCents: 11_489 - 574, destination: "acct_store", sourceTransaction: paid.chargeId, amountReversedCents: 100 })
  })

  it("lists an intent's refunds, newest first, by GET /v1/refunds?payment_intent=", async () => {
    const { id } = await gateway.createPaymentIntent(intentInput())
    stripe.succeedIntent(id)
    expect(await gateway.listRefunds({ paymentIntentId: id })).toEqual([])
    const first = await gateway.createRefund({ paymentIntentId: id, amountCents: 1_000, idempotencyKey: "ref-1" })
    const rest = await gateway.createRefund({ paymentIntentId: id, idempotencyKey: "ref-rest" })
    expect(await gateway.listRefunds({ paymentIntentId: id })).toEqual([
      { id: rest.id, amountCents: 10_489, status: "succeeded", createdAt: expect.any(Date) },
      { id: first.id, amountCents: 1_000, status: "succeeded", createdAt: expect.any(Date) },
    ])
    const listed = stripe.requests.filter((r) => r.method === "GET" && r.path === "/v1/refunds")
    expect(listed.at(-1)?.params).toEqual({ payment_intent: id, limit: "100" })
  })

  describe("transfers", () => {
    let intentId: string
    let chargeId: string

    beforeEach(async () => {
      intentId = (await gateway.createPaymentIntent(intentInput())).id
      stripe.succeedIntent(intentId)
      chargeId = (await gateway.retrievePaymentIntent(intentId)).chargeId as string // set by succeedIntent
      stripe.requests.length = 0
    })

    it("sends amount, currency, destination, transfer group, source transaction, metadata and key", async () => {
      const transfer = await gateway.createTransfer({
        amountCents: 8_800,
        currency: "usd",
        destination: "acct_north",
        transferGroup: "gallery_gord_1_1700000000000",
        sourceTransaction: chargeId,
        idempotencyKey: "transfer-aord_1",
        metadata: { artist_order_id: "aord_1" },
      })

      expect(transfer.id).toMatch(/^tr_/)
      expect(stripe.requests).toEqual([
        {
          method: "POST",
          path: "/v1/transfers",
          idempotencyKey: "transfer-aord_1",
          params: {
            amount: "8800",
            currency: "usd",
            destination: "acct_north",
            transfer_group: "gallery_gord_1_1700000000000",
            source_transaction: chargeId,
            metadata: { artist_order_id: "aord_1" },
          },
        },
      ])

      const replay = await gateway.createTransfer({
        amountCents: 8_800,
        currency: "usd",
        destination: "acct_north",
        transferGroup: "gallery_gord_1_1700000000000",
        sourceTransaction: chargeId,
        idempotencyKey: "transfer-aord_1",
        metadata: { artist_order_id: "aord_1" },
      })
      expect(replay.id).toBe(transfer.id)
    })

    it("refuses transfers beyond the charge amount", async () => {
      const base = { currency: "usd" as const, destination: "acct_north", transferGroup: "g", sourceTransaction: chargeId }
      await gateway.createTransfer({ ...base, amountCents: 10_000, idempotencyKey: "t1" })
      const error = await rejection(gateway.createTransfer({ ...base, amountCents: 1_490, idempotencyKey: "t2" }))

      expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
      expect(error.code).toBe(PAYMENT_ERROR_CODES.AMOUNT_TOO_LARGE)
      await expect(gateway.createTransfer({ ...base, amountCents: 1_489, idempotencyKey: "t3" })).resolves.toEqual({
        id: expect.stringMatching(/^tr_/),
      })
    })

    it("surfaces a transfer without source transaction as balance_insufficient", async () => {
      const error = await rejection(
        gateway.createTransfer({
          amountCents: 100,
          currency: "usd",
          destination: "acct_north",
          transferGroup: "g",
          sourceTransaction: "",
          idempotencyKey: "t-no-source",
        })
      )

      expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
      expect(error.code).toBe(PAYMENT_ERROR_CODES.BALANCE_INSUFFICIENT)
      expect(error.message).toMatch(/^Stripe could not create the transfer: You have insufficient available funds/)
    })

    it("lists a transfer group's transfers, newest first, in the gateway's terms", async () => {
      const send = (amountCents: number, transferGroup: string, key: string) =>
        gateway.createTransfer({
          amountCents,
          currency: "usd",
          destination: "acct_north",
          transferGroup,
          sourceTransaction: chargeId,
          idempotencyKey: key,
          metadata: { artist_order_id: key },
        })
      const first = await send(100, "gallery_gord_1_1700000000000", "aord_1")
      await send(200, "gallery_gord_2_1700000000000", "aord_2")
      const third = await send(300, "gallery_gord_1_1700000000000", "aord_3")
      await gateway.reverseTransfer({ transferId: third.id, idempotencyKey: "reverse-aord_3" })
      stripe.requests.length = 0

      const before = Math.floor(Date.now() / 1000)
      const listed = await gateway.listTransfers({ transferGroup: "gallery_gord_1_1700000000000" })
      expect(listed.map((t) => t.id)).toEqual([third.id, first.id])
      expect(listed[1]).toEqual({
        id: first.id,
        amountCents: 100,
        currency: "usd",
        destination: "acct_north",
        transferGroup: "gallery_gord_1_1700000000000",
        sourceTransaction: chargeId,
        metadata: { artist_order_id: "aord_1" },
        amountReversedCents: 0,
        reversed: false,
        createdAt: expect.any(Date),
      })
      expect(Math.abs(listed[1].createdAt.getTime() / 1000 - before)).toBeLessThanOrEqual(5)
      expect(listed[0]).toMatchObject({ amountReversedCents: 300, reversed: true })
      // One read, filtered by the group at Stripe, with the largest page.
      expect(stripe.requests).toEqual([
        {
          method: "GET",
          path: "/v1/transfers",
          idempotencyKey: null,
          params: { transfer_group: "gallery_gord_1_1700000000000", limit: "100" },
        },
      ])
      expect(await gateway.listTransfers({ transferGroup: "gallery_gord_9_1700000000000" })).toEqual([])
    })

    // 103 transfers created one by one (Stripe lists newest first, so their order matters): over jest's 5 s default
    // on a loaded machine with the other suites running.
    it("follows Stripe's pages to the end of a large transfer group", async () => {
      for (let i = 0; i < 103; i++) {
        await gateway.createTransfer({
          amountCents: 1,
          currency: "usd",
          destination: "acct_north",
          transferGroup: "g-large",
          sourceTransaction: chargeId,
          idempotencyKey: `t-${i}`,
          metadata: { artist_order_id: `aord_${i}` },
        })
      }
      stripe.requests.length = 0
      const listed = await gateway.listTransfers({ transferGroup: "g-large" })
      expect(listed).toHaveLength(103)
      expect(listed[0].metadata.artist_order_id).toBe("aord_102")
      expect(listed[102].metadata.artist_order_id).toBe("aord_0")
      expect(stripe.requests.map((r) => r.params)).toEqual([
        { transfer_group: "g-large", limit: "100" },
        { transfer_group: "g-large", limit: "100", starting_after: listed[99].id },
      ])
    }, 30_000)

    it("refuses to list without a transfer group (Stripe would list every transfer)", async () => {
      const error = await rejection(gateway.listTransfers({ transferGroup: " " }))
      expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
      expect(error.message).toBe("A transfer group is required to list transfers")
      expect(stripe.requests).toEqual([])
    })

    it("reverses a transfer with the amount and key, and refunds by payment intent", async () => {
      const transfer = await gateway.createTransfer({
        amountCents: 8_800,
        currency: "usd",
        destination: "acct_north",
        transferGroup: "g",
        sourceTransaction: chargeId,
        idempotencyKey: "transfer-aord_1",
      })
      const reversal = await gateway.reverseTransfer({
        transferId: transfer.id,
        amountCents: 800,
        idempotencyKey: "reverse-aord_1",
      })
      const refund = await gateway.createRefund({ paymentIntentId: intentId, idempotencyKey: "refund-gord_1" })

      expect(reversal.id).toMatch(/^trr_/)
      expect(refund).toEqual({ id: expect.stringMatching(/^re_/), status: "succeeded" })
      expect(stripe.requests.slice(1)).toEqual([
        {
          method: "POST",
          path: `/v1/transfers/${transfer.id}/reversals`,
          idempotencyKey: "reverse-aord_1",
          params: { amount: "800" },
        },
        { method: "POST", path: "/v1/refunds", idempotencyKey: "refund-gord_1", params: { payment_intent: intentId } },
      ])

      const tooMuch = await rejection(
        gateway.createRefund({ paymentIntentId: intentId, amountCents: 1, idempotencyKey: "refund-again" })
      )
      expect(tooMuch.type).toBe(MedusaError.Types.INVALID_DATA)
    })
  })

  it("is the provider the module service picks when an API key is configured", async () => {
    // The Stripe provider needs nothing from the module's container.
    const service = new PaymentsModuleService({ baseRepository: undefined as never }, {
      stripeApiKey: "sk_test_fake",
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiBase: stripe.apiBase,
    })
    expect(service.provider).toBe("stripe")
    const intent = await service.createPaymentIntent(intentInput())
    expect(intent.id).toMatch(/^pi_/)
    expect(stripe.requests.map((r) => r.path)).toEqual(["/v1/payment_intents"])
    await expect(service.confirmPaymentIntent(intent.id, "pm_card_visa")).rejects.toThrow(
      expect.objectContaining({ type: MedusaError.Types.NOT_ALLOWED })
    )
  })

  describe("webhooks", () => {
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_1", object: "payment_intent", status: "succeeded" } },
    })

    it("accepts a correctly signed event", () => {
      const event = gateway.parseWebhookEvent(Buffer.from(payload), signWebhookPayload(payload, WEBHOOK_SECRET))
      expect(event).toEqual({
        id: "evt_1",
        type: "payment_intent.succeeded",
        object: { id: "pi_1", object: "payment_intent", status: "succeeded" },
      })
    })

    it.each([
      ["a missing header", () => undefined],
      ["another secret", () => signWebhookPayload(payload, "whsec_other")],
      ["a stale timestamp", () => signWebhookPayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)],
      ["a garbage header", () => "t=1,v1=deadbeef"],
    ])("rejects %s with INVALID_DATA Invalid signature", (_label, header) => {
      expect(() => gateway.parseWebhookEvent(Buffer.from(payload), header())).toThrow(
        expect.objectContaining({ type: MedusaError.Types.INVALID_DATA, message: "Invalid signature" })
      )
    })

    it("rejects a body altered after signing", () => {
      const header = signWebhookPayload(payload, WEBHOOK_SECRET)
      const tampered = Buffer.from(payload.replace("succeeded", "failed"))
      expect(() => gateway.parseWebhookEvent(tampered, header)).toThrow("Invalid signature")
    })

    it("also accepts the Connect endpoint's secret when one is configured, and no other", () => {
      const connect = new StripeGateway({
        apiKey: "sk_test_fake",
        webhookSecret: WEBHOOK_SECRET,
        connectWebhookSecret: "whsec_connect",
        apiBase: stripe.apiBase,
      })
      expect(connect.parseWebhookEvent(Buffer.from(payload), signWebhookPayload(payload, "whsec_connect")).id).toBe("evt_1")
      expect(connect.parseWebhookEvent(Buffer.from(payload), signWebhookPayload(payload, WEBHOOK_SECRET)).id).toBe("evt_1")
      expect(() => connect.parseWebhookEvent(Buffer.from(payload), signWebhookPayload(payload, "whsec_other"))).toThrow(
        "Invalid signature"
      )
      // Without it, the Connect secret verifies nothing.
      expect(() => gateway.parseWebhookEvent(Buffer.from(payload), signWebhookPayload(payload, "whsec_connect"))).toThrow(
        "Invalid signature"
      )
    })

    it("refuses every event when no signing secret is configured", () => {
      const unsigned = new StripeGateway({ apiKey: "sk_test_fake", apiBase: stripe.apiBase })
      expect(() =>
        unsigned.parseWebhookEvent(Buffer.from(payload), signWebhookPayload(payload, WEBHOOK_SECRET))
      ).toThrow(MedusaError)
    })
  })
})
