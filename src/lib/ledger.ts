/**
 * Rules of an organization's money ledger (docs/payouts-ledger.md): the kinds of entry, what each does to the
 * artist's earnings and to the money sent to their account, and the balance the entries add up to. An entry is
 * written with the movement it records, in the same statement or transaction, and never updated or deleted.
 */

export const LEDGER_ENTRY_KINDS = [
  /** The artist's share of a sale's merchandise: 88 % of it in the gallery, all of it in their own store. */
  "sale_earned",
  /** The shipping charge of a sale, all of it the artist's. */
  "shipping_earned",
  /** The platform's fee on a store sale (the plan's commission, kept from the destination charge). */
  "plan_fee",
  /** Money sent to the artist's connected account: a Connect transfer, or a store sale's destination charge. */
  "transfer_sent",
  /** A payout not yet sent made smaller (a refund before its transfer, or a cancellation): earnings go down. */
  "transfer_reduced",
  /** Money taken back from the artist's account for a refund or a cancellation (a transfer reversal). */
  "refund_reversal",
  /** Money taken back from the artist's account for a lost dispute. */
  "dispute_reversal",
  /** A correction by an administrator, with its reason. */
  "adjustment",
] as const
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number]

/** How screens and statements name each kind. */
export const LEDGER_KIND_LABELS: Record<LedgerEntryKind, string> = {
  sale_earned: "Sale",
  shipping_earned: "Shipping",
  plan_fee: "Plan fee",
  transfer_sent: "Transfer sent",
  transfer_reduced: "Payout reduced",
  refund_reversal: "Reversal",
  dispute_reversal: "Dispute",
  adjustment: "Adjustment",
}

/** What one entry does to the two sums of the balance, in cents (signed). */
export type LedgerEffect = { earnedCents: number; sentCents: number }

function assertPositiveCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`A ledger amount must be a positive integer number of cents, got ${amountCents}`)
  }
}

/**
 * The effect of an entry of `kind` over `amountCents` (always positive: the kind says which way it goes). An
 * adjustment names its own effect and is not derived here.
 */
export function ledgerEffect(kind: Exclude<LedgerEntryKind, "adjustment">, amountCents: number): LedgerEffect {
  assertPositiveCents(amountCents)
  switch (kind) {
    case "sale_earned":
    case "shipping_earned":
      return { earnedCents: amountCents, sentCents: 0 }
    case "plan_fee":
    case "transfer_reduced":
      return { earnedCents: -amountCents, sentCents: 0 }
    case "transfer_sent":
      return { earnedCents: 0, sentCents: amountCents }
    case "refund_reversal":
    case "dispute_reversal":
      return { earnedCents: -amountCents, sentCents: -amountCents }
  }
}

export type LedgerBalanceCents = {
  /** What the artist has earned, net of everything refunded, reversed or charged as a fee. */
  earnedCents: number
  /** What reached their connected account, net of reversals. */
  sentCents: number
  /** Earned, not sent and not held: what the next transfers will send. */
  pendingCents: number
  /** Payouts not yet sent that an open dispute holds back. */
  heldCents: number
}

/** The balance from the entries' sums and the amount held by open disputes. */
export function ledgerBalance(input: { earnedCents: number; sentCents: number; heldCents: number }): LedgerBalanceCents {
  const pendingCents = Math.max(0, input.earnedCents - input.sentCents - input.heldCents)
  return { earnedCents: input.earnedCents, sentCents: input.sentCents, pendingCents, heldCents: input.heldCents }
}

/** The first instant of a UTC month (Date.UTC would read the years 0-99 as 1900-1999). */
function monthStart(year: number, monthIndex: number): Date {
  const date = new Date(0)
  date.setUTCFullYear(year, monthIndex, 1)
  return date
}

/** A statement's month, `YYYY-MM` (year 1970 or later), as the half-open range of instants it covers (UTC). Null when malformed. */
export function statementMonthRange(month: string): { from: Date; to: Date } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month)
  if (!match) return null
  const year = Number(match[1])
  if (year < 1970) return null
  const monthIndex = Number(match[2]) - 1
  return { from: monthStart(year, monthIndex), to: monthStart(year, monthIndex + 1) }
}

/** The month (`YYYY-MM`, UTC) of an instant, and the `count` months up to it, newest first (the statements a page offers). */
export function recentStatementMonths(now: Date, count: number): string[] {
  const months: string[] = []
  for (let back = 0; back < count; back++) {
    const start = monthStart(now.getUTCFullYear(), now.getUTCMonth() - back)
    months.push(`${String(start.getUTCFullYear()).padStart(4, "0")}-${String(start.getUTCMonth() + 1).padStart(2, "0")}`)
  }
  return months
}

// ------------------------------------------------------------------------------------------------------------
// The entries each movement writes (the gallery module writes them in the movement's statement or transaction).

/**
 * A movement to record. `key` names it (`{kind}:{record id}`, see ledgerEntryKey), so a replayed movement writes
 * nothing twice; the effect on the balance comes from the kind (ledgerEffect). Amounts are positive cents; an entry
 * whose amount is 0 is not written.
 */
export type LedgerEntryInput = {
  key: string
  organizationId: string
  kind: Exclude<LedgerEntryKind, "adjustment">
  amountCents: number
  description: string
  occurredAt: Date
  galleryOrderId?: string | null
  artistOrderId?: string | null
  storePaymentId?: string | null
  payoutId?: string | null
  refundId?: string | null
  disputeId?: string | null
  /** The provider's id of the movement (`tr_`, `trr_`, `pi_`), when there is one. */
  reference?: string | null
}

/**
 * An entry's key: the kind and the record whose movement it is (an artist order, a payout, a store payment, a
 * refund). The back-fill of movements recorded before the ledger (migration 20261129200000) uses the same keys.
 */
export function ledgerEntryKey(kind: LedgerEntryKind, recordId: string): string {
  return `${kind}:${recordId}`
}

/** The short human text of the entries Atelier writes (the refunds' and disputes' write their own). */
export const LEDGER_DESCRIPTIONS = {
  gallerySale: (publicId: string) => `Gallery sale #${publicId}`,
  galleryShipping: (publicId: string) => `Shipping, gallery sale #${publicId}`,
  transferSent: "Transfer to your account",
  cancellationReversal: "Transfer reversed: order cancelled",
  cancellationReduction: "Payout cancelled: order cancelled",
  storeSale: "Store sale",
  storeShipping: "Shipping, store sale",
  planFee: "Plan fee",
  storeTransfer: "Store sale paid to your account",
} as const

/**
 * The earnings of a gallery payment, per artist order that became paid: the artist's 88 % of its merchandise
 * (`payoutCents - shippingCents`: the payout is that share plus the shipping, lib/gallery-fees.ts) and its shipping.
 */
export function galleryPaymentLedgerEntries(order: {
  id: string
  publicId: string
  paidAt: Date
  artistOrders: readonly { id: string; organizationId: string; payoutCents: number; shippingCents: number }[]
}): LedgerEntryInput[] {
  return order.artistOrders.flatMap((artistOrder): LedgerEntryInput[] => {
    const common = {
      organizationId: artistOrder.organizationId,
      occurredAt: order.paidAt,
      galleryOrderId: order.id,
      artistOrderId: artistOrder.id,
    }
    return [
      {
        ...common,
        key: ledgerEntryKey("sale_earned", artistOrder.id),
        kind: "sale_earned",
        amountCents: artistOrder.payoutCents - artistOrder.shippingCents,
        description: LEDGER_DESCRIPTIONS.gallerySale(order.publicId),
      },
      {
        ...common,
        key: ledgerEntryKey("shipping_earned", artistOrder.id),
        kind: "shipping_earned",
        amountCents: artistOrder.shippingCents,
        description: LEDGER_DESCRIPTIONS.galleryShipping(order.publicId),
      },
    ]
  })
}

/**
 * The four movements of a paid store sale (a Stripe destination charge): the merchandise and the shipping earned,
 * the plan's fee kept by the platform, and the rest paid to the connected account at once.
 */
export function storePaymentLedgerEntries(payment: {
  id: string
  organizationId: string
  paymentIntentId: string
  subtotalCents: number
  shippingCents: number
  platformFeeCents: number
  paidAt: Date
}): LedgerEntryInput[] {
  const common = {
    organizationId: payment.organizationId,
    occurredAt: payment.paidAt,
    storePaymentId: payment.id,
    reference: payment.paymentIntentId,
  }
  const entry = (kind: LedgerEntryInput["kind"], amountCents: number, description: string): LedgerEntryInput => ({
    ...common,
    key: ledgerEntryKey(kind, payment.id),
    kind,
    amountCents,
    description,
  })
  return [
    entry("sale_earned", payment.subtotalCents, LEDGER_DESCRIPTIONS.storeSale),
    entry("shipping_earned", payment.shippingCents, LEDGER_DESCRIPTIONS.storeShipping),
    entry("plan_fee", payment.platformFeeCents, LEDGER_DESCRIPTIONS.planFee),
    entry(
      "transfer_sent",
      payment.subtotalCents + payment.shippingCents - payment.platformFeeCents,
      LEDGER_DESCRIPTIONS.storeTransfer
    ),
  ]
}

/** The signs (+1, 0, -1) an entry of `kind` gives its amount on earned and on sent (for entries written by SQL from rows). */
export function ledgerEffectSigns(kind: Exclude<LedgerEntryKind, "adjustment">): { earned: number; sent: number } {
  const effect = ledgerEffect(kind, 1)
  return { earned: effect.earnedCents, sent: effect.sentCents }
}

/** Whether a year (1970 or later), month and day name a real day (JavaScript's parser rolls 2026-02-31 over to March). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}

const LEDGER_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * One end of a ledger's date range (`from` / `to` of GET /api/payouts/ledger), as the instant it stands for (UTC):
 * a date alone is a whole UTC day, so `from=2026-11-01` starts at that midnight and `to=2026-11-30` ends at the next
 * one (the 30th included); a date-time is that instant (UTC unless it names an offset), `from` inclusive and `to`
 * exclusive. Null when the text is neither.
 */
export function ledgerRangeBound(text: string, end: "from" | "to"): Date | null {
  const match = LEDGER_DATE.exec(text)
  if (!match) return null
  const [, y, m, d, hh, mm, ss, fraction, zone] = match
  const [year, month, day] = [Number(y), Number(m), Number(d)]
  if (year < 1970 || !isCalendarDay(year, month, day)) return null
  if (hh === undefined) {
    const start = new Date(Date.UTC(year, month - 1, day))
    return end === "from" ? start : new Date(start.getTime() + 24 * 3600 * 1000)
  }
  if (Number(hh) > 23 || Number(mm) > 59 || (ss !== undefined && Number(ss) > 59)) return null
  const instant = new Date(`${y}-${m}-${d}T${hh}:${mm}:${ss ?? "00"}${fraction ?? ""}${zone ?? "Z"}`)
  return Number.isNaN(instant.getTime()) ? null : instant
}
