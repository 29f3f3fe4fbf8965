import {
  amountOverRefundMessage,
  disputeRefusal,
  itemOverRefundMessage,
  pickRefundItems,
  REFUND_MESSAGES,
  unknownItemMessage,
} from "../refunds"
import {
  applicationFeeRefundCents,
  planStoreRefund,
  storePaymentChargeCents,
  storeRefundIdempotencyKey,
  type RefundableStorePayment,
  type StoreRefundPlan,
} from "../store-refunds"

/** A paid store payment of `lines` (price cents, quantity) with `shippingCents` and a fee of `feeCents`. */
function storePayment(
  lines: [number, number][],
  shippingCents: number,
  feeCents: number,
  overrides: Partial<RefundableStorePayment> = {}
): RefundableStorePayment {
  return {
    status: "paid",
    subtotalCents: lines.reduce((sum, [price, quantity]) => sum + price * quantity, 0),
    shippingCents,
    platformFeeCents: feeCents,
    refundedCents: 0,
    refundedShippingCents: 0,
    refundedFeeCents: 0,
    items: lines.map(([priceCents, quantity], index) => ({ id: `ordli_${index}`, quantity, refundedQuantity: 0, priceCents })),
    dispute: "none",
    ...overrides,
  }
}

function plan(payment: RefundableStorePayment, request: Parameters<typeof planStoreRefund>[1]): StoreRefundPlan {
  const planned = planStoreRefund(payment, request)
  if ("refused" in planned) throw new Error(`refused: ${planned.refused}`)
  return planned
}

/** What a plan leaves recorded on the payment (as the gallery module's SQL writes it). */
function applied(payment: RefundableStorePayment, p: StoreRefundPlan): RefundableStorePayment {
  return {
    ...payment,
    refundedCents: payment.refundedCents + p.amountCents,
    refundedShippingCents: payment.refundedShippingCents + p.shippingCents,
    refundedFeeCents: payment.refundedFeeCents + p.applicationFeeCents,
    items: payment.items.map((line) => ({
      ...line,
      refundedQuantity: line.refundedQuantity + (p.items.find((i) => i.line_id === line.id)?.quantity ?? 0),
    })),
  }
}

describe("planStoreRefund: by items", () => {
  // 3 x $34.99 and $10 shipping; a 5 % plan fee on the merchandise ($5.25).
  const payment = storePayment([[3499, 3]], 1000, 525)

  it("refunds the lines' price x quantity; the fee comes back in proportion of the charge; the artist gives the rest", () => {
    const p = plan(payment, { kind: "items", items: [{ id: "ordli_0", quantity: 1 }], includeShipping: false })
    // round(525 x 3499 / 11497) = round(159.78) = 160.
    expect(p).toEqual({
      items: [{ line_id: "ordli_0", quantity: 1, unit_price_cents: 3499 }],
      merchandiseCents: 3499,
      shippingCents: 0,
      amountCents: 3499,
      applicationFeeCents: 160,
      artistShareCents: 3499 - 160,
    })
  })

  it("includes the shipping once", () => {
    const first = plan(payment, { kind: "items", items: [], includeShipping: true })
    expect(first).toMatchObject({ shippingCents: 1000, amountCents: 1000, merchandiseCents: 0 })
    const after = applied(payment, first)
    expect(planStoreRefund(after, { kind: "items", items: [], includeShipping: true })).toEqual({ refused: REFUND_MESSAGES.nothingChosen })
    expect(plan(after, { kind: "items", items: [{ id: "ordli_0", quantity: 1 }], includeShipping: true }).shippingCents).toBe(0)
  })

  it("never refunds more of a line than was sold", () => {
    const after = applied(payment, plan(payment, { kind: "items", items: [{ id: "ordli_0", quantity: 2 }], includeShipping: false }))
    expect(planStoreRefund(after, { kind: "items", items: [{ id: "ordli_0", quantity: 2 }], includeShipping: false })).toEqual({
      refused: itemOverRefundMessage("ordli_0", 1),
    })
  })

  it("refuses unknown and repeated lines, and nothing chosen", () => {
    expect(planStoreRefund(payment, { kind: "items", items: [{ id: "ordli_x", quantity: 1 }], includeShipping: false })).toEqual({
      refused: unknownItemMessage("ordli_x"),
    })
    expect(
      planStoreRefund(payment, {
        kind: "items",
        items: [
          { id: "ordli_0", quantity: 1 },
          { id: "ordli_0", quantity: 1 },
        ],
        includeShipping: false,
      })
    ).toEqual({ refused: REFUND_MESSAGES.duplicateItem })
    expect(planStoreRefund(payment, { kind: "items", items: [], includeShipping: false })).toEqual({ refused: REFUND_MESSAGES.nothingChosen })
  })

  it("never passes what is left of the charge after refunds by amount", () => {
    const after = applied(payment, plan(payment, { kind: "amount", amountCents: 9000 }))
    expect(planStoreRefund(after, { kind: "items", items: [{ id: "ordli_0", quantity: 1 }], includeShipping: false })).toEqual({
      refused: amountOverRefundMessage(11497 - 9000),
    })
  })
})

describe("planStoreRefund: by amount", () => {
  const payment = storePayment([[3499, 3]], 1000, 525)

  it("splits the amount between merchandise and shipping in the charge's proportions", () => {
    const p = plan(payment, { kind: "amount", amountCents: 2000 })
    // shipping round(2000 x 1000 / 11497) = 174; fee round(2000 x 525 / 11497) = 91.
    expect(p).toEqual({
      items: [],
      merchandiseCents: 1826,
      shippingCents: 174,
      amountCents: 2000,
      applicationFeeCents: 91,
      artistShareCents: 1909,
    })
  })

  it("refuses more than is left, with what is left", () => {
    expect(planStoreRefund(payment, { kind: "amount", amountCents: 11498 })).toEqual({ refused: amountOverRefundMessage(11497) })
    const after = applied(payment, plan(payment, { kind: "amount", amountCents: 11497 }))
    expect(planStoreRefund(after, { kind: "amount", amountCents: 1 })).toEqual({ refused: REFUND_MESSAGES.nothingLeft })
  })

  it("refuses zero or a fraction of a cent", () => {
    expect(planStoreRefund(payment, { kind: "amount", amountCents: 0 })).toEqual({ refused: REFUND_MESSAGES.nothingChosen })
    expect(planStoreRefund(payment, { kind: "amount", amountCents: 1.5 })).toEqual({ refused: REFUND_MESSAGES.nothingChosen })
  })
})

describe("planStoreRefund: refunds in pieces add up to the charge and the fee exactly", () => {
  it.each([
    [[[3499, 3]] as [number, number][], 1000, 525, [333, 1, 4000, 2500]],
    [[[1295, 7]] as [number, number][], 0, 91, [1, 1, 1, 5000]],
    [[[999, 1], [2500, 2]] as [number, number][], 795, 0, [1234, 17]],
    [[[101, 1]] as [number, number][], 0, 5, [33, 33]],
  ])("%j + shipping %i, fee %i, by amounts %j then the rest", (lines, shipping, fee, amounts) => {
    let payment = storePayment(lines, shipping, fee)
    let refunded = 0
    let feeBack = 0
    let artistBack = 0
    for (const amountCents of amounts) {
      const p = plan(payment, { kind: "amount", amountCents })
      expect(p.amountCents).toBe(p.merchandiseCents + p.shippingCents)
      expect(Number.isInteger(p.applicationFeeCents) && p.applicationFeeCents >= 0).toBe(true)
      payment = applied(payment, p)
      refunded += p.amountCents
      feeBack += p.applicationFeeCents
      artistBack += p.artistShareCents
    }
    const rest = plan(payment, { kind: "amount", amountCents: storePaymentChargeCents(payment) - refunded })
    payment = applied(payment, rest)
    expect(payment.refundedCents).toBe(storePaymentChargeCents(payment))
    expect(payment.refundedShippingCents).toBeLessThanOrEqual(shipping)
    expect(feeBack + rest.applicationFeeCents).toBe(fee)
    // The artist gives back exactly what the destination charge sent them: the charge less the fee.
    expect(artistBack + rest.artistShareCents).toBe(storePaymentChargeCents(payment) - fee)
    expect(planStoreRefund(payment, { kind: "amount", amountCents: 1 })).toEqual({ refused: REFUND_MESSAGES.nothingLeft })
  })

  it("every line and the shipping, one by one, return the whole fee", () => {
    let payment = storePayment([[3499, 2], [1000, 1]], 500, 299)
    const parts = [
      { kind: "items" as const, items: [{ id: "ordli_0", quantity: 1 }], includeShipping: false },
      { kind: "items" as const, items: [{ id: "ordli_1", quantity: 1 }], includeShipping: true },
      { kind: "items" as const, items: [{ id: "ordli_0", quantity: 1 }], includeShipping: false },
    ]
    let feeBack = 0
    for (const part of parts) {
      const p = plan(payment, part)
      feeBack += p.applicationFeeCents
      payment = applied(payment, p)
    }
    expect([payment.refundedCents, feeBack]).toEqual([3499 * 2 + 1000 + 500, 299])
  })
})

describe("applicationFeeRefundCents", () => {
  it("rounds the proportion half away from zero and never passes the fee left", () => {
    expect(applicationFeeRefundCents({ feeCents: 5, chargeCents: 100, refundedCents: 0, refundedFeeCents: 0, amountCents: 10 })).toBe(1)
    expect(applicationFeeRefundCents({ feeCents: 5, chargeCents: 100, refundedCents: 0, refundedFeeCents: 0, amountCents: 9 })).toBe(0)
    expect(applicationFeeRefundCents({ feeCents: 5, chargeCents: 100, refundedCents: 0, refundedFeeCents: 5, amountCents: 50 })).toBe(0)
    expect(applicationFeeRefundCents({ feeCents: 5, chargeCents: 100, refundedCents: 60, refundedFeeCents: 3, amountCents: 40 })).toBe(2)
    expect(applicationFeeRefundCents({ feeCents: 0, chargeCents: 100, refundedCents: 0, refundedFeeCents: 0, amountCents: 100 })).toBe(0)
  })
})

describe("state refusals", () => {
  it("a cancelled (out of stock) payment, an unpaid one", () => {
    const payment = storePayment([[1000, 1]], 0, 50)
    expect(planStoreRefund({ ...payment, status: "cancelled" }, { kind: "amount", amountCents: 1 })).toEqual({ refused: REFUND_MESSAGES.orderCancelled })
    expect(planStoreRefund({ ...payment, status: "pending" }, { kind: "amount", amountCents: 1 })).toEqual({ refused: REFUND_MESSAGES.orderNotPaid })
  })

  it("a payment whose dispute was lost, or is open, is refunded by neither items nor amount", () => {
    const payment = storePayment([[3499, 2]], 1000, 350)
    const byItems = { kind: "items" as const, items: [{ id: "ordli_0", quantity: 1 }], includeShipping: false }
    const byAmount = { kind: "amount" as const, amountCents: 100 }
    for (const request of [byItems, byAmount]) {
      expect(planStoreRefund({ ...payment, dispute: "lost" }, request)).toEqual({ refused: REFUND_MESSAGES.disputeLost })
      expect(planStoreRefund({ ...payment, dispute: "open" }, request)).toEqual({ refused: REFUND_MESSAGES.disputeOpen })
      // Lost after a partial refund: still refused, not "what is left" of the charge.
      const partly = { ...payment, refundedCents: 3499, refundedFeeCents: 153, dispute: "lost" as const }
      expect(planStoreRefund(partly, request)).toEqual({ refused: REFUND_MESSAGES.disputeLost })
    }
    // A dispute won (or an inquiry closed) leaves the payment refundable.
    expect("refused" in planStoreRefund({ ...payment, dispute: "none" }, byAmount)).toBe(false)
    expect([disputeRefusal("none"), disputeRefusal("open"), disputeRefusal("lost")]).toEqual([
      null,
      REFUND_MESSAGES.disputeOpen,
      REFUND_MESSAGES.disputeLost,
    ])
    // A cancelled payment keeps its own message whatever its disputes.
    expect(planStoreRefund({ ...payment, status: "cancelled", dispute: "lost" }, byAmount)).toEqual({ refused: REFUND_MESSAGES.orderCancelled })
  })

  it("keys the provider call by the record", () => {
    expect(storeRefundIdempotencyKey("sref_1")).toBe("refund-sref_1")
  })
})

describe("pickRefundItems (the lines of a refund by items, gallery and store alike)", () => {
  const items = [
    { id: "a", quantity: 2, refundedQuantity: 1, priceCents: 1000 },
    { id: "b", quantity: 3, refundedQuantity: 0, priceCents: 250 },
  ]

  it("takes each named line within what is left, with its merchandise", () => {
    expect(pickRefundItems(items, [{ id: "b", quantity: 2 }, { id: "a", quantity: 1 }])).toEqual({
      picked: [
        { item: items[1], quantity: 2 },
        { item: items[0], quantity: 1 },
      ],
      merchandiseCents: 1500,
    })
  })

  it("refuses, in the request's order: a repeated line, an unknown one, a quantity that is not whole, more than is left", () => {
    expect(pickRefundItems(items, [{ id: "b", quantity: 1 }, { id: "b", quantity: 1 }])).toEqual({ refused: REFUND_MESSAGES.duplicateItem })
    expect(pickRefundItems(items, [{ id: "z", quantity: 1 }])).toEqual({ refused: unknownItemMessage("z") })
    for (const quantity of [0, -1, 1.5]) {
      expect(pickRefundItems(items, [{ id: "b", quantity }])).toEqual({ refused: REFUND_MESSAGES.itemsInvalid })
    }
    expect(pickRefundItems(items, [{ id: "a", quantity: 2 }])).toEqual({ refused: itemOverRefundMessage("a", 1) })
    expect(pickRefundItems(items, [])).toEqual({ picked: [], merchandiseCents: 0 })
  })
})
