import { artistPayoutCents, computeGalleryFees } from "../gallery-fees"
import {
  amountOverRefundMessage,
  artistOrderChargeCents,
  disputeRefusal,
  isFullyRefunded,
  itemOverRefundMessage,
  planRefund,
  providerRefundAllocationRefusal,
  providerRefundExceededMessage,
  providerRefundNotFoundMessage,
  providerRefundOwnMessage,
  REFUND_MESSAGES,
  type RefundableArtistOrder,
  type RefundPlan,
  unknownItemMessage,
} from "../refunds"

/** One artist's order of `lines` (price cents, quantity) with `shippingCents`, alone in its gallery order unless told. */
function artistOrder(
  lines: [number, number][],
  shippingCents = 0,
  overrides: Partial<RefundableArtistOrder> = {}
): RefundableArtistOrder {
  const subtotalCents = lines.reduce((sum, [price, quantity]) => sum + price * quantity, 0)
  return {
    status: "paid",
    galleryOrderStatus: "paid",
    subtotalCents,
    shippingCents,
    payoutCents: artistPayoutCents(subtotalCents, shippingCents),
    refundedCents: 0,
    refundedShippingCents: 0,
    refundedShareCents: 0,
    items: lines.map(([priceCents, quantity], index) => ({ id: `aoi_${index}`, quantity, refundedQuantity: 0, priceCents })),
    galleryTotalCents: computeGalleryFees(subtotalCents, shippingCents).totalCents,
    galleryRefundedCents: 0,
    othersFullyRefunded: true,
    ...overrides,
  }
}

function planned(result: RefundPlan | { refused: string }): RefundPlan {
  if ("refused" in result) throw new Error(`refused: ${result.refused}`)
  return result
}

/** Applies a plan to the order as the record does. */
function after(order: RefundableArtistOrder, plan: RefundPlan): RefundableArtistOrder {
  return {
    ...order,
    refundedCents: order.refundedCents + plan.amountCents,
    refundedShippingCents: order.refundedShippingCents + plan.shippingCents,
    refundedShareCents: order.refundedShareCents + plan.artistShareCents,
    galleryRefundedCents: order.galleryRefundedCents + plan.amountCents,
    items: order.items.map((item) => {
      const refunded = plan.items.find((line) => line.artist_order_item_id === item.id)
      return refunded ? { ...item, refundedQuantity: item.refundedQuantity + refunded.quantity } : item
    }),
  }
}

describe("planRefund by items", () => {
  it("gives back the merchandise, its gallery fee and the processing fee on them; 88 % comes back from the artist", () => {
    // Another artist shares the gallery order, so nothing of the fixed fee is involved.
    const order = artistOrder([[3499, 3]], 1000, { othersFullyRefunded: false, galleryTotalCents: 100_000 })
    const plan = planned(planRefund(order, { kind: "items", items: [{ id: "aoi_0", quantity: 1 }], includeShipping: false }))
    expect(plan).toEqual({
      items: [{ artist_order_item_id: "aoi_0", quantity: 1, unit_price_cents: 3499 }],
      merchandiseCents: 3499,
      shippingCents: 0,
      galleryFeeCents: 420,
      processingFeeCents: 114,
      amountCents: 4033,
      artistShareCents: 3079,
    })
  })

  it("in pieces, adds up to exactly the artist order's charge and its payout", () => {
    let order = artistOrder([[3499, 3], [1295, 2]], 1000, { othersFullyRefunded: false, galleryTotalCents: 100_000 })
    const steps = [
      { kind: "items" as const, items: [{ id: "aoi_0", quantity: 1 }], includeShipping: false },
      { kind: "items" as const, items: [], includeShipping: true },
      { kind: "items" as const, items: [{ id: "aoi_1", quantity: 1 }], includeShipping: false },
      { kind: "items" as const, items: [{ id: "aoi_0", quantity: 2 }, { id: "aoi_1", quantity: 1 }], includeShipping: false },
    ]
    for (const step of steps) order = after(order, planned(planRefund(order, step)))
    expect(order.refundedCents).toBeLessThanOrEqual(artistOrderChargeCents(order))
    expect(artistOrderChargeCents(order) - order.refundedCents).toBeLessThanOrEqual(2)
    expect(order.refundedShareCents).toBeLessThanOrEqual(order.payoutCents)
    expect(order.payoutCents - order.refundedShareCents).toBeLessThanOrEqual(1)
    expect(order.refundedShippingCents).toBe(1000)
  })

  it("the refund that leaves the whole gallery order refunded returns its whole charge (the fixed fee too)", () => {
    const order = artistOrder([[3499, 1]], 1000)
    const plan = planned(planRefund(order, { kind: "items", items: [{ id: "aoi_0", quantity: 1 }], includeShipping: true }))
    expect(plan.amountCents).toBe(order.galleryTotalCents)
    expect(plan.merchandiseCents + plan.shippingCents + plan.galleryFeeCents + plan.processingFeeCents).toBe(plan.amountCents)
    expect(plan.artistShareCents).toBe(order.payoutCents)
  })

  it("refuses what was not paid or is already refunded", () => {
    const order = artistOrder([[3499, 2]])
    expect(planRefund(order, { kind: "items", items: [{ id: "aoi_x", quantity: 1 }], includeShipping: false })).toEqual({
      refused: unknownItemMessage("aoi_x"),
    })
    expect(planRefund(order, { kind: "items", items: [{ id: "aoi_0", quantity: 3 }], includeShipping: false })).toEqual({
      refused: itemOverRefundMessage("aoi_0", 2),
    })
    expect(
      planRefund(order, { kind: "items", items: [{ id: "aoi_0", quantity: 1 }, { id: "aoi_0", quantity: 1 }], includeShipping: false })
    ).toEqual({ refused: REFUND_MESSAGES.duplicateItem })
    expect(planRefund(order, { kind: "items", items: [], includeShipping: true })).toEqual({ refused: REFUND_MESSAGES.nothingChosen })
    expect(planRefund({ ...order, status: "pending" }, { kind: "amount", amountCents: 1 })).toEqual({ refused: REFUND_MESSAGES.orderNotPaid })
    expect(planRefund({ ...order, galleryOrderStatus: "cancelled" }, { kind: "amount", amountCents: 1 })).toEqual({
      refused: REFUND_MESSAGES.orderCancelled,
    })
    const refunded = after(order, planned(planRefund(order, { kind: "items", items: [{ id: "aoi_0", quantity: 2 }], includeShipping: false })))
    expect(isFullyRefunded(refunded, refunded.refundedCents)).toBe(true)
    expect(planRefund(refunded, { kind: "amount", amountCents: 1 })).toEqual({ refused: REFUND_MESSAGES.nothingLeft })
  })
})

describe("planRefund by amount", () => {
  it("splits the amount in the artist order's proportions and never passes what is left", () => {
    const order = artistOrder([[4550, 2]], 0, { othersFullyRefunded: false, galleryTotalCents: 100_000 })
    const plan = planned(planRefund(order, { kind: "amount", amountCents: 2000 }))
    expect(plan.amountCents).toBe(2000)
    expect(plan.merchandiseCents + plan.shippingCents + plan.galleryFeeCents + plan.processingFeeCents).toBe(2000)
    expect(plan.merchandiseCents).toBe(Math.round((2000 * 9100) / artistOrderChargeCents(order)))
    expect(plan.artistShareCents).toBe(Math.round(plan.merchandiseCents * 0.88))
    const left = artistOrderChargeCents(order) - 2000
    expect(planRefund(after(order, plan), { kind: "amount", amountCents: left + 1 })).toEqual({ refused: amountOverRefundMessage(left) })
    expect(planned(planRefund(after(order, plan), { kind: "amount", amountCents: left })).amountCents).toBe(left)
  })

  it("never passes what is left of the gallery order's charge", () => {
    const order = artistOrder([[4550, 2]], 0, { othersFullyRefunded: false, galleryTotalCents: 5000, galleryRefundedCents: 4000 })
    expect(planRefund(order, { kind: "amount", amountCents: 1001 })).toEqual({ refused: amountOverRefundMessage(1000) })
  })
})

describe("providerRefundAllocationRefusal", () => {
  const allocation = {
    providerRefundId: "re_dash",
    providerAmountCents: 5000,
    providerStatus: "succeeded",
    recordedCents: 0,
    madeByAtelier: false,
    amountCents: 5000,
  }

  it("records up to what the provider refunded, across records", () => {
    expect(providerRefundAllocationRefusal(allocation)).toBeNull()
    expect(providerRefundAllocationRefusal({ ...allocation, recordedCents: 3000, amountCents: 2000 })).toBeNull()
    expect(providerRefundAllocationRefusal({ ...allocation, recordedCents: 3000, amountCents: 2001 })).toBe(
      providerRefundExceededMessage("re_dash", 2000)
    )
    expect(providerRefundExceededMessage("re_dash", 2000)).toBe("Only $20.00 of refund re_dash is left to record")
    expect(providerRefundAllocationRefusal({ ...allocation, recordedCents: 5000, amountCents: 1 })).toBe(
      providerRefundExceededMessage("re_dash", 0)
    )
  })

  it("refuses a refund Atelier made itself, and one that failed or was cancelled at the provider", () => {
    expect(providerRefundAllocationRefusal({ ...allocation, madeByAtelier: true })).toBe(providerRefundOwnMessage("re_dash"))
    expect(providerRefundAllocationRefusal({ ...allocation, providerStatus: "failed" })).toBe(providerRefundNotFoundMessage("re_dash"))
    expect(providerRefundAllocationRefusal({ ...allocation, providerStatus: "canceled" })).toBe(providerRefundNotFoundMessage("re_dash"))
    expect(providerRefundAllocationRefusal({ ...allocation, providerStatus: "pending" })).toBeNull()
  })
})

describe("disputes and refunds", () => {
  it("a gallery order is not refunded while its dispute is open nor after it was lost", () => {
    expect([disputeRefusal("none"), disputeRefusal("open"), disputeRefusal("lost")]).toEqual([
      null,
      REFUND_MESSAGES.disputeOpen,
      REFUND_MESSAGES.disputeLost,
    ])
    const byAmount = { kind: "amount" as const, amountCents: 100 }
    expect(planRefund(artistOrder([[3499, 1]], 0, { dispute: "open" }), byAmount)).toEqual({ refused: REFUND_MESSAGES.disputeOpen })
    expect(planRefund(artistOrder([[3499, 1]], 0, { dispute: "lost" }), byAmount)).toEqual({ refused: REFUND_MESSAGES.disputeLost })
    expect("refused" in planRefund(artistOrder([[3499, 1]], 0, { dispute: "none" }), byAmount)).toBe(false)
    // A cancelled order keeps its own message.
    expect(planRefund(artistOrder([[3499, 1]], 0, { dispute: "lost", galleryOrderStatus: "cancelled" }), byAmount)).toEqual({
      refused: REFUND_MESSAGES.orderCancelled,
    })
  })
})
