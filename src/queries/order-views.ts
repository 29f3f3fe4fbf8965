import type { ArtistOrderStatus } from "../lib/gallery-order-status"
import { fromCents } from "../lib/money"
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
  payout_cents: number
  tracking_number: string | null
  tracking_url: string | null
  shipped_at: Date | string | null
  shipping_address: Record<string, unknown> | null
}

/** The fields of an artist order both the artist's and the buyer's views show; the tracking link as shownTrackingUrl
 * allows (a stored https URL, else derived from the number when none was stored). */
export function artistOrderFields(row: ArtistOrderFieldsRow) {
  return {
    artistName: row.artist_name,
    status: row.status,
    subtotal: fromCents(row.subtotal_cents),
    artistPayout: fromCents(row.payout_cents),
    trackingNumber: row.tracking_number ?? null,
    trackingUrl: shownTrackingUrl(row.tracking_url, row.tracking_number),
    shippedAt: iso(row.shipped_at),
    shippingAddress: row.shipping_address ?? null,
  }
}
