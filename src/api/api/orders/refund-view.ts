import { fromCents } from "../../../lib/money"
import type { RefundRecordFields, RefundRow } from "../../../queries/refunds"
import type { StoreRefundRow } from "../../../queries/store-refunds"

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

/**
 * The view's fields every refund has, gallery or store, in the view's order: `fees` (what the customer paid on top
 * of the goods and the platform returned) and `payoutAction` are the kind's own.
 */
function refundFields(
  refund: RefundRecordFields,
  orderId: string,
  kind: {
    fees: { gallery_fee: number; processing_fee: number; platform_fee?: number }
    payoutAction: RefundRow["payout_action"]
    items: { id: string; quantity: number; unit_price_cents: number }[]
  }
) {
  return {
    id: refund.id,
    order_id: orderId,
    status: refund.status,
    source: refund.source,
    reason: refund.reason,
    amount: fromCents(refund.amount_cents),
    merchandise: fromCents(refund.merchandise_cents),
    shipping: fromCents(refund.shipping_cents),
    ...kind.fees,
    artist_share: fromCents(refund.artist_share_cents),
    payout_action: kind.payoutAction,
    items: kind.items.map((item) => ({ id: item.id, quantity: item.quantity, unit_price: fromCents(item.unit_price_cents) })),
    provider_refund_id: refund.provider_refund_id,
    reversal_id: refund.reversal_id,
    failure_reason: refund.failure_reason,
    created_at: iso(refund.created_at),
    refunded_at: iso(refund.refunded_at),
  }
}

/** A refund as the order routes show it (USD amounts; docs/refunds.md). `orderId`: the Medusa order it is on. */
export function refundView(refund: RefundRow, orderId: string) {
  return refundFields(refund, orderId, {
    fees: { gallery_fee: fromCents(refund.gallery_fee_cents), processing_fee: fromCents(refund.processing_fee_cents) },
    payoutAction: refund.payout_action,
    items: refund.items.map((item) => ({ ...item, id: item.artist_order_item_id })),
  })
}

/**
 * An artist-store order's refund in the same shape (docs/refunds.md, "Store orders"): the amount is merchandise and
 * shipping only (no gallery or processing fee was charged), `artist_share` is what comes back from the artist's account
 * (Stripe's proportional transfer reversal, `payout_action: "reversal"`), and `platform_fee` the application fee the
 * platform returned with it. Items are named by the order's line ids.
 */
export function storeRefundView(refund: StoreRefundRow, orderId: string) {
  return refundFields(refund, orderId, {
    fees: { gallery_fee: 0, processing_fee: 0, platform_fee: fromCents(refund.application_fee_cents) },
    payoutAction: "reversal",
    items: refund.items.map((item) => ({ ...item, id: item.line_id })),
  })
}
