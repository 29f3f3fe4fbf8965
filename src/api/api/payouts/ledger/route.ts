import type { MedusaResponse } from "@medusajs/framework/http"
import { listLedgerEntries } from "../../../../queries/ledger"
import type { OrganizationScopedRequest } from "../../../utils/access"
import type { LedgerQuery } from "../validators"

/**
 * GET /api/payouts/ledger (members) -> {entries, has_more, next_cursor}: the organization's ledger, newest first
 * (docs/payouts-ledger.md). Pass `next_cursor` back as `cursor` for the next page.
 */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const query = req.validatedQuery as unknown as LedgerQuery
  const page = await listLedgerEntries(req.scope, {
    organizationId: req.organization.id,
    cursor: query.cursor,
    limit: query.limit,
    from: query.from,
    to: query.to,
  })
  res.json({ entries: page.entries, has_more: page.hasMore, next_cursor: page.nextCursor })
}
