import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { DisputePlanItem } from "../lib/disputes"
import type { ReconciledDispute, ReconciledRefund } from "../lib/reconciliation"
import { toKnex, type PgSource } from "./pg"

/**
 * The daily reconciliation's reads (docs/payouts-ledger.md, "Reconciliation"): every charge of a UTC day with the
 * facts each term of the identity comes from — the order's stored fees and refund records, the ledger's transfers and
 * reversals, the payouts still to send, the lost disputes — and, with the local gateway, the provider's own facts from
 * its sandbox tables (with Stripe the process asks the provider: these columns are then unused).
 *
 * "The charges of a day": gallery orders and store payments paid that day (`paid_at`), and those whose payment
 * succeeded that day but which were cancelled at settlement because an item was sold meanwhile (`out_of_stock`, never
 * paid: their `cancelled_at`).
 */

export type GalleryOrderReconciliationRow = {
  id: string
  public_id: string
  payment_intent_id: string
  paid_at: Date | null
  cancelled: boolean
  total_cents: number
  gallery_fee_cents: number
  stripe_fee_cents: number
  artist_orders: { subtotalCents: number; shippingCents: number; payoutCents: number }[]
  transfers_sent_cents: number
  reversals_cents: number
  pending_payouts_cents: number
  held_payouts_cents: number
  refunds: ReconciledRefund[]
  disputes_lost: ReconciledDispute[]
  /** The local gateway's intent amount and refunds (null/0 when the intent is not in the sandbox: Stripe). */
  sandbox_amount_cents: number | null
  sandbox_refunded_cents: number
}

export type StorePaymentReconciliationRow = {
  id: string
  payment_intent_id: string
  paid_at: Date | null
  cancelled: boolean
  charge_cents: number
  platform_fee_cents: number
  /** The application fee the store payment's succeeded refunds returned (docs/refunds.md, "Store orders"). */
  refunded_fee_cents: number
  transfers_sent_cents: number
  reversals_cents: number
  disputes_lost: ReconciledDispute[]
  sandbox_amount_cents: number | null
  sandbox_refunded_cents: number
}

/** Sandbox refunds that count as given back: succeeded (local refunds succeed at once) or still pending. */
const REFUNDED_STATUSES_SQL = `('succeeded', 'pending')`

const lossPlanShare = (plan: DisputePlanItem[] | null) => (plan ?? []).reduce((a, b) => a + Number(b.amount_cents), 0)

type RawDispute = { amount_cents: number; loss_plan: DisputePlanItem[] | null }
const toDisputes = (rows: RawDispute[] | null): ReconciledDispute[] =>
  (rows ?? []).map((d) => ({ disputedCents: Number(d.amount_cents), artistsShareCents: lossPlanShare(d.loss_plan) }))

/** The gallery orders charged in [from, to), oldest first, with every fact of their reconciliation: one statement. */
export async function listGalleryOrdersToReconcile(
  source: PgSource,
  range: { from: Date; to: Date }
): Promise<GalleryOrderReconciliationRow[]> {
  const { rows } = await toKnex(source).raw(
    `SELECT o.id, o.public_id, o.payment_intent_id, o.paid_at, (o.status = 'cancelled') AS cancelled,
            o.total_cents, o.gallery_fee_cents, o.stripe_fee_cents,
            coalesce((SELECT json_agg(json_build_object('subtotalCents', ao.subtotal_cents,
                                                        'shippingCents', ao.shipping_cents,
                                                        'payoutCents', ao.payout_cents) ORDER BY ao.id)
                        FROM gallery_artist_order ao WHERE ao.gallery_order_id = o.id AND ao.deleted_at IS NULL), '[]') AS artist_orders,
            coalesce(led.transfers_sent, 0)::bigint AS transfers_sent_cents,
            coalesce(led.reversals, 0)::bigint AS reversals_cents,
            coalesce(pay.pending, 0)::bigint AS pending_payouts_cents,
            coalesce(pay.held, 0)::bigint AS held_payouts_cents,
            coalesce((SELECT json_agg(json_build_object('merchandiseCents', r.merchandise_cents,
                                                        'shippingCents', r.shipping_cents,
                                                        'galleryFeeCents', r.gallery_fee_cents,
                                                        'processingFeeCents', r.processing_fee_cents,
                                                        'artistShareCents', r.artist_share_cents) ORDER BY r.id)
                        FROM gallery_refund r
                       WHERE r.gallery_order_id = o.id AND r.status <> 'failed' AND r.deleted_at IS NULL), '[]') AS refunds,
            coalesce((SELECT json_agg(json_build_object('amount_cents', d.amount_cents, 'loss_plan', d.loss_plan) ORDER BY d.id)
                        FROM gallery_dispute d
                       WHERE d.gallery_order_id = o.id AND d.outcome = 'lost' AND d.deleted_at IS NULL), '[]') AS disputes_lost,
            si.amount AS sandbox_amount_cents,
            coalesce((SELECT sum(sr.amount) FROM sandbox_refund sr
                       WHERE sr.payment_intent_id = o.payment_intent_id AND sr.status IN ${REFUNDED_STATUSES_SQL}
                         AND sr.deleted_at IS NULL), 0)::bigint AS sandbox_refunded_cents
       FROM gallery_order o
       LEFT JOIN LATERAL (
         SELECT sum(e.amount_cents) FILTER (WHERE e.kind = 'transfer_sent') AS transfers_sent,
                sum(e.amount_cents) FILTER (WHERE e.kind IN ('refund_reversal', 'dispute_reversal')) AS reversals
           FROM gallery_ledger_entry e WHERE e.gallery_order_id = o.id AND e.deleted_at IS NULL
       ) led ON true
       LEFT JOIN LATERAL (
         SELECT sum(p.amount_cents) FILTER (WHERE p.status = 'pending') AS pending,
                sum(p.amount_cents) FILTER (WHERE p.status = 'pending' AND p.held_at IS NOT NULL) AS held
           FROM gallery_payout p WHERE p.gallery_order_id = o.id AND p.deleted_at IS NULL
       ) pay ON true
       LEFT JOIN sandbox_payment_intent si ON si.id = o.payment_intent_id AND si.deleted_at IS NULL
      WHERE o.deleted_at IS NULL AND o.payment_intent_id IS NOT NULL
        AND ((o.paid_at >= ? AND o.paid_at < ?)
          OR (o.paid_at IS NULL AND o.payment_failure = 'out_of_stock' AND o.cancelled_at >= ? AND o.cancelled_at < ?))
      ORDER BY coalesce(o.paid_at, o.cancelled_at), o.id`,
    [range.from, range.to, range.from, range.to] as Knex.RawBinding[]
  )
  return rows.map((r: Record<string, any>) => ({ // eslint-disable-line @typescript-eslint/no-explicit-any
    ...r,
    total_cents: Number(r.total_cents),
    gallery_fee_cents: Number(r.gallery_fee_cents),
    stripe_fee_cents: Number(r.stripe_fee_cents),
    transfers_sent_cents: Number(r.transfers_sent_cents),
    reversals_cents: Number(r.reversals_cents),
    pending_payouts_cents: Number(r.pending_payouts_cents),
    held_payouts_cents: Number(r.held_payouts_cents),
    disputes_lost: toDisputes(r.disputes_lost),
    sandbox_amount_cents: r.sandbox_amount_cents === null ? null : Number(r.sandbox_amount_cents),
    sandbox_refunded_cents: Number(r.sandbox_refunded_cents),
  })) as GalleryOrderReconciliationRow[]
}

/** The artist store payments charged in [from, to), oldest first, with the facts of their reconciliation. */
export async function listStorePaymentsToReconcile(
  source: PgSource,
  range: { from: Date; to: Date }
): Promise<StorePaymentReconciliationRow[]> {
  const { rows } = await toKnex(source).raw(
    `SELECT s.id, s.payment_intent_id, s.paid_at, (s.status = 'cancelled') AS cancelled,
            (s.subtotal_cents + s.shipping_cents)::bigint AS charge_cents, s.platform_fee_cents,
            coalesce((SELECT sum(sr.application_fee_cents) FROM store_refund sr
                       WHERE sr.store_payment_id = s.id AND sr.status = 'succeeded' AND sr.deleted_at IS NULL), 0)::bigint
              AS refunded_fee_cents,
            coalesce((SELECT sum(e.amount_cents) FROM gallery_ledger_entry e
                       WHERE e.store_payment_id = s.id AND e.kind = 'transfer_sent' AND e.deleted_at IS NULL), 0)::bigint
              AS transfers_sent_cents,
            coalesce((SELECT sum(e.amount_cents) FROM gallery_ledger_entry e
                       WHERE e.store_payment_id = s.id AND e.kind IN ('refund_reversal', 'dispute_reversal')
                         AND e.deleted_at IS NULL), 0)::bigint AS reversals_cents,
            coalesce((SELECT json_agg(json_build_object('amount_cents', d.amount_cents, 'loss_plan', d.loss_plan) ORDER BY d.id)
                        FROM gallery_dispute d
                       WHERE d.store_payment_id = s.id AND d.outcome = 'lost' AND d.deleted_at IS NULL), '[]') AS disputes_lost,
            si.amount AS sandbox_amount_cents,
            coalesce((SELECT sum(sr.amount) FROM sandbox_refund sr
                       WHERE sr.payment_intent_id = s.payment_intent_id AND sr.status IN ${REFUNDED_STATUSES_SQL}
                         AND sr.deleted_at IS NULL), 0)::bigint AS sandbox_refunded_cents
       FROM store_payment s
       LEFT JOIN sandbox_payment_intent si ON si.id = s.payment_intent_id AND si.deleted_at IS NULL
      WHERE s.deleted_at IS NULL
        AND ((s.paid_at >= ? AND s.paid_at < ?)
          OR (s.paid_at IS NULL AND s.payment_failure = 'out_of_stock' AND s.cancelled_at >= ? AND s.cancelled_at < ?))
      ORDER BY coalesce(s.paid_at, s.cancelled_at), s.id`,
    [range.from, range.to, range.from, range.to] as Knex.RawBinding[]
  )
  return rows.map((r: Record<string, any>) => ({ // eslint-disable-line @typescript-eslint/no-explicit-any
    ...r,
    charge_cents: Number(r.charge_cents),
    platform_fee_cents: Number(r.platform_fee_cents),
    refunded_fee_cents: Number(r.refunded_fee_cents),
    transfers_sent_cents: Number(r.transfers_sent_cents),
    reversals_cents: Number(r.reversals_cents),
    disputes_lost: toDisputes(r.disputes_lost),
    sandbox_amount_cents: r.sandbox_amount_cents === null ? null : Number(r.sandbox_amount_cents),
    sandbox_refunded_cents: Number(r.sandbox_refunded_cents),
  })) as StorePaymentReconciliationRow[]
}
