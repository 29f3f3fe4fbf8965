// Gallery fulfilment rules (spec 3 "Artist order statuses", 4.8; docs/architecture.md "Decisions"):
// artist order list limits, which ship / status change / cancellation is allowed, and the messages.
// Pure functions: no I/O, no framework imports; routes and workflow steps turn refusals into HTTP errors.
import {
  canTransitionArtistOrder,
  isArtistOrderShipped,
  type ArtistOrderStatus,
  type GalleryOrderStatus,
} from "./gallery-order-status"

/** Messages of the artist order and cancellation routes (the spec's strings where it has them). */
export const FULFILMENT_MESSAGES = {
  // spec 4.8
  organizationRequired: "Organization ID required",
  trackingNumberRequired: "Tracking number required",
  orderNotFound: "Order not found",
  orderAlreadyShipped: "Order already shipped",
  forbidden: "You do not have access to this order",
  // decisions
  orderNotPaid: "Order is not paid",
  orderCancelled: "Order has been cancelled",
  trackingNumberTooLong: "Tracking number must be at most 100 characters",
  carrierInvalid: "Carrier must be a string of at most 500 characters",
  statusRequired: "Status required: processing or delivered",
  invalidListStatus: "Invalid status: use paid, processing, shipped or delivered",
  invalidLimit: "Limit must be a whole number of at least 1",
  invalidOffset: "Offset must be a whole number of at least 0",
  cancelAfterShipment: "Order cannot be cancelled after shipment",
  refundFailed: "Failed to refund the payment",
  reversalFailed: "Failed to reverse one or more artist transfers",
} as const

/** `Cannot move order from X to Y`: a status change the artist order's lifecycle does not allow. */
export function cannotMoveMessage(from: string, to: string): string {
  return `Cannot move order from ${from} to ${to}`
}

// ------------------------------------------------------------------------------------------------------------
// GET /api/gallery/artist/orders

/** Statuses an artist can list by (spec 4.8): an artist only ever sees orders that have been paid. */
export const ARTIST_LIST_STATUSES = ["paid", "processing", "shipped", "delivered"] as const
export type ArtistListStatus = (typeof ARTIST_LIST_STATUSES)[number]

export const ARTIST_ORDERS_DEFAULT_LIMIT = 50
export const ARTIST_ORDERS_MAX_LIMIT = 100

/** `{total, limit, offset, hasMore}` of a page of `pageLength` rows. */
export function paginationOf(total: number, limit: number, offset: number, pageLength: number) {
  return { total, limit, offset, hasMore: offset + pageLength < total }
}

// ------------------------------------------------------------------------------------------------------------
// POST /api/gallery/artist/orders/{id}/ship

export const TRACKING_NUMBER_MAX_LENGTH = 100
export const CARRIER_MAX_LENGTH = 500

/**
 * Why this artist order cannot ship now, or null when it can: already shipped (or delivered) first — the spec's
 * error for a second ship — then a cancelled parent, then an unpaid one. Ships from paid or processing.
 */
export function shipRefusal(artistStatus: ArtistOrderStatus, parentStatus: GalleryOrderStatus): string | null {
  if (isArtistOrderShipped(artistStatus)) return FULFILMENT_MESSAGES.orderAlreadyShipped
  if (parentStatus === "cancelled") return FULFILMENT_MESSAGES.orderCancelled
  if (parentStatus === "pending" || !canTransitionArtistOrder(artistStatus, "shipped")) {
    return FULFILMENT_MESSAGES.orderNotPaid
  }
  return null
}

// ------------------------------------------------------------------------------------------------------------
// POST /api/gallery/artist/orders/{id}/status

/** What an artist may set by hand: paid -> processing and shipped -> delivered (shipping has its own route). */
export const ARTIST_SETTABLE_STATUSES = ["processing", "delivered"] as const
export type ArtistSettableStatus = (typeof ARTIST_SETTABLE_STATUSES)[number]

export function isArtistSettableStatus(value: string): value is ArtistSettableStatus {
  return (ARTIST_SETTABLE_STATUSES as readonly string[]).includes(value)
}

/**
 * Why the artist order cannot move to `target`, or null when it can: a cancelled parent, then any move other than
 * paid -> processing and shipped -> delivered (`Cannot move order from X to Y`).
 */
export function statusChangeRefusal(
  artistStatus: ArtistOrderStatus,
  parentStatus: GalleryOrderStatus,
  target: string
): string | null {
  if (parentStatus === "cancelled") return FULFILMENT_MESSAGES.orderCancelled
  if (!isArtistSettableStatus(target) || !canTransitionArtistOrder(artistStatus, target)) {
    return cannotMoveMessage(artistStatus, target)
  }
  return null
}

// ------------------------------------------------------------------------------------------------------------
// POST /api/admin/gallery-orders/{id}/cancel

/** Parent statuses from which an order can be cancelled: before any shipment. */
export const CANCELLABLE_ORDER_STATUSES: readonly GalleryOrderStatus[] = ["pending", "paid", "processing"]

export type CancelDecision = "cancel" | "already_cancelled" | "after_shipment"

/**
 * Whether an order can be cancelled: already cancelled (idempotent, nothing repeated); refused once any artist order
 * has shipped or delivered (or the parent says so); otherwise pending, paid and processing orders are cancelled.
 */
export function cancelDecision(
  parentStatus: GalleryOrderStatus,
  artistStatuses: readonly ArtistOrderStatus[]
): CancelDecision {
  if (parentStatus === "cancelled") return "already_cancelled"
  if (artistStatuses.some(isArtistOrderShipped) || !CANCELLABLE_ORDER_STATUSES.includes(parentStatus)) {
    return "after_shipment"
  }
  return "cancel"
}

// ------------------------------------------------------------------------------------------------------------
// Idempotency keys of the cancellation's money movements (one refund per order, one reversal per payout).

export function cancellationRefundIdempotencyKey(orderId: string): string {
  return `gallery-cancel-refund-${orderId}`
}

export function payoutReversalIdempotencyKey(payoutId: string): string {
  return `gallery-payout-reversal-${payoutId}`
}
