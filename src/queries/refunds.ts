import { CLOSED_DISPUTE_STATUSES } from "../lib/disputes"
import { isFullyRefunded, type PaymentDisputeState, type RefundableArtistOrder } from "../lib/refunds"
import { toKnex, type PgSource } from "./pg"

/**
 * Reads of gallery refunds (docs/refunds.md): the state a refund is planned on, a refund with what moving its money
 * needs, and an artist order's refunds.
 */

export type RefundPayoutRow = {
  id: string
  status: "pending" | "transferred" | "reversed" | "failed"
  amount_cents: number
  transfer_id: string | null
  attempt_count: number
}

export type RefundTarget = {
  artistOrderId: string
  organizationId: string
  galleryOrderId: string
  publicId: string
  transferGroup: string
  paymentIntentId: string | null
  payout: RefundPayoutRow | null
  refundable: RefundableArtistOrder
}

type TargetRow = {
  artist_order_id: string
  organization_id: string
  gallery_order_id: string
  public_id: string
  transfer_group: string
  payment_intent_id: string | null
  status: string
  gallery_status: string
  subtotal_cents: number
  shipping_cents: number
  payout_cents: number
  refunded_cents: number
  refunded_shipping_cents: number
  refunded_share_cents: number
  total_cents: number
  gallery_refunded_cents: string | number
  others: { subtotal_cents: number; shipping_cents: number; refunded_cents: number }[]
  items: { id: string; quantity: number; refunded_quantity: number; price_cents: number }[]
  payout: RefundPayoutRow | null
  dispute: PaymentDisputeState
}

/** An artist order as a refund is planned on it (with its gallery order's totals and its payout), or null. */
export async function getRefundTarget(source: PgSource, artistOrderId: string): Promise<RefundTarget | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT ao.id AS artist_order_id, ao.organization_id, ao.gallery_order_id, o.public_id, o.transfer_group,
            o.payment_intent_id, ao.status, o.status AS gallery_status, ao.subtotal_cents, ao.shipping_cents,
            ao.payout_cents, ao.refunded_cents, ao.refunded_shipping_cents, ao.refunded_share_cents, o.total_cents,
            (SELECT coalesce(sum(x.refunded_cents), 0) FROM gallery_artist_order x
              WHERE x.gallery_order_id = o.id AND x.deleted_at IS NULL) AS gallery_refunded_cents,
            coalesce((SELECT json_agg(json_build_object('subtotal_cents', x.subtotal_cents,
                       'shipping_cents', x.shipping_cents, 'refunded_cents', x.refunded_cents))
                      FROM gallery_artist_order x
                      WHERE x.gallery_order_id = o.id AND x.id <> ao.id AND x.deleted_at IS NULL), '[]'::json) AS others,
            coalesce((SELECT json_agg(json_build_object('id', i.id, 'quantity', i.quantity,
                       'refunded_quantity', i.refunded_quantity, 'price_cents', i.price_cents) ORDER BY i.created_at, i.id)
                      FROM gallery_artist_order_item i
                      WHERE i.artist_order_id = ao.id AND i.deleted_at IS NULL), '[]'::json) AS items,
            (SELECT json_build_object('id', p.id, 'status', p.status, 'amount_cents', p.amount_cents,
                       'transfer_id', p.transfer_id, 'attempt_count', p.attempt_count)
               FROM gallery_payout p WHERE p.artist_order_id = ao.id AND p.deleted_at IS NULL LIMIT 1) AS payout,
            -- Its gallery order's disputes (docs/disputes.md): one lost, else one still open, else none.
            (SELECT CASE WHEN bool_or(d.status = 'lost') THEN 'lost'
                         WHEN bool_or(NOT d.status = ANY(?::text[])) THEN 'open' ELSE 'none' END
             FROM gallery_dispute d WHERE d.gallery_order_id = o.id AND d.deleted_at IS NULL) AS dispute
     FROM gallery_artist_order ao
     JOIN gallery_order o ON o.id = ao.gallery_order_id AND o.deleted_at IS NULL
     WHERE ao.id = ? AND ao.deleted_at IS NULL`,
    [[...CLOSED_DISPUTE_STATUSES], artistOrderId]
  )
  const row = rows[0] as TargetRow | undefined
  if (!row) return null
  return {
    artistOrderId: row.artist_order_id,
    organizationId: row.organization_id,
    galleryOrderId: row.gallery_order_id,
    publicId: row.public_id,
    transferGroup: row.transfer_group,
    paymentIntentId: row.payment_intent_id,
    payout: row.payout,
    refundable: {
      status: row.status,
      galleryOrderStatus: row.gallery_status,
      subtotalCents: row.subtotal_cents,
      shippingCents: row.shipping_cents,
      payoutCents: row.payout_cents,
      refundedCents: row.refunded_cents,
      refundedShippingCents: row.refunded_shipping_cents,
      refundedShareCents: row.refunded_share_cents,
      items: row.items.map((item) => ({
        id: item.id,
        quantity: item.quantity,
        refundedQuantity: item.refunded_quantity,
        priceCents: item.price_cents,
      })),
      galleryTotalCents: row.total_cents,
      dispute: row.dispute,
      galleryRefundedCents: Number(row.gallery_refunded_cents),
      othersFullyRefunded: row.others.every((other) =>
        isFullyRefunded({ subtotalCents: other.subtotal_cents, shippingCents: other.shipping_cents }, other.refunded_cents)
      ),
    },
  }
}

/**
 * The columns a refund record has, of a gallery artist order (`gallery_refund`) or of an artist-store payment
 * (`store_refund`, queries/store-refunds.ts): what the order routes' view shows of either.
 */
export type RefundRecordFields = {
  id: string
  organization_id: string
  source: string
  reason: string
  merchandise_cents: number
  shipping_cents: number
  amount_cents: number
  artist_share_cents: number
  status: "pending" | "succeeded" | "failed"
  provider_refund_id: string | null
  reversal_id: string | null
  failure_reason: string | null
  requested_by: string | null
  created_at: Date
  refunded_at: Date | null
}

export type RefundRow = RefundRecordFields & {
  gallery_order_id: string
  artist_order_id: string
  items: { artist_order_item_id: string; quantity: number; unit_price_cents: number }[]
  gallery_fee_cents: number
  processing_fee_cents: number
  payout_action: "reversal" | "reduction" | "none"
}

/** A refund with what moving its money needs: the payment and the payout's transfer. */
export type RefundForSettlement = RefundRow & {
  public_id: string
  payment_intent_id: string | null
  transfer_id: string | null
  payout_id: string | null
}

const REFUND_COLUMNS = `r.id, r.gallery_order_id, r.artist_order_id, r.organization_id, r.source, r.reason, r.items,
  r.merchandise_cents, r.shipping_cents, r.gallery_fee_cents, r.processing_fee_cents, r.amount_cents,
  r.artist_share_cents, r.payout_action, r.status, r.provider_refund_id, r.reversal_id, r.failure_reason,
  r.requested_by, r.created_at, r.refunded_at`

export async function getRefundForSettlement(source: PgSource, refundId: string): Promise<RefundForSettlement | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT ${REFUND_COLUMNS}, o.public_id, o.payment_intent_id, p.transfer_id, p.id AS payout_id
     FROM gallery_refund r
     JOIN gallery_order o ON o.id = r.gallery_order_id
     LEFT JOIN gallery_payout p ON p.artist_order_id = r.artist_order_id AND p.deleted_at IS NULL
     WHERE r.id = ? AND r.deleted_at IS NULL`,
    [refundId]
  )
  return (rows[0] as RefundForSettlement | undefined) ?? null
}

/** The refunds of artist orders, oldest first. */
export async function listRefundsOfArtistOrders(source: PgSource, artistOrderIds: readonly string[]): Promise<RefundRow[]> {
  if (!artistOrderIds.length) return []
  const { rows } = await toKnex(source).raw(
    `SELECT ${REFUND_COLUMNS} FROM gallery_refund r
     WHERE r.artist_order_id = ANY(?::text[]) AND r.deleted_at IS NULL
     ORDER BY r.created_at, r.id`,
    [artistOrderIds as string[]]
  )
  return rows as RefundRow[]
}

/**
 * What a succeeded refund's emails and webhooks tell of it besides the record, gallery or store refund alike
 * (queries/store-refunds.ts): the order's public number, the customer's email, the artist, the refunded lines.
 */
export type RefundNoticeFields = {
  public_id: string
  email: string
  artist_name: string
  lines: { product_name: string; quantity: number; price_cents: number }[]
}

/** A succeeded refund as its emails and webhooks tell it: the order, the artist, the refunded lines. */
export type RefundNotice = RefundRow & RefundNoticeFields

export async function getRefundNotice(source: PgSource, refundId: string): Promise<RefundNotice | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT ${REFUND_COLUMNS}, o.public_id, o.email, ao.artist_name,
            coalesce((SELECT json_agg(json_build_object('product_name', i.product_name, 'quantity', ri.quantity,
                       'price_cents', ri.unit_price_cents))
                      FROM jsonb_to_recordset(r.items) AS ri(artist_order_item_id text, quantity integer, unit_price_cents integer)
                      JOIN gallery_artist_order_item i ON i.id = ri.artist_order_item_id), '[]'::json) AS lines
     FROM gallery_refund r
     JOIN gallery_order o ON o.id = r.gallery_order_id
     JOIN gallery_artist_order ao ON ao.id = r.artist_order_id
     WHERE r.id = ? AND r.deleted_at IS NULL`,
    [refundId]
  )
  return (rows[0] as RefundNotice | undefined) ?? null
}

/** Whether any artist order of the gallery order has a refund (a refunded order is not cancelled: docs/refunds.md). */
export async function galleryOrderHasRefunds(source: PgSource, galleryOrderId: string): Promise<boolean> {
  const { rows } = await toKnex(source).raw(
    `SELECT EXISTS (SELECT 1 FROM gallery_refund WHERE gallery_order_id = ? AND deleted_at IS NULL) AS refunded`,
    [galleryOrderId]
  )
  return Boolean(rows[0]?.refunded)
}
