/**
 * Rules of payment disputes (chargebacks; docs/disputes.md): Stripe's dispute statuses and which of them are open,
 * what a dispute event says once normalized, how a lost dispute's amount is split over the artists' payouts, and the
 * keys that make every effect happen once (outbox messages, provider idempotency keys, ledger entries, emails).
 * Pure: no I/O.
 */

/** Stripe's dispute statuses (`dispute.status`), in the order a dispute usually goes through them. */
export const DISPUTE_STATUSES = [
  "warning_needs_response",
  "warning_under_review",
  "warning_closed",
  "needs_response",
  "under_review",
  "won",
  "lost",
] as const
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number]

/** Statuses after which nothing changes any more (an inquiry closed without a chargeback counts as won). */
export const CLOSED_DISPUTE_STATUSES: readonly DisputeStatus[] = ["warning_closed", "won", "lost"]

/** What a closed dispute came to for the money: `lost` takes the disputed amount; `won` (or an inquiry closed) none. */
export type DisputeOutcome = "won" | "lost"

export function isDisputeStatus(value: unknown): value is DisputeStatus {
  return typeof value === "string" && (DISPUTE_STATUSES as readonly string[]).includes(value)
}

export function isOpenDisputeStatus(status: DisputeStatus): boolean {
  return !CLOSED_DISPUTE_STATUSES.includes(status)
}

/** The outcome of a closed status; null while the dispute is open. */
export function disputeOutcome(status: DisputeStatus): DisputeOutcome | null {
  if (status === "lost") return "lost"
  if (status === "won" || status === "warning_closed") return "won"
  return null
}

/** Why a payout is held while a dispute of its order is open (`gallery_payout.held_reason`). */
export function disputeHoldReason(disputeId: string): string {
  return `dispute:${disputeId}`
}

/**
 * The provider idempotency key of the reversal a lost dispute takes from one transferred payout, or from an artist
 * store payment's destination transfer (`recordId` the store payment's id).
 */
export function disputeReversalIdempotencyKey(providerDisputeId: string, recordId: string): string {
  return `dispute-reversal-${providerDisputeId}-${recordId}`
}

/**
 * Ledger entry keys of a lost dispute: the reversal of a sent payout (or of a store payment's destination transfer,
 * `recordId` the store payment's id), the cut of an unsent one.
 */
export function disputeReversalLedgerKey(disputeId: string, recordId: string): string {
  return `dispute_reversal:${disputeId}:${recordId}`
}
export function disputeReductionLedgerKey(disputeId: string, payoutId: string): string {
  return `transfer_reduced:${disputeId}:${payoutId}`
}

/** Why a payout a lost dispute cut to nothing is never transferred (`gallery_payout.failure_reason`). */
export const PAYOUT_DISPUTE_LOST_REASON = "dispute_lost"

/** The short texts of a dispute's ledger entries. */
export const DISPUTE_LEDGER_DESCRIPTIONS = {
  reversal: (publicId: string) => `Transfer reversed: dispute lost on gallery order #${publicId}`,
  reduction: (publicId: string) => `Payout cut: dispute lost on gallery order #${publicId}`,
  storeReversal: "Transfer reversed: dispute lost on a store sale",
} as const

// ------------------------------------------------------------------------------------------------------------
// Events

/** A dispute as the provider's event carries it (Stripe's dispute object), normalized. */
export type DisputeFacts = {
  providerDisputeId: string
  chargeId: string | null
  paymentIntentId: string | null
  amountCents: number
  currency: string
  reason: string
  status: DisputeStatus
  evidenceDueBy: Date | null
  openedAt: Date | null
}

function text(value: unknown): string | null {
  if (typeof value === "string" && value.trim()) return value.trim()
  if (value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string") {
    return (value as { id: string }).id
  }
  return null
}

/** A Unix time in seconds (Stripe's timestamps) as a date; null when absent or not a number. */
function unixDate(value: unknown): Date | null {
  const seconds = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds <= 0) return null
  return new Date(Math.round(seconds * 1000))
}

/**
 * The facts of a `charge.dispute.*` event's object; null when it is not a dispute Atelier can record (no id, an
 * unknown status or an amount that is not a positive number of cents). `charge` and `payment_intent` may be ids or
 * expanded objects.
 */
export function disputeFactsOf(object: Record<string, unknown>): DisputeFacts | null {
  const providerDisputeId = text(object.id)
  const status = object.status
  const amount = object.amount
  if (!providerDisputeId || !isDisputeStatus(status)) return null
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) return null
  const evidence = object.evidence_details
  return {
    providerDisputeId,
    chargeId: text(object.charge),
    paymentIntentId: text(object.payment_intent),
    amountCents: amount,
    currency: (text(object.currency) ?? "usd").toLowerCase(),
    reason: (text(object.reason) ?? "general").slice(0, 200),
    status,
    evidenceDueBy: evidence && typeof evidence === "object" ? unixDate((evidence as { due_by?: unknown }).due_by) : null,
    openedAt: unixDate(object.created),
  }
}

/** A `charge.refunded` event's charge: its intent, what was refunded in all, and the refunds it lists. */
export type ProviderRefundFacts = {
  chargeId: string | null
  paymentIntentId: string | null
  amountRefundedCents: number
  refunds: { id: string; amountCents: number }[]
}

export function providerRefundFactsOf(object: Record<string, unknown>): ProviderRefundFacts | null {
  const amountRefunded = object.amount_refunded
  if (typeof amountRefunded !== "number" || !Number.isSafeInteger(amountRefunded) || amountRefunded < 0) return null
  const list = object.refunds && typeof object.refunds === "object" ? (object.refunds as { data?: unknown }).data : null
  const refunds = (Array.isArray(list) ? list : []).flatMap((refund: unknown) => {
    if (!refund || typeof refund !== "object") return []
    const id = text((refund as { id?: unknown }).id)
    const amount = (refund as { amount?: unknown }).amount
    return id && typeof amount === "number" && Number.isSafeInteger(amount) && amount > 0 ? [{ id, amountCents: amount }] : []
  })
  return {
    chargeId: text(object.id),
    paymentIntentId: text(object.payment_intent),
    amountRefundedCents: amountRefunded,
    refunds,
  }
}

// ------------------------------------------------------------------------------------------------------------
// A lost dispute's split

/**
 * A payout as a lost dispute finds it: `transferred` (its `baseCents` is what still sits with the artist: the
 * transfer less what refunds and earlier reversals took back) or `pending` (not sent; `baseCents` its amount).
 */
export type DisputedPayout = {
  payoutId: string
  organizationId: string
  artistOrderId: string
  status: "pending" | "transferred"
  baseCents: number
  transferId: string | null
}

/** What a lost dispute takes from one payout: a transfer reversal, or a cut of the unsent payout. */
export type DisputeLossItem = {
  payout_id: string
  organization_id: string
  artist_order_id: string
  action: "reversal" | "reduction"
  amount_cents: number
  transfer_id: string | null
  /** The provider's reversal, once made and recorded (reversals only). */
  reversal_id: string | null
}

/**
 * Splits `totalCents` over parts in proportion to their weights, in whole cents: each part gets the floor of its exact
 * share, and the cents left go one each to the largest remainders (ties to the earlier part). The shares add up to
 * exactly `totalCents` and none exceeds its weight when `totalCents` does not exceed the weights' sum.
 */
export function splitProportionally(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (totalCents <= 0 || sum <= 0) return weights.map(() => 0)
  const total = Math.min(totalCents, sum)
  const exact = weights.map((w) => (w * total) / sum)
  const shares = exact.map((e) => Math.floor(e))
  let left = total - shares.reduce((a, b) => a + b, 0)
  const order = exact
    .map((e, index) => ({ index, remainder: e - Math.floor(e) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of order) {
    if (left <= 0) break
    if (shares[index] < weights[index]) {
      shares[index] += 1
      left -= 1
    }
  }
  return shares
}

/**
 * What a lost dispute takes back from each artist (docs/disputes.md, "A lost dispute"): each payout's share of the
 * disputed amount, in proportion to the disputed amount over what the charge still held (its amount less refunds).
 * A dispute of the whole charge takes each payout's whole base. The gallery bears its own fee's share and Stripe's
 * dispute fee. Sent payouts are reversed, unsent ones cut; payouts with nothing left are skipped.
 */
export function planDisputeLoss(input: {
  disputedCents: number
  chargeCents: number
  payouts: readonly DisputedPayout[]
}): DisputeLossItem[] {
  const payouts = input.payouts.filter((p) => p.baseCents > 0)
  if (!payouts.length || input.disputedCents <= 0 || input.chargeCents <= 0) return []
  const bases = payouts.map((p) => p.baseCents)
  const baseSum = bases.reduce((a, b) => a + b, 0)
  const whole = input.disputedCents >= input.chargeCents
  // The artists' part of the disputed amount, rounded half-up; the split keeps each share within its base.
  const artistsCents = whole ? baseSum : Math.min(baseSum, Math.round((baseSum * input.disputedCents) / input.chargeCents))
  const shares = whole ? bases : splitProportionally(artistsCents, bases)
  return payouts.flatMap((p, index): DisputeLossItem[] =>
    shares[index] > 0
      ? [
          {
            payout_id: p.payoutId,
            organization_id: p.organizationId,
            artist_order_id: p.artistOrderId,
            action: p.status === "transferred" ? "reversal" : "reduction",
            amount_cents: shares[index],
            transfer_id: p.status === "transferred" ? p.transferId : null,
            reversal_id: null,
          },
        ]
      : []
  )
}

// ------------------------------------------------------------------------------------------------------------
// A lost dispute of an artist store's payment (a destination charge)

/**
 * What a lost dispute of an artist store's payment takes back (docs/disputes.md, "Store payments"): one reversal of
 * the destination charge's transfer to the artist, stored on the dispute (`loss_plan`, with the facts it was computed
 * from) when the dispute closes lost, and its provider id once made and recorded.
 */
export type StoreDisputeReversalItem = {
  action: "store_reversal"
  store_payment_id: string
  organization_id: string
  /** The reversal: the disputed amount less the application fee's share, within what is left of the transfer. */
  amount_cents: number
  disputed_cents: number
  /** The destination charge's amount (merchandise and shipping). */
  charge_cents: number
  /** The application fee Atelier kept (Stripe does not return it on a dispute: the platform bears its share). */
  application_fee_cents: number
  /** round(application fee x disputed / charge): the part of the disputed amount the platform bears. */
  application_fee_share_cents: number
  /** The destination transfer's amount and what refunds and earlier reversals already took back of it. */
  transfer_cents: number
  already_reversed_cents: number
  /** The destination charge's transfer (`tr_...`); null until known (looked up from the provider before reversing). */
  transfer_id: string | null
  /** The provider's reversal, once made and recorded. */
  reversal_id: string | null
}

/** An item of a dispute's stored plan: a gallery payout's reversal or cut, or a store payment's reversal. */
export type DisputePlanItem = DisputeLossItem | StoreDisputeReversalItem

/**
 * The reversal a lost dispute of a store payment takes from the artist: the disputed amount less the application
 * fee's share of it (round(fee x disputed / charge), half-up; the whole fee for a dispute of the whole charge), never
 * more than what is still with the artist (the transfer less what was already reversed, e.g. by refunds). Null when
 * nothing is to be reversed (nothing disputed, nothing left of the transfer, or a disputed amount within the fee).
 */
export function planStoreDisputeReversal(input: {
  storePaymentId: string
  organizationId: string
  disputedCents: number
  chargeCents: number
  applicationFeeCents: number
  transferCents: number
  alreadyReversedCents: number
  transferId: string | null
}): StoreDisputeReversalItem | null {
  const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0)
  const charge = whole(input.chargeCents)
  const disputed = Math.min(whole(input.disputedCents), charge)
  if (disputed <= 0) return null
  const fee = Math.min(whole(input.applicationFeeCents), charge)
  const feeShare = disputed === charge ? fee : Math.round((fee * disputed) / charge)
  const left = Math.max(0, whole(input.transferCents) - whole(input.alreadyReversedCents))
  const amount = Math.min(disputed - feeShare, left)
  if (amount <= 0) return null
  return {
    action: "store_reversal",
    store_payment_id: input.storePaymentId,
    organization_id: input.organizationId,
    amount_cents: amount,
    disputed_cents: disputed,
    charge_cents: charge,
    application_fee_cents: fee,
    application_fee_share_cents: feeShare,
    transfer_cents: whole(input.transferCents),
    already_reversed_cents: whole(input.alreadyReversedCents),
    transfer_id: input.transferId,
    reversal_id: null,
  }
}
