// Gallery order statuses and the rules that derive the parent status from its artist orders (spec part 3).

export const ARTIST_ORDER_STATUSES = ["pending", "paid", "processing", "shipped", "delivered"] as const
export type ArtistOrderStatus = (typeof ARTIST_ORDER_STATUSES)[number]

export const GALLERY_ORDER_STATUSES = [
  "pending",
  "paid",
  "processing",
  "partially_shipped",
  "shipped",
  "delivered",
  "cancelled",
] as const
export type GalleryOrderStatus = (typeof GALLERY_ORDER_STATUSES)[number]

export function isArtistOrderStatus(value: unknown): value is ArtistOrderStatus {
  return typeof value === "string" && (ARTIST_ORDER_STATUSES as readonly string[]).includes(value)
}

export function isGalleryOrderStatus(value: unknown): value is GalleryOrderStatus {
  return typeof value === "string" && (GALLERY_ORDER_STATUSES as readonly string[]).includes(value)
}

/** Shipped or later: shipping again is refused with "Order already shipped". */
export function isArtistOrderShipped(status: ArtistOrderStatus): boolean {
  return status === "shipped" || status === "delivered"
}

// An empty list is treated as "nothing shipped" (paid) rather than vacuously "all shipped";
// a parent order always has at least one artist order, so this only guards against misuse.

/** Rule A, applied when an artist ships: all shipped/delivered -> shipped; some -> partially_shipped; else paid. */
export function parentStatusOnShip(
  artistStatuses: readonly ArtistOrderStatus[]
): "shipped" | "partially_shipped" | "paid" {
  if (artistStatuses.length === 0) return "paid"
  if (artistStatuses.every(isArtistOrderShipped)) return "shipped"
  if (artistStatuses.some(isArtistOrderShipped)) return "partially_shipped"
  return "paid"
}

/**
 * Rule B, applied when an order is viewed: all delivered -> delivered; all shipped/delivered -> shipped;
 * any shipped/delivered -> partially_shipped; any processing -> processing; else paid.
 */
export function derivedParentStatus(
  artistStatuses: readonly ArtistOrderStatus[]
): "delivered" | "shipped" | "partially_shipped" | "processing" | "paid" {
  if (artistStatuses.length === 0) return "paid"
  if (artistStatuses.every((status) => status === "delivered")) return "delivered"
  if (artistStatuses.every(isArtistOrderShipped)) return "shipped"
  if (artistStatuses.some(isArtistOrderShipped)) return "partially_shipped"
  if (artistStatuses.some((status) => status === "processing")) return "processing"
  return "paid"
}

/**
 * Status shown for a parent order. `pending` (payment not yet succeeded) and `cancelled` are stored facts that
 * the artist orders cannot express, so derivation must not turn them into `paid`; every other status is rule B.
 */
export function viewStatus(
  storedParentStatus: GalleryOrderStatus,
  artistStatuses: readonly ArtistOrderStatus[]
): GalleryOrderStatus {
  if (storedParentStatus === "pending" || storedParentStatus === "cancelled") return storedParentStatus
  return derivedParentStatus(artistStatuses)
}

/** Allowed artist order transitions. Shipping is allowed from paid or processing (never before payment). */
export const ARTIST_ORDER_TRANSITIONS: Readonly<Record<ArtistOrderStatus, readonly ArtistOrderStatus[]>> = {
  pending: ["paid"],
  paid: ["processing", "shipped"],
  processing: ["shipped"],
  shipped: ["delivered"],
  delivered: [],
}

export function canTransitionArtistOrder(from: ArtistOrderStatus, to: ArtistOrderStatus): boolean {
  return ARTIST_ORDER_TRANSITIONS[from].includes(to)
}
