import { CLOSED_DISPUTE_STATUSES } from "../lib/disputes"
import type { PaymentDisputeState } from "../lib/refunds"
import type { RefundableStorePayment, StoreRefundedItem } from "../lib/store-refunds"
import { orderNumberSql } from "./medusa/order-book"
import { toKnex, type PgSource } from "./pg"
import type { RefundNoticeFields, RefundRecordFields } from "./refunds"

/**
 * Reads of artist-store refunds (docs/refunds.md, "Store orders"): the store payment a refund is planned on (found by
 * the Medusa order it became), a refund with what moving its money needs, an order's refunds, and what the emails,
 * webhooks and the order book say of one.
 */

export type StoreRefundTarget = {
  storePaymentId: string
  organizationId: string
  orderId: string
  paymentIntentId: string
  refundable: RefundableStorePayment
}

type TargetRow = {
  id: string
  organization_id: string
  order_id: string
  payment_intent_id: string
  status: string
  subtotal_cents: number
  shipping_cents: number
  platform_fee_cents: number
  refunded_cents: number
  refunded_shipping_cents: number
  refunded_fee_cents: number
  refunded_quantities: Record<string, number> | null
  items: { id: string; quantity: number; unit_price_cents: number }[]
  dispute: PaymentDisputeState
}

/**
 * The store payment of a Medusa order (the store sale it became) as a refund is planned on it, or null when the order
 * is no store sale (or, with `organizationId`, not that organization's).
 */
export async function getStoreRefundTarget(
  source: PgSource,
  input: { orderId: string; organizationId?: string | null }
): Promise<StoreRefundTarget | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT s.id, s.organization_id, s.order_id, s.payment_intent_id, s.status, s.subtotal_cents, s.shipping_cents,
            s.platform_fee_cents, s.refunded_cents, s.refunded_shipping_cents, s.refunded_fee_cents,
            s.refunded_quantities, s.items,
            -- Its disputes (docs/disputes.md): one lost, else one still open, else none.
            (SELECT CASE WHEN bool_or(d.status = 'lost') THEN 'lost'
                         WHEN bool_or(NOT d.status = ANY(?::text[])) THEN 'open' ELSE 'none' END
             FROM gallery_dispute d WHERE d.store_payment_id = s.id AND d.deleted_at IS NULL) AS dispute
     FROM store_payment s
     WHERE s.order_id = ? AND s.deleted_at IS NULL AND (?::text IS NULL OR s.organization_id = ?::text)
     LIMIT 1`,
    [[...CLOSED_DISPUTE_STATUSES], input.orderId, input.organizationId ?? null, input.organizationId ?? null]
  )
  const row = rows[0] as TargetRow | undefined
  if (!row) return null
  const refundedQuantities = row.refunded_quantities ?? {}
  return {
    storePaymentId: row.id,
    organizationId: row.organization_id,
    orderId: row.order_id,
    paymentIntentId: row.payment_intent_id,
    refundable: {
      status: row.status,
      subtotalCents: Number(row.subtotal_cents),
      shippingCents: Number(row.shipping_cents),
      platformFeeCents: Number(row.platform_fee_cents),
      refundedCents: Number(row.refunded_cents),
      refundedShippingCents: Number(row.refunded_shipping_cents),
      refundedFeeCents: Number(row.refunded_fee_cents),
      items: row.items.map((item) => ({
        id: item.id,
        quantity: Number(item.quantity),
        refundedQuantity: Number(refundedQuantities[item.id] ?? 0),
        priceCents: Number(item.unit_price_cents),
      })),
      dispute: row.dispute,
    },
  }
}

export type StoreRefundRow = RefundRecordFields & {
  store_payment_id: string
  order_id: string
  items: StoreRefundedItem[]
  application_fee_cents: number
}

/** A store refund with the payment whose charge it refunds. */
export type StoreRefundForSettlement = StoreRefundRow & { payment_intent_id: string }

const STORE_REFUND_COLUMNS = `r.id, r.store_payment_id, r.order_id, r.organization_id, r.source, r.reason, r.items,
  r.merchandise_cents, r.shipping_cents, r.amount_cents, r.application_fee_cents, r.artist_share_cents, r.status,
  r.provider_refund_id, r.reversal_id, r.failure_reason, r.requested_by, r.created_at, r.refunded_at`

export async function getStoreRefundForSettlement(source: PgSource, refundId: string): Promise<StoreRefundForSettlement | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT ${STORE_REFUND_COLUMNS}, s.payment_intent_id
     FROM store_refund r JOIN store_payment s ON s.id = r.store_payment_id
     WHERE r.id = ? AND r.deleted_at IS NULL`,
    [refundId]
  )
  return (rows[0] as StoreRefundForSettlement | undefined) ?? null
}

/** The refunds of a store order (its Medusa order id), oldest first. */
export async function listStoreRefundsOfOrder(source: PgSource, orderId: string): Promise<StoreRefundRow[]> {
  const { rows } = await toKnex(source).raw(
    `SELECT ${STORE_REFUND_COLUMNS} FROM store_refund r
     WHERE r.order_id = ? AND r.deleted_at IS NULL ORDER BY r.created_at, r.id`,
    [orderId]
  )
  return rows as StoreRefundRow[]
}

/**
 * A succeeded store refund as its emails and webhooks tell it: the order's number (`#` and the Medusa order's display
 * id), the store, the refunded lines.
 */
export type StoreRefundNotice = StoreRefundRow & RefundNoticeFields

export async function getStoreRefundNotice(source: PgSource, refundId: string): Promise<StoreRefundNotice | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT ${STORE_REFUND_COLUMNS}, coalesce(${orderNumberSql("r.order_id")}, s.id) AS public_id, s.customer_email AS email,
            coalesce(org.name, '') AS artist_name,
            coalesce((SELECT json_agg(json_build_object('product_name', i.product_title, 'quantity', ri.quantity,
                       'price_cents', ri.unit_price_cents))
                      FROM jsonb_to_recordset(r.items) AS ri(line_id text, quantity integer, unit_price_cents integer)
                      JOIN jsonb_to_recordset(s.items) AS i(id text, product_title text) ON i.id = ri.line_id), '[]'::json) AS lines
     FROM store_refund r
     JOIN store_payment s ON s.id = r.store_payment_id
     LEFT JOIN organization org ON org.id = r.organization_id
     WHERE r.id = ? AND r.deleted_at IS NULL`,
    [refundId]
  )
  return (rows[0] as StoreRefundNotice | undefined) ?? null
}

/** What a store order's succeeded refunds gave back of its merchandise and shipping (the order book records it). */
export async function storeOrderRefundedGoodsCents(source: PgSource, orderId: string): Promise<number> {
  const { rows } = await toKnex(source).raw(
    `SELECT coalesce(sum(r.merchandise_cents + r.shipping_cents), 0)::int AS cents FROM store_refund r
     WHERE r.order_id = ? AND r.status = 'succeeded' AND r.deleted_at IS NULL`,
    [orderId]
  )
  return Number(rows[0]?.cents ?? 0)
}
