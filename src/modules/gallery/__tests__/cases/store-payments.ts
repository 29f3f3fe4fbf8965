import { outboxMessage, storePaymentInput, type Suite } from "../gallery-fixtures"

/** Store payments (store-payments.ts): recorded once per intent, then paid, cancelled out of stock or failed. */
export function storePaymentCases({ service, db }: Suite) {
  const stored = (id: string) => db.one(`SELECT * FROM store_payment WHERE id = ?`, [id])

  it("records a pending payment once per intent; a replay, even racing, gets the stored row", async () => {
    const input = storePaymentInput({ origin: "checkout_session", checkout_session_id: "cs_1", referral_session_id: "ref_1" })
    const { payment, created } = await service.recordStorePayment(input)
    expect(created).toBe(true)
    expect(payment).toMatchObject({
      ...input,
      id: expect.stringMatching(/^spay_/),
      currency: "usd",
      status: "pending",
      order_id: null,
      payment_failure: null,
      refund_id: null,
      paid_at: null,
      cancelled_at: null,
    })
    const replay = await service.recordStorePayment({ ...input, customer_email: "other@example.com" })
    expect(replay).toEqual({ payment, created: false })
    expect(await service.getStorePaymentByIntent(input.payment_intent_id)).toEqual(payment)
    expect(await service.getStorePaymentByIntent("pi_unknown")).toBeNull()

    const racing = storePaymentInput()
    const results = await Promise.all([1, 2, 3].map(() => service.recordStorePayment(racing)))
    expect(results.filter((r) => r.created)).toHaveLength(1)
    expect(new Set(results.map((r) => r.payment.id)).size).toBe(1)
    expect(await db.count("store_payment")).toBe(2)
  })

  it("records the shipping charged with it: amount, the artist's option and the address (none by default)", async () => {
    const address = { name: "Ada", line1: "1 Rue X", line2: null, city: "Lyon", state: "ARA", postal_code: "69001", country: "FR" }
    const input = storePaymentInput({ shipping_cents: 850, shipping_option_id: "so_1", shipping_option_name: "Tracked", shipping_address: address })
    const { payment } = await service.recordStorePayment(input)
    expect(payment).toMatchObject({ shipping_cents: 850, shipping_option_id: "so_1", shipping_option_name: "Tracked", shipping_address: address })
    expect(await service.getStorePaymentByIntent(input.payment_intent_id)).toEqual(payment)
    const { payment: free } = await service.recordStorePayment(storePaymentInput())
    expect(free).toMatchObject({ shipping_cents: 0, shipping_option_id: null, shipping_option_name: null, shipping_address: null })
  })

  it("marks a pending payment paid once, with its order and the sale's outbox messages", async () => {
    const { payment } = await service.recordStorePayment(storePaymentInput())
    await service.recordStorePaymentFailure({ paymentIntentId: payment.payment_intent_id, message: "declined" })
    const paidAt = new Date("2026-11-30T12:00:00.000Z")
    const outbox = [outboxMessage("store-email", payment.id), outboxMessage("referral", payment.id)]

    expect(await service.markStorePaymentPaid({ id: payment.id, orderId: "order_1", paidAt, outbox })).toBe(true)
    const row = await stored(payment.id)
    expect(row).toMatchObject({ status: "paid", order_id: "order_1", payment_failure: null })
    expect(new Date(row.paid_at).toISOString()).toBe(paidAt.toISOString())
    expect((await db.rows(`SELECT key FROM gallery_outbox_message ORDER BY key`)).map((r) => r.key)).toEqual(
      outbox.map((m) => m.key).sort()
    )

    const again = { id: payment.id, orderId: "order_2", paidAt, outbox: [outboxMessage("late", payment.id)] }
    expect(await service.markStorePaymentPaid(again)).toBe(false)
    expect((await stored(payment.id)).order_id).toBe("order_1")
    expect(await db.count("gallery_outbox_message")).toBe(2)
  })

  it("cancels a pending payment out of stock, with its refund, once; never a paid one", async () => {
    const { payment } = await service.recordStorePayment(storePaymentInput())
    expect(await service.cancelStorePaymentOutOfStock({ id: payment.id, refundId: "re_1" })).toBe(true)
    expect(await stored(payment.id)).toMatchObject({
      status: "cancelled",
      payment_failure: "out_of_stock",
      refund_id: "re_1",
      cancelled_at: expect.anything(),
    })
    expect(await service.cancelStorePaymentOutOfStock({ id: payment.id, refundId: "re_2" })).toBe(false)
    expect(await service.markStorePaymentPaid({ id: payment.id, orderId: "order_1", paidAt: new Date(), outbox: [] })).toBe(
      false
    )

    const { payment: paid } = await service.recordStorePayment(storePaymentInput())
    await service.markStorePaymentPaid({ id: paid.id, orderId: "order_2", paidAt: new Date(), outbox: [] })
    expect(await service.cancelStorePaymentOutOfStock({ id: paid.id, refundId: "re_3" })).toBe(false)
    expect((await stored(paid.id)).status).toBe("paid")
  })

  it("records why a pending payment was not settled (at most 1,000 characters); not on a settled or unknown one", async () => {
    const { payment } = await service.recordStorePayment(storePaymentInput())
    const intent = payment.payment_intent_id
    expect(await service.recordStorePaymentFailure({ paymentIntentId: intent, message: "y".repeat(1200) })).toBe(true)
    expect(await stored(payment.id)).toMatchObject({ status: "pending", payment_failure: "y".repeat(1000) })
    expect(await service.recordStorePaymentFailure({ paymentIntentId: "pi_unknown", message: "x" })).toBe(false)

    await service.markStorePaymentPaid({ id: payment.id, orderId: "order_1", paidAt: new Date(), outbox: [] })
    expect(await service.recordStorePaymentFailure({ paymentIntentId: intent, message: "late" })).toBe(false)
    expect((await stored(payment.id)).payment_failure).toBeNull()
  })

  it("lists the intents of pending payments created within an age window, oldest first", async () => {
    const ages = { fresh: 10, young: 100, old: 300, ancient: 5000, paid: 200 }
    const intents: Record<string, string> = {}
    for (const [name, seconds] of Object.entries(ages)) {
      const { payment } = await service.recordStorePayment(storePaymentInput())
      intents[name] = payment.payment_intent_id
      await db.execute(`UPDATE store_payment SET created_at = now() - make_interval(secs => ?) WHERE id = ?`, [seconds, payment.id])
      if (name === "paid") {
        await service.markStorePaymentPaid({ id: payment.id, orderId: "order_1", paidAt: new Date(), outbox: [] })
      }
    }
    const list = (limit: number) =>
      service.listPendingStorePaymentIntents({ minAgeSeconds: 60, maxAgeSeconds: 3600, limit })
    expect(await list(10)).toEqual([intents.old, intents.young])
    expect(await list(1)).toEqual([intents.old])
  })
}
