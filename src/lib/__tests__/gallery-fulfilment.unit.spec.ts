import {
  cancelDecision,
  cancellationRefundIdempotencyKey,
  cannotMoveMessage,
  FULFILMENT_MESSAGES,
  paginationOf,
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

describe("paginationOf", () => {
  it("has more while the page does not reach the total", () => {
    expect(paginationOf(5, 2, 0, 2)).toEqual({ total: 5, limit: 2, offset: 0, hasMore: true })
    expect(paginationOf(5, 2, 2, 2)).toEqual({ total: 5, limit: 2, offset: 2, hasMore: true })
    expect(paginationOf(5, 2, 4, 1)).toEqual({ total: 5, limit: 2, offset: 4, hasMore: false })
    expect(paginationOf(5, 2, 10, 0)).toEqual({ total: 5, limit: 2, offset: 10, hasMore: false })
    expect(paginationOf(0, 50, 0, 0)).toEqual({ total: 0, limit: 50, offset: 0, hasMore: false })
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

describe("statusChangeRefusal", () => {
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
