// Daily money reconciliation (docs/payouts-ledger.md, "Reconciliation"): for one charge — a gallery order's payment or
// an artist store's destination charge — the facts read independently from the provider, the ledger, the payouts and
// the order's own stored fees and refund records, and whether they add up to the charge, to the cent. Pure: no I/O.
import { fromCents } from "./money"

export type ReconciliationKind = "gallery_order" | "store_payment"

/** A refund record of a gallery artist order (gallery_refund): its parts and what the artist gave back of it. */
export type ReconciledRefund = {
  merchandiseCents: number
  shippingCents: number
  galleryFeeCents: number
  processingFeeCents: number
  /** What came back from the artist (reversal, or cut from the unsent payout): 88 % of the merchandise + the shipping. */
  artistShareCents: number
}

/** A lost dispute: its amount as the provider reports it, and the artists' part of it (the stored loss plan). */
export type ReconciledDispute = { disputedCents: number; artistsShareCents: number }

/** One gallery order's facts, each from its own source. */
export type GalleryChargeFacts = {
  kind: "gallery_order"
  /** The provider: the payment intent's amount. */
  chargeCents: number
  /** The provider: the refunds of the intent (succeeded or pending at the provider), summed. */
  providerRefundedCents: number
  /** The ledger: `transfer_sent` entries of the order. */
  transfersSentCents: number
  /** The ledger: `refund_reversal` + `dispute_reversal` entries of the order (their amounts, positive). */
  reversalsCents: number
  /** gallery_payout: payouts still to send (`pending`, held ones included), at their current (possibly cut) amount. */
  pendingPayoutsCents: number
  /** Of those, the ones an open dispute holds back (reported, already inside pendingPayoutsCents). */
  heldPayoutsCents: number
  /** The order as stored at checkout. */
  galleryFeeCents: number
  stripeFeeCents: number
  artistOrders: { subtotalCents: number; shippingCents: number; payoutCents: number }[]
  /** The order was cancelled (by an administrator, or out of stock at settlement): its whole charge is refunded. */
  cancelled: boolean
  refunds: ReconciledRefund[]
  disputesLost: ReconciledDispute[]
}

/** One artist store payment's facts (a destination charge). */
export type StoreChargeFacts = {
  kind: "store_payment"
  chargeCents: number
  providerRefundedCents: number
  /** The ledger: the destination charge's `transfer_sent` (the charge less the platform fee, paid at once). */
  transfersSentCents: number
  /** The ledger: reversals recorded against the store payment (a refund's, a lost dispute's). */
  reversalsCents: number
  /** store_payment.platform_fee_cents: the application fee the platform kept. */
  platformFeeCents: number
  /**
   * The application fee the store payment's succeeded refunds returned (store_refund.application_fee_cents: Stripe's
   * `refund_application_fee`, docs/refunds.md "Store orders"); their amount less it came back from the artist, a
   * `refund_reversal` in `reversalsCents`. Absent: none.
   */
  refundedFeeCents?: number
  /** Cancelled out of stock: the provider refunded the charge with the transfer and the application fee. */
  cancelled: boolean
  disputesLost: ReconciledDispute[]
}

export type ChargeFacts = GalleryChargeFacts | StoreChargeFacts

/** The terms of the identity, in cents. */
export type ReconciliationTerms = {
  charge: number
  transfers_sent: number
  reversals: number
  pending_transfers: number
  commission: number
  processing_fee: number
  refunds: number
  disputes: number
}

export type ReconciledCharge = ReconciliationTerms & {
  /** Informational: the part of pending_transfers an open dispute holds back. */
  held_transfers: number
  /** transfers_sent − reversals + pending_transfers + commission + processing_fee + refunds + disputes. */
  expected: number
  /** charge − expected: 0 when the charge adds up. */
  difference: number
  adds_up: boolean
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** The gallery's share of lost disputes: what the artists did not give back (it bears the rest: docs/disputes.md). */
function galleryDisputeShare(disputes: ReconciledDispute[]): number {
  return sum(disputes.map((d) => d.disputedCents - d.artistsShareCents))
}

/**
 * The commission the gallery keeps of a gallery order: the buyer's gallery fee plus, per artist order, the 12 % it
 * kept of the merchandise (subtotal − (payout − shipping)), less what refunds gave back of both (their gallery fee, and
 * the merchandise less the artist's part of it), less the gallery's share of lost disputes. A cancelled order keeps
 * nothing: its cancellation refunded the whole charge.
 */
export function galleryCommissionCents(facts: GalleryChargeFacts): number {
  if (facts.cancelled) return 0 - galleryDisputeShare(facts.disputesLost)
  const kept =
    facts.galleryFeeCents + sum(facts.artistOrders.map((a) => a.subtotalCents - (a.payoutCents - a.shippingCents)))
  const givenBack = sum(
    facts.refunds.map((r) => r.galleryFeeCents + r.merchandiseCents - (r.artistShareCents - r.shippingCents))
  )
  return kept - givenBack - galleryDisputeShare(facts.disputesLost)
}

/** The processing fee kept: what the buyer paid for it less what refunds gave back (0 once cancelled). */
export function galleryProcessingFeeCents(facts: GalleryChargeFacts): number {
  if (facts.cancelled) return 0
  return facts.stripeFeeCents - sum(facts.refunds.map((r) => r.processingFeeCents))
}

/** Each term of the identity for one charge, from its facts. */
export function reconciliationTerms(facts: ChargeFacts): ReconciliationTerms {
  const disputes = sum(facts.disputesLost.map((d) => d.disputedCents))
  if (facts.kind === "gallery_order") {
    return {
      charge: facts.chargeCents,
      transfers_sent: facts.transfersSentCents,
      reversals: facts.reversalsCents,
      pending_transfers: facts.pendingPayoutsCents,
      commission: galleryCommissionCents(facts),
      processing_fee: galleryProcessingFeeCents(facts),
      refunds: facts.providerRefundedCents,
      disputes,
    }
  }
  return {
    charge: facts.chargeCents,
    transfers_sent: facts.transfersSentCents,
    reversals: facts.reversalsCents,
    pending_transfers: 0,
    // The application fee; a cancelled payment's refund gave it back (refund_application_fee). The platform bears
    // what a lost dispute takes beyond the artist's reversal (the fee's share of it: docs/disputes.md).
    // Store refunds returned part of the fee with their amount (refund_application_fee).
    commission: (facts.cancelled ? 0 : facts.platformFeeCents - (facts.refundedFeeCents ?? 0)) - galleryDisputeShare(facts.disputesLost),
    // Stripe takes its fee on a destination charge from the platform's application fee, outside the charge's split.
    processing_fee: 0,
    refunds: facts.providerRefundedCents,
    disputes,
  }
}

/**
 * The identity: charge = transfers_sent − reversals + pending_transfers + commission + processing_fee + refunds +
 * disputes, to the cent. Every cent the customer paid is with an artist (sent and not taken back, or still to be sent),
 * with the gallery (commission and processing fee kept), back with the customer (refunds) or taken by a lost dispute.
 */
export function reconcileCharge(facts: ChargeFacts): ReconciledCharge {
  const terms = reconciliationTerms(facts)
  const expected =
    terms.transfers_sent -
    terms.reversals +
    terms.pending_transfers +
    terms.commission +
    terms.processing_fee +
    terms.refunds +
    terms.disputes
  const difference = terms.charge - expected
  return {
    ...terms,
    held_transfers: facts.kind === "gallery_order" ? facts.heldPayoutsCents : 0,
    expected,
    difference,
    adds_up: difference === 0,
  }
}

export const RECONCILIATION_AMOUNT_FIELDS = [
  "charge",
  "transfers_sent",
  "reversals",
  "pending_transfers",
  "commission",
  "processing_fee",
  "refunds",
  "disputes",
  "held_transfers",
  "expected",
  "difference",
] as const
export type ReconciliationAmountField = (typeof RECONCILIATION_AMOUNT_FIELDS)[number]

/** A reconciled charge's amounts in USD, as the API answers them. */
export function reconciledChargeInUsd(charge: ReconciledCharge): Record<ReconciliationAmountField, number> & { adds_up: boolean } {
  const usd = Object.fromEntries(RECONCILIATION_AMOUNT_FIELDS.map((f) => [f, fromCents(charge[f])])) as Record<
    ReconciliationAmountField,
    number
  >
  return { ...usd, adds_up: charge.adds_up }
}

/** Totals of a day's charges per term, in cents. */
export function reconciliationTotals(charges: ReconciledCharge[]): Record<ReconciliationAmountField, number> {
  return Object.fromEntries(
    RECONCILIATION_AMOUNT_FIELDS.map((f) => [f, sum(charges.map((c) => c[f]))])
  ) as Record<ReconciliationAmountField, number>
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** A UTC calendar day `YYYY-MM-DD` as [start, end) instants, or null when it is not a real date. */
export function utcDayRange(date: string): { from: Date; to: Date } | null {
  const match = DATE_PATTERN.exec(date)
  if (!match) return null
  const from = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  if (Number.isNaN(from.getTime()) || from.toISOString().slice(0, 10) !== date) return null
  return { from, to: new Date(from.getTime() + 86_400_000) }
}

/** The UTC day before `now`, `YYYY-MM-DD`: the reconciliation's default. */
export function previousUtcDay(now: Date): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10)
}
