// Gallery fulfilment rules (spec 3 "Artist order statuses", 4.8; docs/architecture.md "Decisions"):
// artist order list parameters, which ship / status change / cancellation is allowed, and the messages.
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

export type ArtistOrdersListParams = { status: ArtistListStatus | null; limit: number; offset: number }

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string }

function firstValue(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value
}

function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "")
}

/** A whole number from a query string value ("20", " 20 ") or a number; null otherwise ("2.5", "abc", "1e2"). */
function wholeNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null
  if (typeof value !== "string") return null
  const text = value.trim()
  if (!/^-?[0-9]+$/.test(text)) return null
  const n = Number(text)
  return Number.isSafeInteger(n) ? n : null
}

/**
 * Query of the artist order list: `status` one of paid|processing|shipped|delivered (absent or blank: all of them),
 * `limit` default 50, capped to 100 (a larger value is served as 100, the way the spec's limits read: "max 100"),
 * at least 1; `offset` default 0. A repeated parameter uses its first value.
 */
export function parseArtistOrdersListQuery(query: Record<string, unknown>): Parsed<ArtistOrdersListParams> {
  const rawStatus = firstValue(query.status)
  let status: ArtistListStatus | null = null
  if (!blank(rawStatus)) {
    const wanted = typeof rawStatus === "string" ? rawStatus.trim().toLowerCase() : ""
    if (!(ARTIST_LIST_STATUSES as readonly string[]).includes(wanted)) {
      return { ok: false, message: FULFILMENT_MESSAGES.invalidListStatus }
    }
    status = wanted as ArtistListStatus
  }

  let limit = ARTIST_ORDERS_DEFAULT_LIMIT
  const rawLimit = firstValue(query.limit)
  if (!blank(rawLimit)) {
    const n = wholeNumber(rawLimit)
    if (n === null || n < 1) return { ok: false, message: FULFILMENT_MESSAGES.invalidLimit }
    limit = Math.min(n, ARTIST_ORDERS_MAX_LIMIT)
  }

  let offset = 0
  const rawOffset = firstValue(query.offset)
  if (!blank(rawOffset)) {
    const n = wholeNumber(rawOffset)
    if (n === null || n < 0) return { ok: false, message: FULFILMENT_MESSAGES.invalidOffset }
    offset = n
  }
  return { ok: true, value: { status, limit, offset } }
}

/** `{total, limit, offset, hasMore}` of a page of `pageLength` rows. */
export function paginationOf(total: number, limit: number, offset: number, pageLength: number) {
  return { total, limit, offset, hasMore: offset + pageLength < total }
}

// ------------------------------------------------------------------------------------------------------------
// POST /api/gallery/artist/orders/{id}/ship

export const TRACKING_NUMBER_MAX_LENGTH = 100
export const CARRIER_MAX_LENGTH = 500

export type ShipRequest = { trackingNumber: string; carrier: string | null }

/**
 * `{trackingNumber (required), carrier?}`: the tracking number trimmed (a number, e.g. 1234, is accepted as its
 * digits); the carrier trimmed, blank meaning none (the URL is then derived from the number).
 */
export function parseShipRequest(body: unknown): Parsed<ShipRequest> {
  const record = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  const rawNumber = record.trackingNumber
  const trackingNumber =
    typeof rawNumber === "string"
      ? rawNumber.trim()
      : typeof rawNumber === "number" && Number.isSafeInteger(rawNumber) && rawNumber >= 0
        ? String(rawNumber)
        : ""
  if (!trackingNumber) return { ok: false, message: FULFILMENT_MESSAGES.trackingNumberRequired }
  if (trackingNumber.length > TRACKING_NUMBER_MAX_LENGTH) {
    return { ok: false, message: FULFILMENT_MESSAGES.trackingNumberTooLong }
  }
  const rawCarrier = record.carrier
  if (rawCarrier !== undefined && rawCarrier !== null && typeof rawCarrier !== "string") {
    return { ok: false, message: FULFILMENT_MESSAGES.carrierInvalid }
  }
  const carrier = typeof rawCarrier === "string" && rawCarrier.trim() ? rawCarrier.trim() : null
  if (carrier && carrier.length > CARRIER_MAX_LENGTH) return { ok: false, message: FULFILMENT_MESSAGES.carrierInvalid }
  return { ok: true, value: { trackingNumber, carrier } }
}

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

/** `{status}`: processing or delivered (case-insensitive). Any other value is refused as a move to that value. */
export function parseStatusRequest(body: unknown): Parsed<{ status: string }> {
  const record = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  const status = typeof record.status === "string" ? record.status.trim().toLowerCase() : ""
  if (!status) return { ok: false, message: FULFILMENT_MESSAGES.statusRequired }
  return { ok: true, value: { status } }
}

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
