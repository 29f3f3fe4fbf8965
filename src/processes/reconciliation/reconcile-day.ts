import type { IUserModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { fromCents } from "../../lib/money"
import {
  reconcileCharge,
  reconciledChargeInUsd,
  reconciliationTotals,
  utcDayRange,
  RECONCILIATION_AMOUNT_FIELDS,
  type ReconciledCharge,
  type ReconciliationAmountField,
  type ReconciliationKind,
} from "../../lib/reconciliation"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../modules/payments"
import { listGalleryOrdersToReconcile, listStorePaymentsToReconcile } from "../../queries/reconciliation"
import { sendNotificationsOnce } from "../../workflows/common/notifications"

/** The administrators' email about a day whose charges do not all add up. */
export const RECONCILIATION_MISMATCH_TEMPLATE = "gallery-reconciliation-mismatch"
export const RECONCILIATION_MISMATCH_TRIGGER = "gallery.reconciliation.mismatch"

/** One charge of the day, its terms in USD (docs/payouts-ledger.md, "Reconciliation"). */
export type ReconciliationChargeView = {
  kind: ReconciliationKind
  id: string
  /** The gallery order's public id (null for a store payment). */
  public_id: string | null
  payment_intent_id: string
  paid_at: string | null
  cancelled: boolean
} & Record<ReconciliationAmountField, number> & { adds_up: boolean }

export type ReconciliationReport = {
  date: string
  currency: "usd"
  charges: ReconciliationChargeView[]
  totals: Record<ReconciliationAmountField, number> & { count: number }
  mismatches: { kind: ReconciliationKind; id: string; public_id: string | null; difference: number }[]
}

type ProviderFacts = { chargeCents: number; refundedCents: number }

/** Refund statuses that count as given back (Stripe's `pending` refunds are on their way). */
const COUNTED_REFUND_STATUSES = new Set(["succeeded", "pending"])

/**
 * The provider's word on a charge: its intent's amount and what was refunded of it. The local gateway's facts come
 * with the query (its sandbox tables); Stripe is asked, one intent at a time.
 */
async function providerFacts(
  payments: PaymentsModuleService,
  intentId: string,
  sandbox: { amount: number | null; refunded: number }
): Promise<ProviderFacts> {
  if (payments.provider === "local") return { chargeCents: sandbox.amount ?? 0, refundedCents: sandbox.refunded }
  const [intent, refunds] = await Promise.all([
    payments.retrievePaymentIntent(intentId),
    payments.listRefunds({ paymentIntentId: intentId }),
  ])
  return {
    chargeCents: intent.amountCents,
    refundedCents: refunds.filter((r) => COUNTED_REFUND_STATUSES.has(r.status)).reduce((a, r) => a + r.amountCents, 0),
  }
}

/** Every charge of the UTC day `date` (YYYY-MM-DD), reconciled. Throws RangeError for a date that is not one. */
export async function reconcileDay(container: Pick<MedusaContainer, "resolve">, date: string): Promise<ReconciliationReport> {
  const range = utcDayRange(date)
  if (!range) throw new RangeError(`Not a date: ${date}`)
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
  const [orders, stores] = await Promise.all([
    listGalleryOrdersToReconcile(pg, range),
    listStorePaymentsToReconcile(pg, range),
  ])
  const reconciled: { view: Omit<ReconciliationChargeView, ReconciliationAmountField | "adds_up">; result: ReconciledCharge }[] = []
  for (const o of orders) {
    const provider = await providerFacts(payments, o.payment_intent_id, {
      amount: o.sandbox_amount_cents,
      refunded: o.sandbox_refunded_cents,
    })
    const result = reconcileCharge({
      kind: "gallery_order",
      chargeCents: provider.chargeCents,
      providerRefundedCents: provider.refundedCents,
      transfersSentCents: o.transfers_sent_cents,
      reversalsCents: o.reversals_cents,
      pendingPayoutsCents: o.pending_payouts_cents,
      heldPayoutsCents: o.held_payouts_cents,
      galleryFeeCents: o.gallery_fee_cents,
      stripeFeeCents: o.stripe_fee_cents,
      artistOrders: o.artist_orders,
      cancelled: o.cancelled,
      refunds: o.refunds,
      disputesLost: o.disputes_lost,
    })
    reconciled.push({ view: chargeView("gallery_order", o.id, o.public_id, o), result })
  }
  for (const s of stores) {
    const provider = await providerFacts(payments, s.payment_intent_id, {
      amount: s.sandbox_amount_cents,
      refunded: s.sandbox_refunded_cents,
    })
    const result = reconcileCharge({
      kind: "store_payment",
      chargeCents: provider.chargeCents,
      providerRefundedCents: provider.refundedCents,
      transfersSentCents: s.transfers_sent_cents,
      reversalsCents: s.reversals_cents,
      platformFeeCents: s.platform_fee_cents,
      refundedFeeCents: s.refunded_fee_cents,
      cancelled: s.cancelled,
      disputesLost: s.disputes_lost,
    })
    reconciled.push({ view: chargeView("store_payment", s.id, null, s), result })
  }
  const totals = reconciliationTotals(reconciled.map((c) => c.result))
  return {
    date,
    currency: "usd",
    charges: reconciled.map(({ view, result }) => ({ ...view, ...reconciledChargeInUsd(result) })),
    totals: {
      ...(Object.fromEntries(RECONCILIATION_AMOUNT_FIELDS.map((f) => [f, fromCents(totals[f])])) as Record<
        ReconciliationAmountField,
        number
      >),
      count: reconciled.length,
    },
    mismatches: reconciled
      .filter((c) => !c.result.adds_up)
      .map(({ view, result }) => ({ kind: view.kind, id: view.id, public_id: view.public_id, difference: fromCents(result.difference) })),
  }
}

function chargeView(
  kind: ReconciliationKind,
  id: string,
  publicId: string | null,
  row: { payment_intent_id: string; paid_at: Date | null; cancelled: boolean }
) {
  return {
    kind,
    id,
    public_id: publicId,
    payment_intent_id: row.payment_intent_id,
    paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    cancelled: Boolean(row.cancelled),
  }
}

/**
 * Reconciles `date` and, when a charge does not add up, emails every administrator (a Medusa admin user) once for
 * that date: the idempotency key names the date and the administrator (`gallery-reconciliation-mismatch:{date}:{user}`),
 * through sendNotificationsOnce, so a second run of the same day, or a run that died mid-send, sends nothing twice.
 */
export async function reconcileDayAndAlert(
  container: Pick<MedusaContainer, "resolve">,
  date: string
): Promise<{ report: ReconciliationReport; alerted: number }> {
  const report = await reconcileDay(container, date)
  if (!report.mismatches.length) return { report, alerted: 0 }
  const users: IUserModuleService = container.resolve(Modules.USER)
  const admins = (await users.listUsers({}, { select: ["id", "email"] })).filter((u) => u.email)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  logger.warn(`reconcile-money: ${report.mismatches.length} of ${report.charges.length} charges of ${date} do not add up`)
  if (!admins.length) {
    logger.error(`reconcile-money: charges of ${date} do not add up, and no administrator to tell`)
    return { report, alerted: 0 }
  }
  await sendNotificationsOnce(
    container,
    admins.map((admin) => ({
      to: admin.email,
      channel: "email",
      template: RECONCILIATION_MISMATCH_TEMPLATE,
      trigger_type: RECONCILIATION_MISMATCH_TRIGGER,
      resource_type: "reconciliation_day",
      resource_id: date,
      idempotency_key: `${RECONCILIATION_MISMATCH_TEMPLATE}:${date}:${admin.id}`,
      data: { date, charges: report.charges.length, mismatches: report.mismatches },
    }))
  )
  return { report, alerted: admins.length }
}
