/**
 * How the order book records that an order was paid (docs/order-book.md, "Payments"): every gallery mirror and every
 * store checkout order carries a Medusa payment collection with a payment of Medusa's system provider
 * (`pp_system_default`), captured in full — the records Medusa's own "Mark as paid" (markPaymentCollectionAsPaid)
 * makes for a payment taken elsewhere: here at Stripe, through Atelier — so that Medusa's admin shows it captured with
 * nothing outstanding. Pure rules: the records' ids and what a run still has to write for one order.
 */
import { fromCents, toCents } from "./money"

/** Medusa's system payment provider: records a payment without moving money (the money moved at Stripe). */
export const SYSTEM_PAYMENT_PROVIDER_ID = "pp_system_default"

/** The ids of an order's payment records. */
export type OrderPaymentIds = { collectionId: string; sessionId: string; paymentId: string; captureId: string }

/**
 * The ids of the records of an order's payment, derived from the order's (`order_X` -> `pay_col_X`, `payses_X`,
 * `pay_X`, `capt_X`, Medusa's own prefixes): chosen here, so a run that died half-way finds what it wrote by primary
 * key and never writes a second collection, payment or capture.
 */
export function orderPaymentIds(orderId: string): OrderPaymentIds {
  const suffix = orderId.slice(orderId.indexOf("_") + 1)
  return { collectionId: `pay_col_${suffix}`, sessionId: `payses_${suffix}`, paymentId: `pay_${suffix}`, captureId: `capt_${suffix}` }
}

/** What exists of one order's payment records in Medusa (amounts in Medusa's major units, as read). */
export type OrderPaymentState = {
  order_id: string
  currency_code: string
  /** The order's total (items + shipping + tax), as the order book computes it. */
  total: string | number
  /** The order's positive transactions (captures; refunds are negative): what Medusa counts as paid. */
  transacted: string | number
  /** The collection (null: none yet), whether it is complete (captured in full) and linked to the order. */
  collection_amount: string | number | null
  collection_completed: boolean
  linked: boolean
  session_exists: boolean
  payment_exists: boolean
  /** The capture's amount (null: none yet), and the refunds of the payment. */
  captured: string | number | null
  refunded: string | number
  /** A credit line of the order references the collection (Medusa's cancellation credits the refund so). */
  credited: boolean
  /** Another collection of the order is captured in full (say, marked paid in Medusa's admin): nothing to record. */
  paid_elsewhere: boolean
}

/** What is left to write for one order (amounts in major units). */
export type OrderPaymentPlan = OrderPaymentIds & {
  orderId: string
  currencyCode: string
  /** The collection's amount: the order's total when it is created. */
  amount: number
  createCollection: boolean
  /** Link it to the order (Medusa's order <-> payment collection link). */
  link: boolean
  /** The system provider's session, authorized; its payment, captured; the capture of the whole amount. */
  createSession: boolean
  createPayment: boolean
  createCapture: boolean
  /** The collection's figures once captured (status completed), as Medusa computes them after a capture. */
  completeCollection: boolean
  /**
   * Cents of the capture the order's transactions do not show yet: one order transaction of that amount, referencing
   * the capture (`reference: "capture"`, as Medusa's capture workflow writes it). A store order was created with its
   * transaction (docs/store-checkout.md), so its capture adds none.
   */
  transactionCents: number
}

const cents = (value: string | number | null | undefined) => toCents(Number(value ?? 0))

/**
 * What a run has to write so that the order reads as paid in Medusa, given what exists; null when nothing is missing.
 * Records are written in this order — collection, link, session, payment, capture, the collection's completion, the
 * order transaction — so what exists is always a prefix, and the next run writes the rest. A zero total needs only the
 * collection (Medusa reads a zero collection as captured; it refuses a zero capture).
 */
export function orderPaymentPlan(state: OrderPaymentState): OrderPaymentPlan | null {
  const exists = state.collection_amount !== null
  if (!exists && state.paid_elsewhere) return null
  const amountCents = exists ? cents(state.collection_amount) : cents(state.total)
  const pays = amountCents > 0
  const captureExists = state.captured !== null
  // Once this run is done, the capture holds the whole amount; the transactions must show that much.
  const capturedCents = captureExists ? cents(state.captured) : pays ? amountCents : 0
  const plan: OrderPaymentPlan = {
    ...orderPaymentIds(state.order_id),
    orderId: state.order_id,
    currencyCode: state.currency_code,
    amount: fromCents(amountCents),
    createCollection: !exists,
    link: !state.linked,
    createSession: pays && !state.session_exists,
    createPayment: pays && !state.payment_exists,
    createCapture: pays && !captureExists,
    completeCollection: !state.collection_completed,
    transactionCents: Math.max(0, capturedCents - cents(state.transacted)),
  }
  const missing =
    plan.createCollection || plan.link || plan.createSession || plan.createPayment || plan.createCapture || plan.completeCollection
  return missing || plan.transactionCents > 0 ? plan : null
}

/** The captured amount no refund covers yet (major units; 0 when all of it was refunded). */
export function unrefundedAmount(input: { captured: string | number | null; refunded: string | number }): number {
  return fromCents(Math.max(0, cents(input.captured) - cents(input.refunded)))
}

/**
 * What recording the refund of a cancelled order's captured payment still takes, as Medusa's own cancellation records
 * it: the refund of what no refund covers yet, and a credit line of the refunded amount (so the cancelled order owes
 * nothing: no outstanding amount). Null when nothing is missing or nothing was captured.
 */
export function cancelledOrderRefundPlan(
  state: OrderPaymentState
): { orderId: string; collectionId: string; paymentId: string; refund: number; credit: number } | null {
  if (!state.payment_exists || cents(state.captured) <= 0) return null
  const refund = unrefundedAmount(state)
  const credit = state.credited ? 0 : fromCents(cents(state.captured))
  if (refund <= 0 && credit <= 0) return null
  const { collectionId, paymentId } = orderPaymentIds(state.order_id)
  return { orderId: state.order_id, collectionId, paymentId, refund, credit }
}

/**
 * How much of `refundedGoodsCents` (what the gallery refunded of a mirror's merchandise and shipping) Medusa's records
 * still lack, in major units: never more than the capture leaves unrefunded; 0 without a recorded payment.
 */
export function refundsStillToRecord(state: OrderPaymentState, refundedGoodsCents: number): number {
  if (!state.payment_exists || cents(state.captured) <= 0) return 0
  const target = Math.min(refundedGoodsCents, cents(state.captured))
  return fromCents(Math.max(0, target - cents(state.refunded)))
}
