import { createHmac, timingSafeEqual } from "node:crypto"
import { Webhook } from "standardwebhooks"
import {
  atelierSignature,
  generateWebhookSecret,
  isSuccessfulWebhookStatus,
  isWebhookEventType,
  serializeWebhookEvent,
  shouldDisableWebhookEndpoint,
  WEBHOOK_MAX_ATTEMPTS,
  webhookRetryDelaySeconds,
  webhookSignatureHeaders,
  webhookTimeoutMs,
} from "../webhooks"

const HOUR = 3600
const DAY_MS = 24 * HOUR * 1000

describe("webhook secrets and signatures", () => {
  const secret = generateWebhookSecret(() => Buffer.alloc(32, 7))
  const body = serializeWebhookEvent({ id: "evt_1", type: "order.paid", created_at: "2026-11-24T10:00:00.000Z", data: { id: "order_1" } })

  it("a secret is whsec_ + base64 of 32 random bytes", () => {
    expect(secret).toBe(`whsec_${Buffer.alloc(32, 7).toString("base64")}`)
    expect(generateWebhookSecret()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(generateWebhookSecret()).not.toBe(generateWebhookSecret())
  })

  it("the payload keeps the order id, type, created_at, data", () => {
    expect(body).toBe('{"id":"evt_1","type":"order.paid","created_at":"2026-11-24T10:00:00.000Z","data":{"id":"order_1"}}')
  })

  it("X-Atelier-Signature is sha256= + the lowercase hex HMAC-SHA256 of the body keyed with the secret string", () => {
    const expected = createHmac("sha256", Buffer.from(secret, "utf8")).update(body).digest("hex")
    expect(atelierSignature(secret, body)).toBe(`sha256=${expected}`)
    expect(expected).toMatch(/^[0-9a-f]{64}$/)
  })

  it("the Standard Webhooks headers verify with an independent HMAC and with the standardwebhooks library", () => {
    const at = new Date()
    const headers = webhookSignatureHeaders({ secret, eventId: "evt_1", eventType: "order.paid", body, at })
    const timestamp = Math.floor(at.getTime() / 1000)
    expect(headers["webhook-id"]).toBe("evt_1")
    expect(headers["webhook-timestamp"]).toBe(String(timestamp))
    expect(headers["x-atelier-event"]).toBe("order.paid")
    const key = Buffer.from(secret.slice("whsec_".length), "base64")
    const expected = createHmac("sha256", key).update(`evt_1.${timestamp}.${body}`).digest("base64")
    const [version, signature] = headers["webhook-signature"].split(",")
    expect(version).toBe("v1")
    expect(timingSafeEqual(Buffer.from(signature), Buffer.from(expected))).toBe(true)
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow()
  })
})

describe("webhook retries and disabling", () => {
  it("follows the Standard Webhooks schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(webhookRetryDelaySeconds)).toEqual([5, 300, 1800, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR])
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(8)
    expect(webhookRetryDelaySeconds(8)).toBeNull()
    expect(webhookRetryDelaySeconds(0)).toBe(5)
  })

  it("disables an endpoint after five days of nothing but failures, and at least a full schedule of them", () => {
    const now = new Date("2026-11-24T00:00:00Z")
    const since = (days: number) => new Date(now.getTime() - days * DAY_MS)
    expect(shouldDisableWebhookEndpoint({ consecutiveFailures: 8, failingSince: since(5), now })).toBe(true)
    expect(shouldDisableWebhookEndpoint({ consecutiveFailures: 100, failingSince: since(4.9), now })).toBe(false)
    expect(shouldDisableWebhookEndpoint({ consecutiveFailures: 7, failingSince: since(30), now })).toBe(false)
    expect(shouldDisableWebhookEndpoint({ consecutiveFailures: 8, failingSince: null, now })).toBe(false)
  })

  it("counts only 2xx as delivered", () => {
    expect([200, 204, 299].every(isSuccessfulWebhookStatus)).toBe(true)
    expect([null, 199, 301, 400, 500].some(isSuccessfulWebhookStatus)).toBe(false)
  })

  it("reads WEBHOOK_TIMEOUT_MS, 10 s by default, at most a minute", () => {
    expect(webhookTimeoutMs(undefined)).toBe(10_000)
    expect(webhookTimeoutMs("abc")).toBe(10_000)
    expect(webhookTimeoutMs("50")).toBe(10_000)
    expect(webhookTimeoutMs("2500")).toBe(2500)
    expect(webhookTimeoutMs("600000")).toBe(60_000)
  })

  it("knows the event types", () => {
    expect(isWebhookEventType("order.paid")).toBe(true)
    expect(isWebhookEventType("order.refunded")).toBe(true)
    expect(isWebhookEventType("order.exploded")).toBe(false)
  })
})
