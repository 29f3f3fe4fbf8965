/**
 * The one order book (docs/order-book.md): every paid gallery artist order is mirrored as a Medusa order in its
 * organization's sales channel; store orders are Medusa orders from the start. Pure rules: the mirror's metadata,
 * the address mapping, and the status vocabulary of the dashboard order routes.
 */
import type { ArtistOrderStatus, GalleryOrderStatus } from "./gallery-order-status"

/** metadata.source of a Medusa order mirrored from a gallery artist order. */
export const GALLERY_ORDER_SOURCE = "gallery"
/** Every other Medusa order of an organization (its own store, the Medusa admin, imports). */
export const STORE_ORDER_SOURCE = "store"
export type OrderSource = typeof GALLERY_ORDER_SOURCE | typeof STORE_ORDER_SOURCE

/** The marks a mirrored order carries in its metadata (and that find an orphan mirror after a crash). */
export type GalleryMirrorMetadata = {
  source: typeof GALLERY_ORDER_SOURCE
  gallery_public_id: string
  gallery_order_id: string
  artist_order_id: string
}

export function galleryMirrorMetadata(input: {
  publicId: string
  galleryOrderId: string
  artistOrderId: string
}): GalleryMirrorMetadata {
  return {
    source: GALLERY_ORDER_SOURCE,
    gallery_public_id: input.publicId,
    gallery_order_id: input.galleryOrderId,
    artist_order_id: input.artistOrderId,
  }
}

/**
 * The id of the Medusa order that records something of ours (a store payment `spay_X`, a gallery artist order
 * `aord_X` -> `order_X`). Chosen here rather than by Medusa, so that the order is created without being read back
 * (src/workflows/order-book/utils/create-orders.ts) and a run that died after making it finds it by primary key.
 */
export function derivedOrderId(sourceId: string): string {
  return `order_${sourceId.slice(sourceId.indexOf("_") + 1)}`
}

/** `gallery` when the metadata marks a gallery mirror, `store` for any other order. */
export function orderSourceOf(metadata: unknown): OrderSource {
  const source = (metadata as { source?: unknown } | null | undefined)?.source
  return source === GALLERY_ORDER_SOURCE ? GALLERY_ORDER_SOURCE : STORE_ORDER_SOURCE
}

/** The gallery's shipping address object (spec part 2), as stored on an artist or gallery order. */
export type GalleryAddress = {
  name?: string | null
  line1?: string | null
  line2?: string | null
  city?: string | null
  state?: string | null
  postal_code?: string | null
  country?: string | null
}

export type MedusaAddressInput = {
  first_name: string
  last_name: string
  address_1: string
  address_2: string
  city: string
  province: string
  postal_code: string
  country_code: string
}

/**
 * A gallery address as a Medusa order address: the name splits at its last space (first name = everything before,
 * so "Ada de Collector" keeps "Ada de" / "Collector"; a single word is a first name), the country code lower-cased
 * as Medusa stores it. Null without an address (a per-artist order whose address was never given).
 */
export function toMedusaAddress(address: GalleryAddress | null | undefined): MedusaAddressInput | null {
  if (!address || typeof address !== "object") return null
  const name = (address.name ?? "").trim().replace(/\s+/g, " ")
  const cut = name.lastIndexOf(" ")
  return {
    first_name: cut > 0 ? name.slice(0, cut) : name,
    last_name: cut > 0 ? name.slice(cut + 1) : "",
    address_1: address.line1 ?? "",
    address_2: address.line2 ?? "",
    city: address.city ?? "",
    province: address.state ?? "",
    postal_code: address.postal_code ?? "",
    country_code: (address.country ?? "").toLowerCase(),
  }
}

// ------------------------------------------------------------------------------------------------------------
// Status vocabulary of /api/orders and /api/dashboard/orders

export const ORDER_BOOK_STATUSES = ["pending", "paid", "processing", "shipped", "delivered", "cancelled"] as const
export type OrderBookStatus = (typeof ORDER_BOOK_STATUSES)[number]

export const PAYMENT_STATUSES = ["pending", "paid", "refunded"] as const
export type OrderBookPaymentStatus = (typeof PAYMENT_STATUSES)[number]

export function isOrderBookStatus(value: unknown): value is OrderBookStatus {
  return typeof value === "string" && (ORDER_BOOK_STATUSES as readonly string[]).includes(value)
}

/** What the status of one order is derived from. */
export type OrderStatusFacts =
  | {
      source: typeof GALLERY_ORDER_SOURCE
      /** The artist order's status and its gallery (parent) order's: the gallery rows are the source of truth. */
      artistStatus: ArtistOrderStatus
      galleryStatus: GalleryOrderStatus
    }
  | {
      source: typeof STORE_ORDER_SOURCE
      /** Medusa's order status (pending, completed, canceled, ...). */
      medusaStatus: string
      /** Captured amount (the order's positive transactions: a refund does not unpay it) and total, in the same unit. */
      paidAmount: number
      total: number
      /** Some live fulfilment exists / was shipped / was delivered. */
      fulfilled: boolean
      shipped: boolean
      delivered: boolean
    }

/**
 * The order's status in the dashboard vocabulary: pending (not paid), paid, processing (being prepared: the artist
 * said so, or a store order has a fulfilment not yet shipped), shipped, delivered, cancelled.
 * Gallery orders: the artist order's status, `cancelled` when the gallery order was cancelled.
 * Store orders: Medusa's `canceled` -> cancelled; else the furthest fulfilment step; else paid when the captured
 * amount covers the total (a zero total counts as paid); else pending.
 */
export function orderBookStatus(facts: OrderStatusFacts): OrderBookStatus {
  if (facts.source === GALLERY_ORDER_SOURCE) {
    if (facts.galleryStatus === "cancelled") return "cancelled"
    return facts.artistStatus
  }
  if (facts.medusaStatus === "canceled") return "cancelled"
  if (facts.delivered) return "delivered"
  if (facts.shipped) return "shipped"
  if (facts.fulfilled) return "processing"
  if (facts.paidAmount >= facts.total) return "paid"
  return "pending"
}

/**
 * What every view of an order reads its facts from (the dashboard routes, `/v1/orders`, the `order.*` webhooks): one
 * row of the order book's SQL (src/queries/medusa/order-book.ts, orderFactsJoins and galleryContextJoin). Amounts in
 * Medusa's major units, as read.
 */
export type OrderFactsRow = {
  is_gallery: boolean | null
  artist_status: ArtistOrderStatus | null
  gallery_status: GalleryOrderStatus | null
  medusa_status: string
  paid_amount: string | number
  total: string | number
  fulfilled: boolean
  shipped: boolean
  delivered: boolean
}

/**
 * The facts of one order: a gallery mirror's come from the gallery rows (the source of truth, known before the order
 * book has caught up), a store order's from Medusa's order. So every view says the same of the same order.
 */
export function orderStatusFacts(row: OrderFactsRow): OrderStatusFacts {
  if (row.is_gallery && row.artist_status && row.gallery_status) {
    return { source: GALLERY_ORDER_SOURCE, artistStatus: row.artist_status, galleryStatus: row.gallery_status }
  }
  return {
    source: STORE_ORDER_SOURCE,
    medusaStatus: row.medusa_status,
    paidAmount: Number(row.paid_amount),
    total: Number(row.total),
    fulfilled: row.fulfilled,
    shipped: row.shipped,
    delivered: row.delivered,
  }
}

/**
 * pending until paid; paid once paid; refunded when a paid order was cancelled (the gallery refunds a cancelled
 * order's whole charge; Medusa's cancellation refunds a store order's captured payment). Gallery orders follow their
 * gallery rows, store orders the captured amount of Medusa's order.
 */
export function orderBookPaymentStatus(facts: OrderStatusFacts): OrderBookPaymentStatus {
  if (facts.source === GALLERY_ORDER_SOURCE) {
    if (facts.artistStatus === "pending") return "pending"
    return facts.galleryStatus === "cancelled" ? "refunded" : "paid"
  }
  const paid = facts.paidAmount >= facts.total
  if (facts.medusaStatus === "canceled") return paid && facts.total > 0 ? "refunded" : "pending"
  return paid ? "paid" : "pending"
}

/** One shipment of an order as the order views show it. */
export type ShipmentView = {
  carrier: string | null
  tracking_number: string | null
  tracking_url: string | null
  shipped_at: string | null
  delivered_at: string | null
}

/**
 * The shipments an order view shows. A gallery order's is the gallery's own record of the artist's shipment (the
 * source of truth: the ship route answers from it, and the outbox writes Medusa's fulfilment from it a moment later),
 * so the view says shipped and shows the tracking number from the same instant, with the time the artist shipped. A
 * store order's are Medusa's live fulfilments.
 */
export function orderShipments(input: { fulfilments: ShipmentView[]; galleryShipment: ShipmentView | null }): ShipmentView[] {
  if (input.galleryShipment) return input.galleryShipment.shipped_at ? [input.galleryShipment] : []
  return input.fulfilments
}

/** Orders that count as revenue in analytics: every order that was paid and not cancelled. */
export function countsAsRevenue(status: OrderBookStatus): boolean {
  return status !== "pending" && status !== "cancelled"
}

/** Analytics: completed = shipped or delivered (the artist's part is done). */
export function isCompletedStatus(status: OrderBookStatus): boolean {
  return status === "shipped" || status === "delivered"
}

/** Analytics: pending = still open (not paid yet, paid, processing); cancelled orders are neither. */
export function isOpenStatus(status: OrderBookStatus): boolean {
  return status === "pending" || status === "paid" || status === "processing"
}

// ------------------------------------------------------------------------------------------------------------
// Pagination of GET /api/dashboard/orders

export const DASHBOARD_ORDERS_DEFAULT_PER_PAGE = 20
export const DASHBOARD_ORDERS_MAX_PER_PAGE = 100

export function dashboardPagination(total: number, page: number, perPage: number) {
  return { total, page, per_page: perPage, total_pages: Math.ceil(total / perPage) }
}
