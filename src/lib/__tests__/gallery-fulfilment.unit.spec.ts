import {
  ARTIST_ORDERS_DEFAULT_LIMIT,
  ARTIST_ORDERS_MAX_LIMIT,
  cancelDecision,
  cancellationRefundIdempotencyKey,
  cannotMoveMessage,
  FULFILMENT_MESSAGES,
  paginationOf,
  parseArtistOrdersListQuery,
  parseShipRequest,
  parseStatusRequest,
  payoutReversalIdempotencyKey,
  shipRefusal,
  statusChangeRefusal,
} from "../gallery-fulfilment"
import {
  ARTIST_ORDER_STATUSES,
  GALLERY_ORDER_STATUSES,
  type ArtistOrderStatus,
  type GalleryOrderStatus,
} from "../gallery-order-status"

describe("parseArtistOrdersListQuery", () => {
  it("defaults to every paid status, limit 50, offset 0", () => {
    expect(parseArtistOrdersListQuery({})).toEqual({
      ok: true,
      value: { status: null, limit: ARTIST_ORDERS_DEFAULT_LIMIT, offset: 0 },
    })
    expect(parseArtistOrdersListQuery({ status: "", limit: " ", offset: "" })).toEqual({
      ok: true,
      value: { status: null, limit: 50, offset: 0 },
    })
  })

  it.each(["paid", "processing", "shipped", "delivered", "SHIPPED", " paid "])("accepts status %p", (status) => {
    const parsed = parseArtistOrdersListQuery({ status })
    expect(parsed).toEqual({ ok: true, value: { status: status.trim().toLowerCase(), limit: 50, offset: 0 } })
  })

  it.each(["pending", "cancelled", "partially_shipped", "all", 3])("refuses status %p", (status) => {
    expect(parseArtistOrdersListQuery({ status })).toEqual({ ok: false, message: FULFILMENT_MESSAGES.invalidListStatus })
  })

  it("caps the limit to 100 and keeps smaller limits", () => {
    expect(parseArtistOrdersListQuery({ limit: "1000" })).toMatchObject({ value: { limit: ARTIST_ORDERS_MAX_LIMIT } })
    expect(parseArtistOrdersListQuery({ limit: "101" })).toMatchObject({ value: { limit: 100 } })
    expect(parseArtistOrdersListQuery({ limit: "100" })).toMatchObject({ value: { limit: 100 } })
    expect(parseArtistOrdersListQuery({ limit: "1" })).toMatchObject({ value: { limit: 1 } })
    expect(parseArtistOrdersListQuery({ limit: 7 })).toMatchObject({ value: { limit: 7 } })
  })

  it.each(["0", "-1", "2.5", "abc", "1e2", "99999999999999999999"])(
    "refuses limit %p",
    (limit) => {
      expect(parseArtistOrdersListQuery({ limit })).toEqual({ ok: false, message: FULFILMENT_MESSAGES.invalidLimit })
    }
  )

  it("reads offsets of 0 and more", () => {
    expect(parseArtistOrdersListQuery({ offset: "0" })).toMatchObject({ value: { offset: 0 } })
    expect(parseArtistOrdersListQuery({ offset: "250" })).toMatchObject({ value: { offset: 250 } })
    expect(parseArtistOrdersListQuery({ offset: "-1" })).toEqual({ ok: false, message: FULFILMENT_MESSAGES.invalidOffset })
    expect(parseArtistOrdersListQuery({ offset: "x" })).toEqual({ ok: false, message: FULFILMENT_MESSAGES.invalidOffset })
  })

  it("uses the first of repeated parameters", () => {
    expect(parseArtistOrdersListQuery({ status: ["shipped", "paid"], limit: ["5", "10"] })).toEqual({
      ok: true,
      value: { status: "shipped", limit: 5, offset: 0 },
    })
  })
})

describe("paginationOf", () => {
  it("has more while the page does not reach the total", () => {
    expect(paginationOf(5, 2, 0, 2)).toEqual({ total: 5, limit: 2, offset: 0, hasMore: true })
    expect(paginationOf(5, 2, 2, 2)).toEqual({ total: 5, limit: 2, offset: 2, hasMore: true })
    expect(paginationOf(5, 2, 4, 1)).toEqual({ total: 5, limit: 2, offset: 4, hasMore: false })
    expect(paginationOf(5, 2, 10, 0)).toEqual({ total: 5, limit: 2, offset: 10, hasMore: false })
    expect(paginationOf(0, 50, 0, 0)).toEqual({ total: 0, limit: 50, offset: 0, hasMore: false })
  })
})

describe("parseShipRequest", () => {
  it("requires a tracking number", () => {
    for (const body of [undefined, null, [], {}, { trackingNumber: "" }, { trackingNumber: "   " }, { trackingNumber: {} }]) {
      expect(parseShipRequest(body)).toEqual({ ok: false, message: "Tracking number required" })
    }
  })

  it("trims the number and the carrier; a blank carrier is none", () => {
    expect(parseShipRequest({ trackingNumber: " 1Z999 ", carrier: " UPS " })).toEqual({
      ok: true,
      value: { trackingNumber: "1Z999", carrier: "UPS" },
    })
    expect(parseShipRequest({ trackingNumber: "123", carrier: "  " })).toEqual({
      ok: true,
      value: { trackingNumber: "123", carrier: null },
    })
    expect(parseShipRequest({ trackingNumber: "123", carrier: null })).toEqual({
      ok: true,
      value: { trackingNumber: "123", carrier: null },
    })
  })

  it("accepts a whole number as its digits", () => {
    expect(parseShipRequest({ trackingNumber: 94001 })).toEqual({ ok: true, value: { trackingNumber: "94001", carrier: null } })
    expect(parseShipRequest({ trackingNumber: 1.5 })).toEqual({ ok: false, message: "Tracking number required" })
  })

  it("refuses over-long values and a non-string carrier", () => {
    expect(parseShipRequest({ trackingNumber: "x".repeat(101) })).toEqual({
      ok: false,
      message: FULFILMENT_MESSAGES.trackingNumberTooLong,
    })
    expect(parseShipRequest({ trackingNumber: "x".repeat(100) })).toMatchObject({ ok: true })
    expect(parseShipRequest({ trackingNumber: "1", carrier: 5 })).toEqual({ ok: false, message: FULFILMENT_MESSAGES.carrierInvalid })
    expect(parseShipRequest({ trackingNumber: "1", carrier: "c".repeat(501) })).toEqual({
      ok: false,
      message: FULFILMENT_MESSAGES.carrierInvalid,
    })
  })
})

describe("shipRefusal", () => {
  const paidParents: GalleryOrderStatus[] = ["paid", "processing", "partially_shipped"]

  it("ships paid and processing artist orders of a paid order", () => {
    for (const parent of paidParents) {
      expect(shipRefusal("paid", parent)).toBeNull()
      expect(shipRefusal("processing", parent)).toBeNull()
    }
  })

  it("refuses a second ship with the spec's message", () => {
    for (const parent of GALLERY_ORDER_STATUSES) {
      expect(shipRefusal("shipped", parent)).toBe("Order already shipped")
      expect(shipRefusal("delivered", parent)).toBe("Order already shipped")
    }
  })

  it("refuses unpaid and cancelled orders", () => {
    expect(shipRefusal("pending", "pending")).toBe(FULFILMENT_MESSAGES.orderNotPaid)
    expect(shipRefusal("paid", "pending")).toBe(FULFILMENT_MESSAGES.orderNotPaid)
    expect(shipRefusal("pending", "cancelled")).toBe(FULFILMENT_MESSAGES.orderCancelled)
    expect(shipRefusal("paid", "cancelled")).toBe(FULFILMENT_MESSAGES.orderCancelled)
    expect(shipRefusal("processing", "cancelled")).toBe(FULFILMENT_MESSAGES.orderCancelled)
  })
})

describe("parseStatusRequest / statusChangeRefusal", () => {
  it("requires a status and normalises it", () => {
    expect(parseStatusRequest({})).toEqual({ ok: false, message: FULFILMENT_MESSAGES.statusRequired })
    expect(parseStatusRequest({ status: 1 })).toEqual({ ok: false, message: FULFILMENT_MESSAGES.statusRequired })
    expect(parseStatusRequest({ status: " Delivered " })).toEqual({ ok: true, value: { status: "delivered" } })
  })

  it("allows exactly paid -> processing and shipped -> delivered", () => {
    const allowed: string[] = []
    for (const from of ARTIST_ORDER_STATUSES) {
      for (const to of [...ARTIST_ORDER_STATUSES, "cancelled", "bogus"]) {
        const refusal = statusChangeRefusal(from as ArtistOrderStatus, "paid", to)
        if (refusal === null) allowed.push(`${from}->${to}`)
        else expect(refusal).toBe(cannotMoveMessage(from, to))
      }
    }
    expect(allowed.sort()).toEqual(["paid->processing", "shipped->delivered"])
  })

  it("refuses any change on a cancelled order", () => {
    expect(statusChangeRefusal("paid", "cancelled", "processing")).toBe(FULFILMENT_MESSAGES.orderCancelled)
  })

  it("words the refusal as the spec-style sentence", () => {
    expect(cannotMoveMessage("paid", "delivered")).toBe("Cannot move order from paid to delivered")
  })
})

describe("cancelDecision", () => {
  it("cancels pending, paid and processing orders with nothing shipped", () => {
    expect(cancelDecision("pending", ["pending", "pending"])).toBe("cancel")
    expect(cancelDecision("paid", ["paid", "paid"])).toBe("cancel")
    expect(cancelDecision("processing", ["processing", "paid"])).toBe("cancel")
  })

  it("is idempotent on a cancelled order", () => {
    expect(cancelDecision("cancelled", ["paid"])).toBe("already_cancelled")
  })

  it("refuses once anything shipped or the parent says so", () => {
    expect(cancelDecision("partially_shipped", ["shipped", "paid"])).toBe("after_shipment")
    expect(cancelDecision("paid", ["paid", "shipped"])).toBe("after_shipment")
    expect(cancelDecision("processing", ["delivered"])).toBe("after_shipment")
    expect(cancelDecision("shipped", ["shipped"])).toBe("after_shipment")
    expect(cancelDecision("delivered", ["delivered"])).toBe("after_shipment")
  })

  it("every combination of two artist orders: cancel iff nothing shipped", () => {
    for (const a of ARTIST_ORDER_STATUSES) {
      for (const b of ARTIST_ORDER_STATUSES) {
        const shipped = [a, b].some((s) => s === "shipped" || s === "delivered")
        expect(cancelDecision("paid", [a, b])).toBe(shipped ? "after_shipment" : "cancel")
      }
    }
  })
})

describe("idempotency keys", () => {
  it("derive one key per order refund and per payout reversal", () => {
    expect(cancellationRefundIdempotencyKey("gord_1")).toBe("gallery-cancel-refund-gord_1")
    expect(payoutReversalIdempotencyKey("pay_1")).toBe("gallery-payout-reversal-pay_1")
    expect(cancellationRefundIdempotencyKey("a")).not.toBe(cancellationRefundIdempotencyKey("b"))
  })
})
