import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { CLOSED_DISPUTE_STATUSES, type DisputePlanItem, type DisputeStatus } from "../lib/disputes"
import { fromCents } from "../lib/money"
import { toKnex, type PgSource } from "./pg"

/**
 * Reads of payment disputes (docs/disputes.md): the order an event's dispute concerns (for its lock), a dispute with
 * what its reversals and emails need, the administrators' list, and the refunds Atelier itself made on a charge.
 */

/** The gallery order a dispute event concerns: by the dispute already recorded, else by the payment's intent. */
export async function findDisputeGalleryOrderId(
  source: PgSource,
  input: { providerDisputeId: string; paymentIntentId: string | null }
): Promise<string | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT coalesce(
       (SELECT d.gallery_order_id FROM gallery_dispute d WHERE d.provider_dispute_id = ? AND d.deleted_at IS NULL),
       (SELECT o.id FROM gallery_order o WHERE o.payment_intent_id = ? AND o.deleted_at IS NULL)
     ) AS id`,
    [input.providerDisputeId, input.paymentIntentId ?? null] as Knex.RawBinding[]
  )
  return (rows[0]?.id as string | null) ?? null
}

export type DisputeRecord = {
  id: string
  provider_dispute_id: string
  gallery_order_id: string | null
  store_payment_id: string | null
  public_id: string | null
  payment_intent_id: string | null
  amount_cents: number
  currency_code: string
  reason: string
  status: DisputeStatus
  outcome: "won" | "lost" | null
  evidence_due_by: Date | null
  opened_at: Date
  closed_at: Date | null
  loss_plan: DisputePlanItem[] | null
  /** The organizations concerned: the order's artists, or the store's organization. */
  organization_ids: string[]
}

/** A dispute with its order's public id and the organizations concerned; null when unknown. */
export async function getDispute(source: PgSource, disputeId: string): Promise<DisputeRecord | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT d.id, d.provider_dispute_id, d.gallery_order_id, d.store_payment_id, o.public_id, d.payment_intent_id,
            d.amount_cents, d.currency_code, d.reason, d.status, d.outcome, d.evidence_due_by, d.opened_at, d.closed_at,
            d.loss_plan,
            coalesce(
              (SELECT array_agg(DISTINCT ao.organization_id) FROM gallery_artist_order ao
               WHERE ao.gallery_order_id = d.gallery_order_id AND ao.deleted_at IS NULL),
              (SELECT array_agg(s.organization_id) FROM store_payment s WHERE s.id = d.store_payment_id),
              '{}'::text[]
            ) AS organization_ids
     FROM gallery_dispute d
     LEFT JOIN gallery_order o ON o.id = d.gallery_order_id
     WHERE d.id = ? AND d.deleted_at IS NULL`,
    [disputeId]
  )
  return (rows[0] as DisputeRecord | undefined) ?? null
}

/** A store payment as a lost dispute's reversal needs it: its intent (and lock), organization and destination transfer. */
export type DisputedStorePayment = {
  id: string
  organization_id: string
  payment_intent_id: string
  transfer_id: string | null
}

export async function getDisputedStorePayment(source: PgSource, storePaymentId: string): Promise<DisputedStorePayment | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT id, organization_id, payment_intent_id, transfer_id FROM store_payment WHERE id = ? AND deleted_at IS NULL`,
    [storePaymentId]
  )
  return (rows[0] as DisputedStorePayment | undefined) ?? null
}

/** `open`: every dispute not closed; `closed`: won or lost; `all`. */
export type DisputeListFilter = "open" | "closed" | "all"

export type AdminDisputeView = {
  id: string
  providerDisputeId: string
  status: DisputeStatus
  outcome: "won" | "lost" | null
  reason: string
  amount: number
  currencyCode: string
  evidenceDueBy: string | null
  openedAt: string
  closedAt: string | null
  order: { id: string; publicId: string; total: number } | null
  storePaymentId: string | null
  artists: { id: string; name: string }[]
}

const iso = (value: Date | string | null): string | null => (value ? new Date(value).toISOString() : null)

/**
 * The administrators' list of disputes (GET /api/admin/disputes): by evidence due date, the soonest first (those
 * without one last), each with its order's public id, the disputed amount and the artists concerned.
 */
export async function listAdminDisputes(
  source: PgSource,
  input: { status: DisputeListFilter; limit: number }
): Promise<AdminDisputeView[]> {
  const closed = [...CLOSED_DISPUTE_STATUSES]
  const filter =
    input.status === "open" ? "AND NOT (d.status = ANY(?::text[]))" : input.status === "closed" ? "AND d.status = ANY(?::text[])" : ""
  const bindings: unknown[] = input.status === "all" ? [] : [closed]
  bindings.push(input.limit)
  const { rows } = await toKnex(source).raw(
    `SELECT d.id, d.provider_dispute_id, d.status, d.outcome, d.reason, d.amount_cents, d.currency_code, d.evidence_due_by,
            d.opened_at, d.closed_at, d.gallery_order_id, o.public_id, o.total_cents, d.store_payment_id,
            coalesce((
              SELECT json_agg(json_build_object('id', org.id, 'name', org.name) ORDER BY org.name, org.id)
              FROM organization org
              WHERE org.deleted_at IS NULL AND org.id IN (
                SELECT ao.organization_id FROM gallery_artist_order ao
                WHERE ao.gallery_order_id = d.gallery_order_id AND ao.deleted_at IS NULL
                UNION SELECT s.organization_id FROM store_payment s WHERE s.id = d.store_payment_id)
            ), '[]'::json) AS artists
     FROM gallery_dispute d
     LEFT JOIN gallery_order o ON o.id = d.gallery_order_id
     WHERE d.deleted_at IS NULL ${filter}
     ORDER BY d.evidence_due_by ASC NULLS LAST, d.opened_at ASC, d.id ASC
     LIMIT ?`,
    bindings as Knex.RawBinding[]
  )
  return (rows as Record<string, any>[]).map((row) => ({ // eslint-disable-line @typescript-eslint/no-explicit-any
    id: row.id,
    providerDisputeId: row.provider_dispute_id,
    status: row.status,
    outcome: row.outcome,
    reason: row.reason,
    amount: fromCents(row.amount_cents),
    currencyCode: row.currency_code,
    evidenceDueBy: iso(row.evidence_due_by),
    openedAt: iso(row.opened_at) as string,
    closedAt: iso(row.closed_at),
    order: row.gallery_order_id ? { id: row.gallery_order_id, publicId: row.public_id, total: fromCents(row.total_cents) } : null,
    storePaymentId: row.store_payment_id,
    artists: row.artists,
  }))
}

/** The provider's ids of the refunds Atelier itself made on a gallery order's payment (cancellations, refunds). */
export async function atelierRefundIdsOfIntent(source: PgSource, paymentIntentId: string): Promise<Set<string>> {
  const { rows } = await toKnex(source).raw(
    `SELECT o.refund_id AS id FROM gallery_order o WHERE o.payment_intent_id = ? AND o.refund_id IS NOT NULL
     UNION
     SELECT r.provider_refund_id FROM gallery_refund r JOIN gallery_order o ON o.id = r.gallery_order_id
     WHERE o.payment_intent_id = ? AND r.provider_refund_id IS NOT NULL AND r.deleted_at IS NULL`,
    [paymentIntentId, paymentIntentId]
  )
  return new Set((rows as { id: string }[]).map((row) => row.id))
}

/** A gallery order as the administrators' email about a refund made outside Atelier tells of it. */
export async function getProviderRefundOrder(
  source: PgSource,
  orderId: string
): Promise<{ id: string; public_id: string; payment_intent_id: string | null; total_cents: number; provider_refunded_cents: number } | null> {
  const { rows } = await toKnex(source).raw(
    `SELECT id, public_id, payment_intent_id, total_cents, provider_refunded_cents FROM gallery_order
     WHERE id = ? AND deleted_at IS NULL`,
    [orderId]
  )
  return rows[0] ?? null
}
