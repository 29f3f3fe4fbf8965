import type { Logger, ProviderSendNotificationDTO } from "@medusajs/framework/types"
import { type FakeResend, startFakeResend } from "../../../../integration-tests/helpers/fake-resend"
import { CAMPAIGN_EMAIL_TEMPLATE } from "../../../lib/campaigns"
import { ResendNotificationService, resendIdempotencyKey } from "../service"

/**
 * The Resend provider with the real `resend` SDK against the fake Resend server, which keeps idempotency keys as
 * Resend does (a repeated key is answered with the first answer, nothing delivered). An email re-sent after a crash
 * interrupted its send, in whatever company, must carry its own notification's key and so reach nobody twice.
 */

type Sent = ProviderSendNotificationDTO & { idempotency_key?: string | null }

let fake: FakeResend
const warn = jest.fn()

function provider() {
  return new ResendNotificationService(
    { logger: { warn, info: jest.fn() } as unknown as Logger },
    { api_key: fake.apiKey, from: "Atelier <mail@atelier.test>", base_url: fake.apiBase }
  )
}

const orderEmail = (key: string, to: string, total = "10.00"): Sent => ({
  to,
  channel: "email",
  template: "gallery-order-confirmation",
  data: { publicId: key, total },
  idempotency_key: key,
})

const campaignEmail = (recipient: string): Sent => ({
  to: `${recipient}@collector.test`,
  channel: "email",
  template: CAMPAIGN_EMAIL_TEMPLATE,
  data: { campaign_id: "mcamp_1", recipient_id: recipient },
  content: { subject: "Spring", html: "<p>Spring</p>" },
  idempotency_key: `campaign:mcamp_1:${recipient}`,
})

/** What the Notification module does: every notification of one createNotifications call handed over in one tick. */
const sendTogether = (resend: ResendNotificationService, list: Sent[]) => Promise.all(list.map((n) => resend.send(n)))

beforeAll(async () => {
  fake = await startFakeResend()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.reset()
  warn.mockReset()
})

describe("the Resend provider's idempotency keys", () => {
  it("sends each notification of a call alone, under its own idempotency key", async () => {
    const results = await sendTogether(provider(), [
      orderEmail("gallery-order-confirmation:gord_a1", "a@x.test"),
      orderEmail("gallery-artist-new-order:gao_a1:mem_1", "north@x.test"),
      orderEmail("gallery-order-confirmation:gord_b1", "b@x.test"),
    ])
    expect(fake.requests.map((r) => [r.path, r.idempotencyKey, r.count, r.replayed])).toEqual([
      ["/emails", "gallery-order-confirmation:gord_a1", 1, false],
      ["/emails", "gallery-artist-new-order:gao_a1:mem_1", 1, false],
      ["/emails", "gallery-order-confirmation:gord_b1", 1, false],
    ])
    expect(fake.emails.map((e) => e.to)).toEqual(["a@x.test", "north@x.test", "b@x.test"])
    expect(results.map((r) => r.id)).toEqual(fake.emails.map((e) => e.id))
  })

  it("a notification re-sent after a crash, with other orders' emails this time, is answered, not delivered again", async () => {
    const first = await sendTogether(provider(), [
      orderEmail("gallery-order-confirmation:gord_a2", "a@x.test"),
      orderEmail("gallery-order-confirmation:gord_b2", "b@x.test"),
    ])
    // A restarted process (a new provider) re-sends b's email, now dispatched with c's.
    const again = await sendTogether(provider(), [
      orderEmail("gallery-order-confirmation:gord_b2", "b@x.test"),
      orderEmail("gallery-order-confirmation:gord_c2", "c@x.test"),
    ])
    expect(again[0].id).toBe(first[1].id)
    expect(fake.requests.map((r) => [r.idempotencyKey, r.replayed])).toEqual([
      ["gallery-order-confirmation:gord_a2", false],
      ["gallery-order-confirmation:gord_b2", false],
      ["gallery-order-confirmation:gord_b2", true],
      ["gallery-order-confirmation:gord_c2", false],
    ])
    expect(fake.to("b@x.test")).toHaveLength(1)
    expect(fake.emails.map((e) => e.to)).toEqual(["a@x.test", "b@x.test", "c@x.test"])
  })

  it("a key already sent under with other content counts as sent (Resend's 409): nothing delivered, nothing failed", async () => {
    await provider().send(orderEmail("gallery-order-confirmation:gord_d3", "d@x.test", "10.00"))
    const again = await provider().send(orderEmail("gallery-order-confirmation:gord_d3", "d@x.test", "12.00"))
    expect(again).toEqual({})
    expect(fake.to("d@x.test")).toHaveLength(1)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("gallery-order-confirmation:gord_d3"))
  })

  it("a key longer than Resend's 256 characters goes as its digest, not cut", async () => {
    const long = `password-reset:${"a".repeat(300)}`
    const sameStart = `password-reset:${"a".repeat(300)}b`
    expect(resendIdempotencyKey("short:key")).toBe("short:key")
    expect(resendIdempotencyKey(long)).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(resendIdempotencyKey(long)).not.toBe(resendIdempotencyKey(sameStart))
    await sendTogether(provider(), [orderEmail(long, "e@x.test"), orderEmail(sameStart, "f@x.test")])
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual([resendIdempotencyKey(long), resendIdempotencyKey(sameStart)])
    expect(fake.emails.map((e) => e.to)).toEqual(["e@x.test", "f@x.test"])
  })

  it("a request refused for Resend's rate limit is made again after the wait it asks for, under the same key", async () => {
    fake.rateLimitNext(2)
    const sent = await provider().send(orderEmail("gallery-order-confirmation:gord_g4", "g@x.test"))
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual(Array(3).fill("gallery-order-confirmation:gord_g4"))
    expect(fake.emails.map((e) => e.id)).toEqual([sent.id])
  })

  it("a notification without a key goes alone, without one", async () => {
    const keyless: Sent = { ...orderEmail("x", "h@x.test"), idempotency_key: null }
    await provider().send(keyless)
    expect(fake.requests.map((r) => [r.path, r.idempotencyKey])).toEqual([["/emails", null]])
  })

  it("a campaign's emails go in one batch whose key follows its recipients, so a re-formed batch is not sent twice", async () => {
    const first = await sendTogether(provider(), ["r1", "r2", "r3"].map(campaignEmail))
    expect(fake.requests).toEqual([
      expect.objectContaining({ path: "/emails/batch", count: 3, batchValidation: "permissive", replayed: false, idempotencyKey: expect.stringMatching(/^batch-[0-9a-f]{64}$/) }),
    ])
    // After a crash, delivery re-forms the batch from the same pending recipients.
    const again = await sendTogether(provider(), ["r1", "r2", "r3"].map(campaignEmail))
    expect(again.map((r) => r.id)).toEqual(first.map((r) => r.id))
    expect(fake.requests[1]).toMatchObject({ idempotencyKey: fake.requests[0].idempotencyKey, replayed: true })
    expect(fake.emails).toHaveLength(3)
    // One recipient alone (a retry) goes by itself under its own key.
    await provider().send(campaignEmail("r4"))
    expect(fake.requests[2]).toMatchObject({ path: "/emails", idempotencyKey: "campaign:mcamp_1:r4" })
  })
})
