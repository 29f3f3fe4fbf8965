import { PUBLIC_ID_TAKEN } from "../../service"
import { ADDRESS, checkoutInput, outboxMessage, paidOrder, rejection, type Suite } from "../gallery-fixtures"

/** The gallery checkout (checkout.ts): the order as recorded, its compensation, and its payment's outcomes. */
export function checkoutCases({ service, db }: Suite) {
  const orderRow = (id: string) => db.one(`SELECT * FROM gallery_order WHERE id = ?`, [id])
  const tableCounts = async () => ({
    orders: await db.count("gallery_order"),
    artistOrders: await db.count("gallery_artist_order"),
    items: await db.count("gallery_artist_order_item"),
    transitions: await db.count("gallery_order_transition"),
  })

  it("records the parent, its artist orders and items in checkout order, and a null -> pending transition each", async () => {
    const input = checkoutInput(["org_a", "org_b"], { shipping_option: "single_address", shipping_address: ADDRESS })
    // org_a charges shipping (docs/shipping.md), org_b has no rates.
    Object.assign(input.artist_orders[0], {
      shipping_cents: 650,
      payout_cents: input.artist_orders[0].payout_cents + 650,
      shipping_option_id: "so_org_a_standard",
      shipping_option_name: "Standard",
      shipping_country: "US",
    })
    input.shipping_cents = 650
    const created = await service.createCheckoutOrder(input)
    expect(created).toEqual({ id: input.id, public_id: input.public_id, created_at: expect.any(Date) })

    expect(await orderRow(input.id)).toMatchObject({
      public_id: input.public_id,
      status: "pending",
      email: input.email,
      shipping_option: "single_address",
      shipping_address: ADDRESS,
      subtotal_cents: input.subtotal_cents,
      shipping_cents: 650,
      gallery_fee_cents: 100,
      stripe_fee_cents: 59,
      total_cents: input.total_cents,
      currency_code: "usd",
      payment_intent_id: input.payment_intent_id,
      transfer_group: input.transfer_group,
      cart_session_id: input.cart_session_id,
      paid_at: null,
    })
    const artists = await db.rows(
      `SELECT id, gallery_order_id, organization_id, artist_name, status, subtotal_cents, payout_cents, shipping_cents,
              shipping_option_id, shipping_option_name, shipping_country, shipping_address
       FROM gallery_artist_order ORDER BY created_at`
    )
    expect(artists).toEqual(
      input.artist_orders.map((a) => ({
        id: a.id,
        gallery_order_id: input.id,
        organization_id: a.organization_id,
        artist_name: a.artist_name,
        status: "pending",
        subtotal_cents: a.subtotal_cents,
        payout_cents: a.payout_cents,
        shipping_cents: a.shipping_cents,
        shipping_option_id: a.shipping_option_id,
        shipping_option_name: a.shipping_option_name,
        shipping_country: a.shipping_country,
        shipping_address: null,
      }))
    )
    const items = await db.rows(
      `SELECT id, artist_order_id, product_id, variant_id, product_name, quantity, price_cents, image
       FROM gallery_artist_order_item ORDER BY created_at`
    )
    expect(items).toEqual(input.artist_orders.flatMap((a) => a.items.map((item) => ({ ...item, artist_order_id: a.id }))))
    const transitions = await db.rows(
      `SELECT gallery_order_id, artist_order_id, from_status, to_status FROM gallery_order_transition`
    )
    expect(transitions).toHaveLength(3)
    expect(transitions).toEqual(
      expect.arrayContaining(
        [null, ...input.artist_orders.map((a) => a.id)].map((artist_order_id) => ({
          gallery_order_id: input.id,
          artist_order_id,
          from_status: null,
          to_status: "pending",
        }))
      )
    )
  })

  it("refuses an order without artist orders, or with an artist order without items, writing nothing", async () => {
    const empty = checkoutInput([], {})
    const noItems = checkoutInput(["org_a", "org_b"])
    noItems.artist_orders[1].items = []
    for (const input of [empty, noItems]) {
      expect(await rejection(service.createCheckoutOrder(input))).toMatchObject({ type: "invalid_data" })
    }
    expect(await tableCounts()).toEqual({ orders: 0, artistOrders: 0, items: 0, transitions: 0 })
  })

  it("refuses a taken public id with the retryable PUBLIC_ID_TAKEN code, writing nothing", async () => {
    const first = checkoutInput()
    await service.createCheckoutOrder(first)
    const before = await tableCounts()

    const samePublicId = checkoutInput(["org_c"], { public_id: first.public_id })
    expect(await rejection(service.createCheckoutOrder(samePublicId))).toMatchObject({
      type: "conflict",
      code: PUBLIC_ID_TAKEN,
    })
    expect(await tableCounts()).toEqual(before)
  })

  // KNOWN ISSUE, kept as it is by the split (a move, not a rewrite): isUniqueViolationOn looks for "public_id" in the
  // error's message, and knex puts the statement's SQL (which names that column) in front of every error message, so
  // any unique violation of the checkout's statement (a payment intent or an order id recorded already) is reported
  // as PUBLIC_ID_TAKEN and the route retries it with a new public id. Should it look at the constraint's name only,
  // this test passes: jest then reports it, and `it.failing` becomes `it`.
  it.failing("reports other collisions (the payment intent, the order id) without PUBLIC_ID_TAKEN", async () => {
    const first = checkoutInput()
    await service.createCheckoutOrder(first)
    const sameIntent = checkoutInput(["org_c"], { payment_intent_id: first.payment_intent_id })
    const sameId = checkoutInput(["org_c"], { id: first.id, public_id: `${first.public_id}-2` })
    for (const input of [sameIntent, sameId]) {
      expect((await rejection(service.createCheckoutOrder(input))).code).not.toBe(PUBLIC_ID_TAKEN)
    }
  })

  it("compensates a pending order: the order, artist orders, items and transitions go; a paid order stays", async () => {
    const pending = checkoutInput()
    await service.createCheckoutOrder(pending)
    const { input: paid } = await paidOrder(service, ["org_c"])
    const paidCounts = { orders: 1, artistOrders: 1, items: 2 }

    await service.deleteCheckoutOrder(pending.id)
    expect(await tableCounts()).toMatchObject(paidCounts)
    expect(await db.count("gallery_order_transition", "gallery_order_id = ?", [pending.id])).toBe(0)

    await service.deleteCheckoutOrder(paid.id)
    expect(await tableCounts()).toMatchObject(paidCounts)
    expect((await orderRow(paid.id)).status).toBe("paid")
  })

  // KNOWN ISSUE, kept as it is by the split: deleteCheckoutOrder's transitions CTE has no status guard, so a
  // compensation that comes for an order paid meanwhile keeps the order (its DELETE is guarded) but deletes its
  // history. When the CTE deletes only a pending order's transitions, this test passes and `it.failing` becomes `it`.
  it.failing("keeps a paid order's transitions when its compensation comes too late", async () => {
    const { input: paid } = await paidOrder(service, ["org_c"])
    const before = await db.count("gallery_order_transition", "gallery_order_id = ?", [paid.id])
    await service.deleteCheckoutOrder(paid.id)
    expect(await db.count("gallery_order_transition", "gallery_order_id = ?", [paid.id])).toBe(before)
  })

  it("marks a pending order paid once: artist orders, transitions, payouts, the emptied cart and the outbox", async () => {
    const input = checkoutInput()
    await service.createCheckoutOrder(input)
    await service.createCartItems([
      { session_id: input.cart_session_id, product_id: "prod_1", quantity: 1 },
      { session_id: input.cart_session_id, product_id: "prod_2", quantity: 2 },
      { session_id: "another-session", product_id: "prod_1", quantity: 1 },
    ])
    expect(await service.recordPaymentFailure({ paymentIntentId: input.payment_intent_id, message: "declined" })).toBe(true)
    const paidAt = new Date("2026-11-30T12:00:00.000Z")
    const payouts = input.artist_orders.map((a) => ({
      artist_order_id: a.id,
      organization_id: a.organization_id,
      amount_cents: a.payout_cents,
    }))
    const outbox = [outboxMessage("emails", input.id), outboxMessage("transfers", input.id)]
    const args = { orderId: input.id, paidAt, artistOrderIds: input.artist_orders.map((a) => a.id), payouts, outbox }

    const result = await service.markOrderPaid(args)
    expect(result.paid).toBe(true)
    expect(result.payouts).toEqual(
      expect.arrayContaining(payouts.map((p) => ({ ...p, id: expect.stringMatching(/^pay_/) })))
    )
    expect(result.payouts).toHaveLength(2)

    const order = await orderRow(input.id)
    expect([order.status, new Date(order.paid_at).toISOString(), order.payment_failure]).toEqual([
      "paid",
      paidAt.toISOString(),
      null,
    ])
    expect((await db.rows(`SELECT DISTINCT status FROM gallery_artist_order`)).map((r) => r.status)).toEqual(["paid"])
    expect(await db.count("gallery_order_transition", "from_status = 'pending' AND to_status = 'paid'")).toBe(3)
    const stored = await db.rows(`SELECT id, artist_order_id, gallery_order_id, status, amount_cents FROM gallery_payout`)
    expect(stored.map((p) => [p.gallery_order_id, p.status])).toEqual([
      [input.id, "pending"],
      [input.id, "pending"],
    ])
    expect(await db.count("gallery_cart_item", "session_id = ?", [input.cart_session_id])).toBe(0)
    expect(await db.count("gallery_cart_item", "session_id = 'another-session'")).toBe(1)
    const keys = await db.rows(`SELECT key, topic, handler, payload, attempts FROM gallery_outbox_message ORDER BY key`)
    expect(keys).toEqual(outbox.map((m) => ({ ...m, attempts: 0 })))

    // Replayed (a webhook and the confirm racing): nothing more is written.
    expect(await service.markOrderPaid({ ...args, outbox: [...outbox, outboxMessage("late", input.id)] })).toEqual({
      paid: false,
      payouts: [],
    })
    expect(await db.count("gallery_payout")).toBe(2)
    expect(await db.count("gallery_order_transition", "to_status = 'paid'")).toBe(3)
    expect(await db.count("gallery_outbox_message")).toBe(2)
  })

  it("cancels a pending order out of stock once, with the refund and a transition; never a paid order", async () => {
    const input = checkoutInput()
    await service.createCheckoutOrder(input)
    expect(await service.cancelOrderOutOfStock({ orderId: input.id, refundId: "re_1" })).toBe(true)
    expect(await orderRow(input.id)).toMatchObject({
      status: "cancelled",
      payment_failure: "out_of_stock",
      refund_id: "re_1",
      cancelled_at: expect.anything(),
    })
    expect(
      await db.rows(`SELECT artist_order_id, from_status FROM gallery_order_transition WHERE to_status = 'cancelled'`)
    ).toEqual([{ artist_order_id: null, from_status: "pending" }])
    expect(await service.cancelOrderOutOfStock({ orderId: input.id, refundId: "re_2" })).toBe(false)
    expect((await orderRow(input.id)).refund_id).toBe("re_1")

    const { input: paid } = await paidOrder(service, ["org_c"])
    expect(await service.cancelOrderOutOfStock({ orderId: paid.id, refundId: "re_3" })).toBe(false)
    expect(await orderRow(paid.id)).toMatchObject({ status: "paid", refund_id: null })
  })

  it("records a declined payment attempt on a pending order only", async () => {
    const input = checkoutInput()
    await service.createCheckoutOrder(input)
    expect(await service.recordPaymentFailure({ paymentIntentId: input.payment_intent_id, message: "Card declined" })).toBe(
      true
    )
    expect(await orderRow(input.id)).toMatchObject({ status: "pending", payment_failure: "Card declined" })
    expect(await service.recordPaymentFailure({ paymentIntentId: "pi_unknown", message: "x" })).toBe(false)

    const { input: paid } = await paidOrder(service, ["org_c"])
    expect(await service.recordPaymentFailure({ paymentIntentId: paid.payment_intent_id, message: "late" })).toBe(false)
    expect((await orderRow(paid.id)).payment_failure).toBeNull()
  })
}
