import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { previousUtcDay } from "../../../../lib/reconciliation"
import { reconcileDay } from "../../../../processes/reconciliation/reconcile-day"
import type { AdminReconciliationQuery } from "./validators"

/**
 * GET /api/admin/reconciliation?date=YYYY-MM-DD (administrators; default yesterday, UTC) -> {date, currency, charges:
 * [{kind, id, public_id, payment_intent_id, paid_at, cancelled, charge, transfers_sent, reversals, pending_transfers,
 * commission, processing_fee, refunds, disputes, held_transfers, expected, difference, adds_up}], totals, mismatches}
 * in USD (docs/payouts-ledger.md, "Reconciliation"): every charge of the day, and those that do not add up.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const query = req.validatedQuery as unknown as AdminReconciliationQuery
  res.json(await reconcileDay(req.scope, query.date ?? previousUtcDay(new Date())))
}
