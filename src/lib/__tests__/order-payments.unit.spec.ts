import {
  cancelledOrderRefundPlan,
  orderPaymentIds,
  orderPaymentPlan,
  unrefundedAmount,
  type OrderPaymentState,
} from "../order-payments"

const state = (over: Partial<OrderPaymentState> = {}): OrderPaymentState => ({
  order_id: "order_01ABC",
  currency_code: "usd",
  total: "69.98",
  transacted: 0,
  collection_amount: null,
  collection_completed: false,
  linked: false,
  session_exists: false,
  payment_exists: false,
  captured: null,
  refunded: 0,
  credited: false,
  paid_elsewhere: false,
  ...over,
})

/** Everything a run writes, in its order: after each, what exists is a prefix. */
const written = {
  collection: { collection_amount: "69.98" },
  link: { linked: true },
  session: { session_exists: true },
  payment: { payment_exists: true },
  capture: { captured: "69.98" },
  completion: { collection_completed: true },
  transaction: { transacted: "69.98" },
}

describe("order book payment records", () => {
  it("derives the records' ids from the order's, with Medusa's prefixes, the same every time", () => {
    expect(orderPaymentIds("order_01ABC")).toEqual({
      collectionId: "pay_col_01ABC",
      sessionId: "payses_01ABC",
      paymentId: "pay_01ABC",
      captureId: "capt_01ABC",
    })
    expect(orderPaymentIds("order_01ABD").collectionId).not.toBe(orderPaymentIds("order_01ABC").collectionId)
  })

  it("plans every record for a mirror without any: collection, link, session, payment, capture, completion, transaction", () => {
    expect(orderPaymentPlan(state())).toEqual({
      ...orderPaymentIds("order_01ABC"),
      orderId: "order_01ABC",
      currencyCode: "usd",
      amount: 69.98,
      createCollection: true,
      link: true,
      createSession: true,
      createPayment: true,
      createCapture: true,
      completeCollection: true,
      transactionCents: 6998,
    })
  })

  it("adds no transaction for a store order created with its captured transaction", () => {
    expect(orderPaymentPlan(state({ transacted: "69.98" }))).toMatchObject({ createCapture: true, transactionCents: 0 })
  })

  it("finishes what a run that died half-way wrote, whatever prefix of the records exists", () => {
    const steps = Object.values(written)
    for (let done = 1; done < steps.length; done++) {
      const plan = orderPaymentPlan(state(Object.assign({}, ...steps.slice(0, done))))
      expect(plan).not.toBeNull()
      const flags = [
        plan!.createCollection,
        plan!.link,
        plan!.createSession,
        plan!.createPayment,
        plan!.createCapture,
        plan!.completeCollection,
        plan!.transactionCents > 0,
      ]
      // What was written is not written again; everything after it is.
      expect(flags).toEqual(steps.map((_, i) => i >= done))
      expect(plan!.amount).toBe(69.98)
    }
  })

  it("plans nothing once the order reads as paid, also after a refund, and never a second capture", () => {
    const all = Object.assign({}, ...Object.values(written))
    expect(orderPaymentPlan(state(all))).toBeNull()
    expect(orderPaymentPlan(state({ ...all, refunded: "69.98", credited: true }))).toBeNull()
    // The collection's amount is what is captured, even if the order's total moved since.
    expect(orderPaymentPlan(state({ ...all, total: "80" }))).toBeNull()
  })

  it("records nothing for an order another collection already paid (say, marked paid in Medusa's admin)", () => {
    expect(orderPaymentPlan(state({ paid_elsewhere: true }))).toBeNull()
    // Ours exists already: it is finished, not abandoned.
    expect(orderPaymentPlan(state({ paid_elsewhere: true, collection_amount: "69.98" }))).toMatchObject({ link: true, createCapture: true })
  })

  it("a zero total needs only its collection, completed (Medusa reads it as captured and refuses a zero capture)", () => {
    expect(orderPaymentPlan(state({ total: 0 }))).toMatchObject({
      createCollection: true,
      link: true,
      createSession: false,
      createPayment: false,
      createCapture: false,
      completeCollection: true,
      transactionCents: 0,
    })
    expect(orderPaymentPlan(state({ total: 0, collection_amount: 0, linked: true, collection_completed: true }))).toBeNull()
  })

  it("counts in cents: no float noise in what is captured or transacted", () => {
    expect(orderPaymentPlan(state({ total: 0.1 + 0.2 }))).toMatchObject({ amount: 0.3, transactionCents: 30 })
    expect(unrefundedAmount({ captured: "69.98", refunded: "20.01" })).toBe(49.97)
    expect(unrefundedAmount({ captured: "69.98", refunded: "69.98" })).toBe(0)
    expect(unrefundedAmount({ captured: null, refunded: 0 })).toBe(0)
  })

  it("records a cancelled order's refund as Medusa's cancellation would: the refund, then its credit line, each once", () => {
    const paid = { ...written.collection, ...written.link, ...written.session, ...written.payment, captured: "12.95" }
    expect(cancelledOrderRefundPlan(state(paid))).toEqual({
      orderId: "order_01ABC",
      collectionId: "pay_col_01ABC",
      paymentId: "pay_01ABC",
      refund: 12.95,
      credit: 12.95,
    })
    // Refunded by a run that died before the credit line: only the credit line is left.
    expect(cancelledOrderRefundPlan(state({ ...paid, refunded: "12.95" }))).toMatchObject({ refund: 0, credit: 12.95 })
    // Medusa's own cancellation refunded and credited it: nothing.
    expect(cancelledOrderRefundPlan(state({ ...paid, refunded: "12.95", credited: true }))).toBeNull()
    // Nothing captured: nothing to refund.
    expect(cancelledOrderRefundPlan(state())).toBeNull()
    expect(cancelledOrderRefundPlan(state({ ...paid, captured: null }))).toBeNull()
  })
})
