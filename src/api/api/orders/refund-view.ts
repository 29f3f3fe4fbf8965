import { fromCents } from "../../../lib/money"
import type { RefundRow } from "../../../queries/refunds"

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

/** A refund as the order routes show it (USD amounts; docs/refunds.md). `orderId`: the Medusa order it is on. */
export function refundView(refund: RefundRow, orderId: string) {
  return {
    id: refund.id,
    order_id: orderId,
    status: refund.status,
    source: refund.source,
    reason: refund.reason,
    amount: fromCents(refund.amount_cents),
    merchandise: fromCents(refund.merchandise_cents),
    shipping: fromCents(refund.shipping_cents),
    gallery_fee: fromCents(refund.gallery_fee_cents),
    processing_fee: fromCents(refund.processing_fee_cents),
    artist_share: fromCents(refund.artist_share_cents),
    payout_action: refund.payout_action,
    items: refund.items.map((item) => ({
      id: item.artist_order_item_id,
      quantity: item.quantity,
      unit_price: fromCents(item.unit_price_cents),
    })),
    provider_refund_id: refund.provider_refund_id,
    reversal_id: refund.reversal_id,
    failure_reason: refund.failure_reason,
    created_at: iso(refund.created_at),
    refunded_at: iso(refund.refunded_at),
  }
}
