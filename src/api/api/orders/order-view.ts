import { fromCents } from "../../../lib/money"
import { orderBookPaymentStatus, orderShipments, orderStatusFacts, type OrderBookStatus } from "../../../lib/order-book"
import type { OrderDetailRow, OrderItemRow, OrganizationOrderRow } from "../../../queries/medusa/order-book"

/** Medusa amounts are numeric (major unit): shown as numbers rounded to the cent. */
const money = (value: string | number | null | undefined) => Math.round(Number(value ?? 0) * 100) / 100
const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null)

export function orderNumber(row: Pick<OrganizationOrderRow, "display_id">): string {
  return `#${row.display_id}`
}

export function itemView(item: OrderItemRow) {
  const quantity = Number(item.quantity)
  const unitPrice = money(item.unit_price)
  return {
    id: item.id,
    product_id: item.product_id,
    variant_id: item.variant_id,
    title: item.title,
    sku: item.variant_sku,
    thumbnail: item.thumbnail,
    quantity,
    unit_price: unitPrice,
    total: money(quantity * unitPrice),
  }
}

/** GET /api/dashboard/orders list item. */
export function dashboardOrderView(row: OrganizationOrderRow) {
  return {
    id: row.id,
    order_number: orderNumber(row),
    status: row.status as OrderBookStatus,
    payment_status: orderBookPaymentStatus(orderStatusFacts(row)),
    subtotal: money(row.subtotal),
    shipping_cost: money(row.shipping_cost),
    tax_amount: money(row.tax_amount),
    total: money(row.total),
    customer_email: row.email,
    customer_name: row.customer_name,
    created_at: iso(row.created_at),
    source: row.is_gallery ? ("gallery" as const) : ("store" as const),
    gallery_public_id: row.is_gallery ? row.gallery_public_id : null,
    // Only once some of it was refunded, gallery or store order (docs/refunds.md): otherwise the contract's fields.
    ...refundedAmount(row),
  }
}

/** `refunded_amount`, what the customer got back of the order, when anything was; else nothing. */
function refundedAmount(row: Pick<OrganizationOrderRow, "refunded_cents">): { refunded_amount?: number } {
  return row.refunded_cents ? { refunded_amount: fromCents(row.refunded_cents) } : {}
}

/** The platform fee of an order: the gallery's 12 % commission on a gallery order, none on a store order. */
function platformFee(row: OrganizationOrderRow): number {
  if (!row.is_gallery) return row.store_platform_fee_cents === null ? 0 : fromCents(row.store_platform_fee_cents)
  if (row.subtotal_cents === null || row.payout_cents === null) return 0
  return fromCents(row.subtotal_cents - row.payout_cents)
}

/** GET /api/orders list item (spec 2 "other list item form"). */
export function platformOrderView(row: OrganizationOrderRow & { items: OrderItemRow[] }) {
  return {
    id: row.id,
    order_number: orderNumber(row),
    status: row.status as OrderBookStatus,
    total_amount: money(row.total),
    platform_fee: platformFee(row),
    customer: { id: row.customer_id, email: row.email, name: row.customer_name },
    items: row.items.map(itemView),
    created_at: iso(row.created_at),
    source: row.is_gallery ? ("gallery" as const) : ("store" as const),
    gallery_public_id: row.is_gallery ? row.gallery_public_id : null,
  }
}

/** GET /api/dashboard/orders/{id} and GET /api/orders/{id}: the whole order. */
export function orderDetailView(row: OrderDetailRow) {
  return {
    ...dashboardOrderView(row),
    total_amount: money(row.total),
    platform_fee: platformFee(row),
    customer: { id: row.customer_id, email: row.email, name: row.customer_name },
    items: row.items.map(itemView),
    shipping_address: row.shipping_address,
    fulfillments: orderShipments({
      fulfilments: row.fulfillments.map((f) => ({
        carrier: f.carrier,
        tracking_number: f.tracking_number,
        tracking_url: f.tracking_url,
        shipped_at: iso(f.shipped_at),
        delivered_at: iso(f.delivered_at),
      })),
      galleryShipment: row.is_gallery && row.artist_order_id
        ? {
            carrier: row.artist_carrier,
            tracking_number: row.artist_tracking_number,
            tracking_url: row.artist_tracking_url,
            shipped_at: iso(row.artist_shipped_at),
            delivered_at: iso(row.artist_delivered_at),
          }
        : null,
    }),
    payout: row.payout ? { amount: fromCents(row.payout.amount_cents), status: row.payout.status } : null,
  }
}
