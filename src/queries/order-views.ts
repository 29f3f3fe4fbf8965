import type { ArtistOrderStatus } from "../lib/gallery-order-status"
import { fromCents } from "../lib/money"
import type { ArtistOrderReturnStatus } from "../lib/returns"
import { shownTrackingUrl } from "../lib/tracking-url"

/**
 * What the gallery order reads (gallery-orders.ts) and the artist order reads (artist-orders.ts) share: the row ->
 * view mapping of an artist order and its items.
 */

export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  return new Date(value).toISOString()
}

export type OrderItemRow = {
  product_id: string
  product_name: string
  quantity: number
  price_cents: number
  image: string | null
}

/** An order item as the views show it (prices in currency units). */
export function orderItemFields(item: OrderItemRow) {
  return {
    productId: item.product_id,
    productName: item.product_name,
    quantity: item.quantity,
    price: fromCents(item.price_cents),
    image: item.image ?? null,
  }
}

export type ArtistOrderFieldsRow = {
  artist_name: string
  status: ArtistOrderStatus
  subtotal_cents: number
  shipping_cents: number
  shipping_option_name: string | null
  payout_cents: number
  tracking_number: string | null
  tracking_url: string | null
  shipped_at: Date | string | null
  shipping_address: Record<string, unknown> | null
  /** What was refunded of this artist order, and its latest return's status (null: none) (docs/refunds.md, returns.md). */
  refunded_cents?: number | null
  return_status?: ArtistOrderReturnStatus | null
}

/** Whether an order charged shipping (an artist of it has rates: docs/shipping.md); its views then show shipping. */
export function chargesShipping(artistOrders: readonly Pick<ArtistOrderFieldsRow, "shipping_option_name">[]): boolean {
  return artistOrders.some((a) => a.shipping_option_name !== null)
}

/**
 * The fields of an artist order both the artist's and the buyer's views show; the tracking link as shownTrackingUrl
 * allows (a stored https URL, else derived from the number when none was stored). `withShipping`: the order charged
 * shipping, so the view adds what this artist charged (0 and null for an artist without rates); an order without
 * shipping keeps the contract's fields only.
 */
export function artistOrderFields(row: ArtistOrderFieldsRow, withShipping: boolean) {
  const afterSale = Boolean(row.refunded_cents) || Boolean(row.return_status)
  return {
    artistName: row.artist_name,
    status: row.status,
    subtotal: fromCents(row.subtotal_cents),
    ...(withShipping ? { shipping: fromCents(row.shipping_cents), shippingMethod: row.shipping_option_name } : {}),
    artistPayout: fromCents(row.payout_cents),
    trackingNumber: row.tracking_number ?? null,
    trackingUrl: shownTrackingUrl(row.tracking_url, row.tracking_number),
    shippedAt: iso(row.shipped_at),
    shippingAddress: row.shipping_address ?? null,
    // Only once a refund or a return exists: an order without either keeps the contract's fields.
    ...(afterSale
      ? { refundedAmount: fromCents(row.refunded_cents ?? 0), returnStatus: (row.return_status ?? "none") as ArtistOrderReturnStatus }
      : {}),
  }
}

/** The SQL of an artist order `ao`'s latest return status (null without a return). */
export const LATEST_RETURN_STATUS_SQL = `(SELECT r.status FROM gallery_return r
  WHERE r.artist_order_id = ao.id AND r.deleted_at IS NULL ORDER BY r.requested_at DESC, r.id DESC LIMIT 1)`
