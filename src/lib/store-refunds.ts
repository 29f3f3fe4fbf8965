// Refund rules of artist-store orders (docs/refunds.md, "Store orders"): a store sale is one Stripe destination
// charge of the merchandise and the artist's shipping, the platform keeping an application fee. A refund gives the
// customer back part of that charge with ONE provider call that reverses the artist's transfer and returns the
// application fee in proportion; the artist gives back the amount less the returned fee. Pure functions on integer
// cents; the gallery module's SQL repeats every limit as a guard.
import { scaleCents } from "./money"
import {
  amountOverRefundMessage,
  disputeRefusal,
  type PaymentDisputeState,
  pickRefundItems,
  REFUND_MESSAGES,
  type RefundableItem,
  type RefundRefusal,
  type RefundRequest,
} from "./refunds"

/** A line of a store payment (its id is the Medusa order line's, `ordli_...`) with what was refunded of it. */
export type StoreRefundableLine = RefundableItem

/** A store payment as a refund sees it. */
export type RefundableStorePayment = {
  /** store_payment.status: only `paid` payments are refunded (`cancelled` was refunded in full out of stock). */
  status: string
  subtotalCents: number
  shippingCents: number
  /** The application fee the platform kept of the destination charge. */
  platformFeeCents: number
  refundedCents: number
  refundedShippingCents: number
  /** The application fee already returned by earlier refunds. */
  refundedFeeCents: number
  items: StoreRefundableLine[]
  /**
   * Its disputes: refunds are refused while one is open and after one was lost (storeRefundableStateRefusal). The
   * refund's read always states it (queries/store-refunds.ts); absent reads as `none` (e.g. a reconciliation's replay).
   */
  dispute?: PaymentDisputeState
}

/** One refunded line of a store refund by items. */
export type StoreRefundedItem = { line_id: string; quantity: number; unit_price_cents: number }

export type StoreRefundPlan = {
  items: StoreRefundedItem[]
  merchandiseCents: number
  shippingCents: number
  /** What the customer gets back: merchandise + shipping. */
  amountCents: number
  /** The application fee the platform returns with it (Stripe's `refund_application_fee`, in proportion). */
  applicationFeeCents: number
  /** What comes back from the artist's account (Stripe's proportional transfer reversal): amount − returned fee. */
  artistShareCents: number
}

/** What the shopper paid: the destination charge of the merchandise and the shipping. */
export function storePaymentChargeCents(payment: Pick<RefundableStorePayment, "subtotalCents" | "shippingCents">): number {
  return payment.subtotalCents + payment.shippingCents
}

/**
 * The application fee a refund of `amountCents` returns: round(fee x amount / charge) (half away from zero, exact),
 * never more than is left of the fee; the refund that leaves the charge refunded in full returns exactly the rest,
 * so the refunds of a charge return its whole fee and never a cent more.
 */
export function applicationFeeRefundCents(input: {
  feeCents: number
  chargeCents: number
  refundedCents: number
  refundedFeeCents: number
  amountCents: number
}): number {
  const feeLeft = Math.max(0, input.feeCents - input.refundedFeeCents)
  if (input.chargeCents <= 0 || input.amountCents <= 0) return 0
  if (input.refundedCents + input.amountCents >= input.chargeCents) return feeLeft
  return Math.min(scaleCents(input.amountCents, input.feeCents, input.chargeCents), feeLeft)
}

function refusal(message: string): RefundRefusal {
  return { refused: message }
}

/** Why the store payment cannot be refunded at all, or null. */
export function storeRefundableStateRefusal(payment: RefundableStorePayment): string | null {
  if (payment.status === "cancelled") return REFUND_MESSAGES.orderCancelled
  if (payment.status !== "paid") return REFUND_MESSAGES.orderNotPaid
  const disputed = disputeRefusal(payment.dispute ?? "none")
  if (disputed) return disputed
  if (payment.refundedCents >= storePaymentChargeCents(payment)) return REFUND_MESSAGES.nothingLeft
  return null
}

/**
 * The refund of `request` on a store payment, or why it is refused. By items: the lines' price x quantity (never more
 * of a line than was sold and not refunded yet) and, with `includeShipping`, the shipping not refunded yet. By amount:
 * the amount, its shipping part in the charge's proportion (never more than the shipping left). Never more than is
 * left of the charge. The returned application fee and the artist's part follow (applicationFeeRefundCents).
 */
export function planStoreRefund(payment: RefundableStorePayment, request: RefundRequest): StoreRefundPlan | RefundRefusal {
  const stateRefusal = storeRefundableStateRefusal(payment)
  if (stateRefusal) return refusal(stateRefusal)
  const chargeCents = storePaymentChargeCents(payment)
  const leftCents = chargeCents - payment.refundedCents
  const shippingLeft = Math.max(0, payment.shippingCents - payment.refundedShippingCents)

  let items: StoreRefundedItem[] = []
  let merchandiseCents: number
  let shippingCents: number
  if (request.kind === "items") {
    const chosen = pickRefundItems(payment.items, request.items)
    if ("refused" in chosen) return chosen
    items = chosen.picked.map(({ item, quantity }) => ({ line_id: item.id, quantity, unit_price_cents: item.priceCents }))
    merchandiseCents = chosen.merchandiseCents
    shippingCents = request.includeShipping ? shippingLeft : 0
    if (merchandiseCents + shippingCents <= 0) return refusal(REFUND_MESSAGES.nothingChosen)
    if (merchandiseCents + shippingCents > leftCents) return refusal(amountOverRefundMessage(leftCents))
  } else {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) return refusal(REFUND_MESSAGES.nothingChosen)
    if (request.amountCents > leftCents) return refusal(amountOverRefundMessage(leftCents))
    items = []
    shippingCents = Math.min(scaleCents(request.amountCents, payment.shippingCents, chargeCents), shippingLeft)
    merchandiseCents = request.amountCents - shippingCents
  }
  const amountCents = merchandiseCents + shippingCents
  const applicationFeeCents = applicationFeeRefundCents({
    feeCents: payment.platformFeeCents,
    chargeCents,
    refundedCents: payment.refundedCents,
    refundedFeeCents: payment.refundedFeeCents,
    amountCents,
  })
  return {
    items,
    merchandiseCents,
    shippingCents,
    amountCents,
    applicationFeeCents,
    artistShareCents: amountCents - applicationFeeCents,
  }
}

/** The provider idempotency key of a store refund record: one refund (with its reversal and fee refund) per record. */
export function storeRefundIdempotencyKey(refundId: string): string {
  return `refund-${refundId}`
}
