import type { MedusaResponse } from "@medusajs/framework/http"
import { getLedgerBalance } from "../../../../queries/ledger"
import type { OrganizationScopedRequest } from "../../../utils/access"

/**
 * GET /api/payouts/balance (members) -> {balance: {earned, sent, pending, held, currency}} in USD: earned and sent are
 * the sums of the ledger's entries, held the unsent payouts an open dispute holds back, pending the rest still to send
 * (docs/payouts-ledger.md).
 */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  res.json({ balance: await getLedgerBalance(req.scope, req.organization.id) })
}
