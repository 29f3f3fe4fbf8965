// Refund rules of gallery artist orders (docs/refunds.md): what a refund by items or by amount gives back to the
// customer, what comes back from the artist, and the refusals. Pure functions on integer cents; the workflow locks the
// gallery order, reads its state, plans here and records the plan in one transaction whose guards repeat the limits.
import {
  ARTIST_PAYOUT_BASIS_POINTS,
  GALLERY_COMMISSION_BASIS_POINTS,
  PROCESSING_FEE_BASIS_POINTS,
} from "./gallery-fees"
import { fromCents, percentOfCents, scaleCents } from "./money"

export const REFUND_MESSAGES = {
  reasonRequired: "Refund reason required",
  reasonTooLong: "Refund reason must be at most 500 characters",
  itemsOrAmount: "Choose items to refund or an amount, not both",
  nothingChosen: "Choose items, the shipping or an amount to refund",
  orderNotPaid: "Order is not paid",
  orderCancelled: "Order has been cancelled",
  nothingLeft: "This order has been refunded in full",
  duplicateItem: "Each item can be listed once",
  refundFailed: "The refund could not be recorded; nothing was refunded",
  ownersOnly: "Only an owner of the organization can refund an order",
  itemsInvalid: "Items must be a list of {id, quantity} with a whole quantity from 1 to 99",
  amountInvalid: "Amount must be a positive number of dollars with at most two decimals",
  includeShippingInvalid: "include_shipping must be true or false",
  cancelAfterRefund: "Order has refunds and cannot be cancelled: refund what is left instead",
  /** An order neither of the gallery nor of an artist's store checkout (e.g. imported from a marketplace channel). */
  notRefundable: "This order was not paid through Atelier and cannot be refunded here",
  providerRefundAdminsOnly: "Only an administrator can record a refund made in Stripe's dashboard",
  providerRefundInvalid: "provider_refund_id must be the id of a refund (re_...) of this order's payment",
  providerRefundGalleryOnly: "Refunds made in Stripe's dashboard are recorded on gallery orders only",
  /** A lost dispute: the card network gave the customer the money back and the artists' share was taken back. */
  disputeLost:
    "This payment was disputed and the dispute was lost: the customer's bank already gave them the money back and it was taken back from the artist, so there is nothing left to refund",
  /** An open dispute (or inquiry): Stripe refuses refunds of a disputed charge; its outcome decides. */
  disputeOpen:
    "This payment is disputed: it cannot be refunded while the dispute is open. If the dispute is won, the order can be refunded then",
} as const

/** Where a payment stands with disputes: `lost` (one closed lost), `open` (one not closed yet), or `none`. */
export type PaymentDisputeState = "none" | "open" | "lost"

/**
 * Why a payment with this dispute state cannot be refunded, or null (docs/refunds.md). Lost: the card network already
 * returned the disputed money to the customer and the dispute's reversal took it back from the artist, so a refund
 * would pay the customer twice and take from the artist again. Open: Stripe refuses to refund a disputed charge.
 */
export function disputeRefusal(dispute: PaymentDisputeState): string | null {
  if (dispute === "lost") return REFUND_MESSAGES.disputeLost
  if (dispute === "open") return REFUND_MESSAGES.disputeOpen
  return null
}

export function providerRefundNotFoundMessage(providerRefundId: string): string {
  return `Refund ${providerRefundId} was not made on this order's payment`
}

export function providerRefundOwnMessage(providerRefundId: string): string {
  return `Refund ${providerRefundId} was made by Atelier and is already recorded`
}

export function providerRefundExceededMessage(providerRefundId: string, leftCents: number): string {
  return `Only $${fromCents(leftCents).toFixed(2)} of refund ${providerRefundId} is left to record`
}

/** A refund made at the provider (its dashboard), as a record of it sees it. */
export type ProviderRefundAllocation = {
  providerRefundId: string
  /** What the provider refunded, and whether it went through (pending counts: Stripe may still complete it). */
  providerAmountCents: number
  providerStatus: string
  /** What records of it already hold, and whether Atelier made it (a refund record's or a cancellation's). */
  recordedCents: number
  madeByAtelier: boolean
  /** What this record would hold. */
  amountCents: number
}

/**
 * Why a refund made in the provider's dashboard cannot be recorded on an artist order (docs/refunds.md, "Refunds made
 * in Stripe's dashboard"), or null: it must be one Atelier did not make, not failed or cancelled, and its records
 * together never hold more than it refunded.
 */
export function providerRefundAllocationRefusal(input: ProviderRefundAllocation): string | null {
  if (input.madeByAtelier) return providerRefundOwnMessage(input.providerRefundId)
  if (input.providerStatus === "failed" || input.providerStatus === "canceled") {
    return providerRefundNotFoundMessage(input.providerRefundId)
  }
  const left = input.providerAmountCents - input.recordedCents
  if (input.amountCents > left) return providerRefundExceededMessage(input.providerRefundId, Math.max(0, left))
  return null
}

export function unknownItemMessage(itemId: string): string {
  return `Item ${itemId} is not part of this order`
}

export function itemOverRefundMessage(itemId: string, left: number): string {
  return `Cannot refund more than was paid: ${left} of item ${itemId} left to refund`
}

export function amountOverRefundMessage(leftCents: number): string {
  return `Cannot refund more than was paid: $${fromCents(leftCents).toFixed(2)} left to refund`
}

export const REFUND_REASON_MAX_LENGTH = 500

/** A line of an artist order (or of a store payment) as a refund sees it. */
export type RefundableItem = { id: string; quantity: number; refundedQuantity: number; priceCents: number }

/** The lines a refund by items takes, with the merchandise they come to. */
export type PickedRefundItems = { picked: { item: RefundableItem; quantity: number }[]; merchandiseCents: number }

/**
 * The lines a refund by items names (gallery artist orders and store payments alike): each named once, a line of the
 * order, a whole quantity of at least 1, never more than was sold and not refunded yet; with their merchandise
 * (price x quantity). Or why they are refused, the first refusal in the request's order.
 */
export function pickRefundItems(
  items: readonly RefundableItem[],
  wanted: readonly { id: string; quantity: number }[]
): PickedRefundItems | RefundRefusal {
  const seen = new Set<string>()
  const picked: PickedRefundItems["picked"] = []
  let merchandiseCents = 0
  for (const { id, quantity } of wanted) {
    if (seen.has(id)) return refusal(REFUND_MESSAGES.duplicateItem)
    seen.add(id)
    const item = items.find((candidate) => candidate.id === id)
    if (!item) return refusal(unknownItemMessage(id))
    if (!Number.isSafeInteger(quantity) || quantity < 1) return refusal(REFUND_MESSAGES.itemsInvalid)
    const left = item.quantity - item.refundedQuantity
    if (quantity > left) return refusal(itemOverRefundMessage(id, left))
    picked.push({ item, quantity })
    merchandiseCents += item.priceCents * quantity
  }
  return { picked, merchandiseCents }
}

/** An artist order with what was refunded of it so far, and what is left of its gallery order's charge. */
export type RefundableArtistOrder = {
  status: string
  galleryOrderStatus: string
  subtotalCents: number
  shippingCents: number
  payoutCents: number
  refundedCents: number
  refundedShippingCents: number
  refundedShareCents: number
  items: RefundableItem[]
  /** The gallery order's charge and everything refunded of it (every artist order). */
  galleryTotalCents: number
  /** Its gallery order's disputes (refunds are refused while one is open and after one was lost); absent: none. */
  dispute?: PaymentDisputeState
  galleryRefundedCents: number
  /** Whether every other artist order of the gallery order has been refunded in full. */
  othersFullyRefunded: boolean
}

export type RefundRequest =
  | { kind: "items"; items: { id: string; quantity: number }[]; includeShipping: boolean }
  | { kind: "amount"; amountCents: number }

export type RefundPlan = {
  items: { artist_order_item_id: string; quantity: number; unit_price_cents: number }[]
  merchandiseCents: number
  shippingCents: number
  galleryFeeCents: number
  processingFeeCents: number
  amountCents: number
  artistShareCents: number
}

export type RefundRefusal = { refused: string }

/**
 * What the customer paid for this artist order: its merchandise and shipping, the buyer's gallery fee on the
 * merchandise and the processing fee on those (the fixed 30 c belongs to the whole gallery order).
 */
export function artistOrderChargeCents(order: Pick<RefundableArtistOrder, "subtotalCents" | "shippingCents">): number {
  const fee = percentOfCents(order.subtotalCents, GALLERY_COMMISSION_BASIS_POINTS)
  const base = order.subtotalCents + order.shippingCents + fee
  return base + percentOfCents(base, PROCESSING_FEE_BASIS_POINTS)
}

function refusal(message: string): RefundRefusal {
  return { refused: message }
}

/** Why the order cannot be refunded at all, or null. */
export function refundableStateRefusal(order: RefundableArtistOrder): string | null {
  if (order.galleryOrderStatus === "cancelled") return REFUND_MESSAGES.orderCancelled
  if (order.status === "pending") return REFUND_MESSAGES.orderNotPaid
  const disputed = disputeRefusal(order.dispute ?? "none")
  if (disputed) return disputed
  if (order.refundedCents >= artistOrderChargeCents(order)) return REFUND_MESSAGES.nothingLeft
  return null
}

/**
 * The refund of `request` on `order`, or why it is refused. By items: the merchandise, the shipping not yet refunded
 * when asked, the buyer's gallery fee on the merchandise and the processing fee on those; the artist gives back 88 %
 * of the merchandise and the shipping. By amount: the amount, split in the proportions of the artist order's charge.
 * Never more than is left of the artist order's charge, of its payout, or of the gallery order's charge; the refund
 * that leaves the whole gallery order refunded also returns what belongs to no artist order (the fixed processing
 * fee and rounding), so a gallery order refunded in full gave back exactly its charge.
 */
export function planRefund(order: RefundableArtistOrder, request: RefundRequest): RefundPlan | RefundRefusal {
  const stateRefusal = refundableStateRefusal(order)
  if (stateRefusal) return refusal(stateRefusal)
  const chargeCents = artistOrderChargeCents(order)
  const leftOfOrder = chargeCents - order.refundedCents
  const leftOfGallery = order.galleryTotalCents - order.galleryRefundedCents
  const leftOfShare = Math.max(0, order.payoutCents - order.refundedShareCents)

  let plan: RefundPlan
  if (request.kind === "items") {
    const chosen = pickRefundItems(order.items, request.items)
    if ("refused" in chosen) return chosen
    const { merchandiseCents } = chosen
    const items: RefundPlan["items"] = chosen.picked.map(({ item, quantity }) => ({
      artist_order_item_id: item.id,
      quantity,
      unit_price_cents: item.priceCents,
    }))
    const shippingCents = request.includeShipping ? order.shippingCents - order.refundedShippingCents : 0
    if (merchandiseCents + shippingCents <= 0) return refusal(REFUND_MESSAGES.nothingChosen)
    const galleryFeeCents = percentOfCents(merchandiseCents, GALLERY_COMMISSION_BASIS_POINTS)
    const processingFeeCents = percentOfCents(merchandiseCents + shippingCents + galleryFeeCents, PROCESSING_FEE_BASIS_POINTS)
    plan = {
      items,
      merchandiseCents,
      shippingCents,
      galleryFeeCents,
      processingFeeCents,
      amountCents: merchandiseCents + shippingCents + galleryFeeCents + processingFeeCents,
      artistShareCents: percentOfCents(merchandiseCents, ARTIST_PAYOUT_BASIS_POINTS) + shippingCents,
    }
    // Rounded per refund, the parts may pass what is left by a cent: the last refund takes what is left.
    if (plan.amountCents > leftOfOrder) plan = { ...plan, processingFeeCents: plan.processingFeeCents - (plan.amountCents - leftOfOrder), amountCents: leftOfOrder }
  } else {
    const limit = Math.min(leftOfOrder, leftOfGallery)
    if (request.amountCents <= 0) return refusal(REFUND_MESSAGES.nothingChosen)
    if (request.amountCents > limit) return refusal(amountOverRefundMessage(limit))
    const amountCents = request.amountCents
    const merchandiseCents = scaleCents(amountCents, order.subtotalCents, chargeCents)
    const shippingCents = Math.min(
      scaleCents(amountCents, order.shippingCents, chargeCents),
      order.shippingCents - order.refundedShippingCents
    )
    const galleryFeeCents = scaleCents(
      amountCents,
      percentOfCents(order.subtotalCents, GALLERY_COMMISSION_BASIS_POINTS),
      chargeCents
    )
    plan = {
      items: [],
      merchandiseCents,
      shippingCents,
      galleryFeeCents,
      processingFeeCents: amountCents - merchandiseCents - shippingCents - galleryFeeCents,
      amountCents,
      artistShareCents: percentOfCents(merchandiseCents, ARTIST_PAYOUT_BASIS_POINTS) + shippingCents,
    }
  }
  if (plan.processingFeeCents < 0) {
    plan = { ...plan, galleryFeeCents: plan.galleryFeeCents + plan.processingFeeCents, processingFeeCents: 0 }
  }
  if (plan.amountCents > leftOfGallery) return refusal(amountOverRefundMessage(leftOfGallery))

  // The refund that completes the whole gallery order's refund returns what belongs to no artist order.
  const completesOrder = order.othersFullyRefunded && order.refundedCents + plan.amountCents === chargeCents
  if (completesOrder && leftOfGallery !== plan.amountCents) {
    const restCents = leftOfGallery - plan.amountCents
    plan = { ...plan, processingFeeCents: Math.max(0, plan.processingFeeCents + restCents), amountCents: leftOfGallery }
  }
  return { ...plan, artistShareCents: Math.min(plan.artistShareCents, leftOfShare) }
}

/** Whether, after `refundedCents` in all, the artist order has been refunded in full. */
export function isFullyRefunded(order: Pick<RefundableArtistOrder, "subtotalCents" | "shippingCents">, refundedCents: number): boolean {
  return refundedCents >= artistOrderChargeCents(order)
}

/** The provider idempotency keys of a refund record: the customer's refund and the reversal of the artist's share. */
export function refundIdempotencyKey(refundId: string): string {
  return `refund-${refundId}`
}

export function refundReversalIdempotencyKey(refundId: string): string {
  return `refund-reversal-${refundId}`
}
