import { FULFILMENT_MESSAGES } from "../../../../lib/gallery-fulfilment"
import { PAYOUT_CANCELLED_REASON } from "../../fulfilment"
import { checkoutInput, outboxMessage, paidOrder, rejection, type Suite } from "../gallery-fixtures"

/** Fulfilment (fulfilment.ts): ship, the artist's status changes and cancellation, each under the parent's row lock. */
export function fulfilmentCases({ service, db }: Suite) {
  const artistOrder = (id: string) => db.one(`SELECT * FROM gallery_artist_order WHERE id = ?`, [id])
  const orderStatus = async (id: string) => (await db.one(`SELECT status FROM gallery_order WHERE id = ?`, [id])).status
  const transitions = (orderId: string) =>
    db.rows(
      `SELECT artist_order_id, from_status, to_status FROM gallery_order_transition
       WHERE gallery_order_id = ? AND from_status IS NOT NULL AND from_status <> 'pending' ORDER BY occurred_at, artist_order_id IS NULL`,
      [orderId]
    )
  const iso = (value: unknown) => new Date(value as string).toISOString()
  const ship = (artistOrderId: string, organizationId: string, trackingNumber = "TRACK1", outbox = [] as ReturnType<typeof outboxMessage>[]) =>
    service.shipArtistOrder({
      artistOrderId,
      organizationId,
      trackingNumber,
      trackingUrl: `https://track.example/${trackingNumber}`,
      carrier: "UPS",
      outbox,
    })

  it("ships an artist order once: tracking, transitions, the parent's status by rule A, the outbox", async () => {
    const { input } = await paidOrder(service, ["org_a", "org_b"])
    const [a1, a2] = input.artist_orders

    const shipped = await ship(a1.id, "org_a", "TRACK1", [outboxMessage("shipped-email", a1.id)])
    expect(shipped).toEqual({ galleryOrderId: input.id, parentOrderStatus: "partially_shipped", shippedAt: expect.any(Date) })
    const row = await artistOrder(a1.id)
    expect(row).toMatchObject({ status: "shipped", tracking_number: "TRACK1", tracking_url: "https://track.example/TRACK1", carrier: "UPS" })
    expect(iso(row.shipped_at)).toBe(shipped.shippedAt.toISOString())
    expect(await orderStatus(input.id)).toBe("partially_shipped")
    expect(await db.count("gallery_outbox_message", "key = ?", [`shipped-email:${a1.id}`])).toBe(1)

    const again = await rejection(ship(a1.id, "org_a", "TRACK2"))
    expect(again).toMatchObject({ type: "invalid_data", message: FULFILMENT_MESSAGES.orderAlreadyShipped })
    expect((await artistOrder(a1.id)).tracking_number).toBe("TRACK1")

    expect((await ship(a2.id, "org_b", "TRACK3")).parentOrderStatus).toBe("shipped")
    expect(await orderStatus(input.id)).toBe("shipped")
    expect(await transitions(input.id)).toEqual([
      { artist_order_id: a1.id, from_status: "paid", to_status: "shipped" },
      { artist_order_id: null, from_status: "paid", to_status: "partially_shipped" },
      { artist_order_id: a2.id, from_status: "paid", to_status: "shipped" },
      { artist_order_id: null, from_status: "partially_shipped", to_status: "shipped" },
    ])
  })

  it("refuses to ship an unpaid order, another organization's (403) or an unknown artist order (404)", async () => {
    const pending = checkoutInput(["org_a"])
    await service.createCheckoutOrder(pending)
    expect(await rejection(ship(pending.artist_orders[0].id, "org_a"))).toMatchObject({
      type: "invalid_data",
      message: FULFILMENT_MESSAGES.orderNotPaid,
    })
    const { input } = await paidOrder(service, ["org_a"])
    expect(await rejection(ship(input.artist_orders[0].id, "org_b"))).toMatchObject({
      type: "forbidden",
      message: FULFILMENT_MESSAGES.forbidden,
    })
    expect(await rejection(ship("aord_missing", "org_a"))).toMatchObject({
      type: "not_found",
      message: FULFILMENT_MESSAGES.orderNotFound,
    })
    expect((await db.rows(`SELECT DISTINCT status FROM gallery_artist_order ORDER BY status`)).map((r) => r.status)).toEqual([
      "paid",
      "pending",
    ])
  })

  it("lets two racing ships of one artist order ship it once", async () => {
    const { input } = await paidOrder(service, ["org_a"])
    const id = input.artist_orders[0].id
    const outcomes = await Promise.allSettled([ship(id, "org_a", "RACE1"), ship(id, "org_a", "RACE2")])
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"])
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult
    expect(refused.reason).toMatchObject({ message: FULFILMENT_MESSAGES.orderAlreadyShipped })
    expect(await db.count("gallery_order_transition", "artist_order_id = ? AND to_status = 'shipped'", [id])).toBe(1)
  })

  it("moves paid -> processing and shipped -> delivered only, storing the parent's status by rule B", async () => {
    const { input } = await paidOrder(service, ["org_a"])
    const id = input.artist_orders[0].id
    const set = (status: string) =>
      service.setArtistOrderStatus({
        artistOrderId: id,
        organizationId: "org_a",
        status,
        deliveredOutbox: [outboxMessage("delivered", id)],
      })
    expect(await rejection(set("delivered"))).toMatchObject({ message: "Cannot move order from paid to delivered" })

    expect(await set("processing")).toEqual({
      galleryOrderId: input.id,
      from: "paid",
      status: "processing",
      parentOrderStatus: "processing",
    })
    expect(await orderStatus(input.id)).toBe("processing")
    expect(await db.count("gallery_outbox_message")).toBe(0) // only a delivery writes its messages
    expect(await rejection(set("processing"))).toMatchObject({ message: "Cannot move order from processing to processing" })
    expect(await rejection(set("shipped"))).toMatchObject({ message: "Cannot move order from processing to shipped" })

    await ship(id, "org_a")
    expect(await set("delivered")).toMatchObject({ from: "shipped", status: "delivered", parentOrderStatus: "delivered" })
    expect((await artistOrder(id)).delivered_at).not.toBeNull()
    expect(await db.count("gallery_outbox_message", "key = ?", [`delivered:${id}`])).toBe(1)
    expect(await transitions(input.id)).toEqual([
      { artist_order_id: id, from_status: "paid", to_status: "processing" },
      { artist_order_id: null, from_status: "paid", to_status: "processing" },
      { artist_order_id: id, from_status: "processing", to_status: "shipped" },
      { artist_order_id: null, from_status: "processing", to_status: "shipped" },
      { artist_order_id: id, from_status: "shipped", to_status: "delivered" },
      { artist_order_id: null, from_status: "shipped", to_status: "delivered" },
    ])
  })

  it("cancels a paid order once: its transition, pending payouts failed, the outbox; then refuses ship and status", async () => {
    const { input, payouts } = await paidOrder(service, ["org_a", "org_b"])
    const [p1, p2] = payouts.map((p) => p.id)
    await service.recordPayoutTransfers([{ payoutId: p2, transferId: "tr_2", destination: "acct_2" }])

    const cancelled = await service.markOrderCancelled(input.id, [outboxMessage("cancelled", input.id)])
    expect(cancelled).toMatchObject({
      order: { id: input.id, public_id: input.public_id, payment_intent_id: input.payment_intent_id, refund_id: null },
      cancelledNow: true,
      previousStatus: "paid",
    })
    expect(iso(cancelled.order.cancelled_at)).toBe(cancelled.cancelledAt.toISOString())
    expect(await orderStatus(input.id)).toBe("cancelled")
    expect(await db.rows(`SELECT id, status, failure_reason FROM gallery_payout ORDER BY status`)).toEqual([
      { id: p1, status: "failed", failure_reason: PAYOUT_CANCELLED_REASON },
      { id: p2, status: "transferred", failure_reason: null },
    ])

    const again = await service.markOrderCancelled(input.id, [outboxMessage("cancelled-again", input.id)])
    expect(again).toMatchObject({ cancelledNow: false, previousStatus: "cancelled" })
    expect(iso(again.order.cancelled_at)).toBe(cancelled.cancelledAt.toISOString())
    expect(await db.count("gallery_outbox_message")).toBe(1)
    expect(await transitions(input.id)).toEqual([{ artist_order_id: null, from_status: "paid", to_status: "cancelled" }])

    const [a1] = input.artist_orders
    expect(await rejection(ship(a1.id, "org_a"))).toMatchObject({ message: FULFILMENT_MESSAGES.orderCancelled })
    expect(
      await rejection(service.setArtistOrderStatus({ artistOrderId: a1.id, organizationId: "org_a", status: "processing" }))
    ).toMatchObject({ message: FULFILMENT_MESSAGES.orderCancelled })

    await service.recordCancellationRefund({ orderId: input.id, refundId: "re_1" })
    await service.recordCancellationRefund({ orderId: input.id, refundId: "re_2" })
    expect((await db.one(`SELECT refund_id FROM gallery_order WHERE id = ?`, [input.id])).refund_id).toBe("re_1")
  })

  it("refuses to cancel after a shipment, or an unknown order; a pending order can be cancelled", async () => {
    const { input } = await paidOrder(service, ["org_a", "org_b"])
    await ship(input.artist_orders[0].id, "org_a")
    expect(await rejection(service.markOrderCancelled(input.id))).toMatchObject({
      type: "invalid_data",
      message: FULFILMENT_MESSAGES.cancelAfterShipment,
    })
    expect(await orderStatus(input.id)).toBe("partially_shipped")
    expect(await db.count("gallery_payout", "status = 'pending'")).toBe(2)
    expect(await rejection(service.markOrderCancelled("gord_missing"))).toMatchObject({ type: "not_found" })

    const pending = checkoutInput(["org_c"])
    await service.createCheckoutOrder(pending)
    expect(await service.markOrderCancelled(pending.id)).toMatchObject({ cancelledNow: true, previousStatus: "pending" })
  })

  it("lets a ship and a cancellation of one order race: exactly one of them happens", async () => {
    const { input } = await paidOrder(service, ["org_a"])
    const [shipOutcome, cancelOutcome] = await Promise.allSettled([
      ship(input.artist_orders[0].id, "org_a"),
      service.markOrderCancelled(input.id),
    ])
    expect([shipOutcome.status, cancelOutcome.status].sort()).toEqual(["fulfilled", "rejected"])
    const status = await orderStatus(input.id)
    expect(status).toBe(shipOutcome.status === "fulfilled" ? "shipped" : "cancelled")
  })
}
