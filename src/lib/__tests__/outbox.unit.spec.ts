import {
  artistOrderAddressChangedMessages,
  artistOrderDeliveredMessages,
  artistOrderShippedMessages,
  galleryOrderCancelledMessages,
  DEFAULT_SETTLEMENT_RECONCILE_SECONDS,
  GALLERY_ORDER_PAID_TOPIC,
  galleryOrderPaidMessages,
  outboxMessageKey,
  outboxRetryDelaySeconds,
  settlementReconcileSeconds,
} from "../outbox"

describe("outbox rules", () => {
  it("keys a message by handler and resource, so a replay queues nothing new", () => {
    expect(outboxMessageKey("transfer-payouts", "gord_1")).toBe("transfer-payouts:gord_1")
  })

  it("a paid order queues transfers and emails, and referral credit only with a referral session", () => {
    const plain = galleryOrderPaidMessages({ id: "gord_1", referral_session_id: null, charge_id: "ch_1" })
    expect(plain.map((m) => [m.key, m.topic, m.handler])).toEqual([
      ["transfer-payouts:gord_1", GALLERY_ORDER_PAID_TOPIC, "transfer-payouts"],
      ["order-paid-emails:gord_1", GALLERY_ORDER_PAID_TOPIC, "order-paid-emails"],
      ["medusa-order-book:gord_1", GALLERY_ORDER_PAID_TOPIC, "medusa-order-book"],
      ["order-paid-webhooks:gord_1", GALLERY_ORDER_PAID_TOPIC, "order-paid-webhooks"],
    ])
    expect(plain[0].payload).toEqual({ id: "gord_1", referral_session_id: null, charge_id: "ch_1" })
    const referred = galleryOrderPaidMessages({ id: "gord_2", referral_session_id: "sess", charge_id: null })
    expect(referred.map((m) => m.handler)).toEqual([
      "transfer-payouts",
      "order-paid-emails",
      "medusa-order-book",
      "order-paid-webhooks",
      "referral-conversions",
    ])
    expect(referred[4].payload).toEqual({ id: "gord_2", referral_session_id: "sess", charge_id: null })
  })

  it("a shipment queues the customer's shipping email, the Medusa fulfilment and the webhooks, keyed by the artist order", () => {
    expect(artistOrderShippedMessages("aord_1")).toEqual([
      { key: "shipment-email:aord_1", topic: "gallery.artist_order.shipped", handler: "shipment-email", payload: { id: "aord_1" } },
      {
        key: "medusa-order-fulfilment:aord_1",
        topic: "gallery.artist_order.shipped",
        handler: "medusa-order-fulfilment",
        payload: { id: "aord_1" },
      },
      {
        key: "order-shipped-webhooks:aord_1",
        topic: "gallery.artist_order.shipped",
        handler: "order-shipped-webhooks",
        payload: { id: "aord_1" },
      },
    ])
  })

  it("an address change queues the buyer's email, keyed by the change: each change is told once", () => {
    expect(artistOrderAddressChangedMessages("aoac_1")).toEqual([
      {
        key: "address-change-email:aoac_1",
        topic: "gallery.artist_order.address_changed",
        handler: "address-change-email",
        payload: { id: "aoac_1" },
      },
    ])
  })

  it("a delivery and a cancellation queue the Medusa order book's update (and a cancellation the webhooks)", () => {
    expect(artistOrderDeliveredMessages("aord_1")).toEqual([
      { key: "medusa-order-delivery:aord_1", topic: "gallery.artist_order.delivered", handler: "medusa-order-delivery", payload: { id: "aord_1" } },
    ])
    expect(galleryOrderCancelledMessages("gord_1")).toEqual([
      { key: "medusa-order-cancel:gord_1", topic: "gallery.order.cancelled", handler: "medusa-order-cancel", payload: { id: "gord_1" } },
      {
        key: "order-cancelled-webhooks:gord_1",
        topic: "gallery.order.cancelled",
        handler: "order-cancelled-webhooks",
        payload: { id: "gord_1" },
      },
    ])
  })

  it("retries after 10 s, doubling, capped at an hour", () => {
    expect([1, 2, 3, 4].map(outboxRetryDelaySeconds)).toEqual([10, 20, 40, 80])
    expect(outboxRetryDelaySeconds(0)).toBe(10)
    expect(outboxRetryDelaySeconds(9)).toBe(2560)
    expect(outboxRetryDelaySeconds(10)).toBe(3600)
    expect(outboxRetryDelaySeconds(1000)).toBe(3600)
  })

  it("reads SETTLEMENT_RECONCILE_SECONDS, defaulting to 60", () => {
    expect(settlementReconcileSeconds(undefined)).toBe(DEFAULT_SETTLEMENT_RECONCILE_SECONDS)
    expect(settlementReconcileSeconds("")).toBe(60)
    expect(settlementReconcileSeconds("abc")).toBe(60)
    expect(settlementReconcileSeconds("0")).toBe(60)
    expect(settlementReconcileSeconds("2")).toBe(2)
    expect(settlementReconcileSeconds("2.7")).toBe(2)
    expect(settlementReconcileSeconds("99999")).toBe(3600)
  })
})
