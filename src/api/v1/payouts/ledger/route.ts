import type { MedusaResponse } from "@medusajs/framework/http"
import { listLedgerEntries } from "../../../../queries/ledger"
import type { PlatformRequest } from "../../platform-auth"
import type { ParsedListQuery } from "../../validators"

/**
 * GET /v1/payouts/ledger -> {data, meta:{has_more, next_cursor}} (read:orders): the organization's ledger entries,
 * newest first, cursor paging, filters `kind` and `occurred_at` (docs/payouts-ledger.md).
 */
export async function GET(req: PlatformRequest, res: MedusaResponse) {
  const query = req.validatedQuery as unknown as ParsedListQuery
  const page = await listLedgerEntries(req.scope, {
    organizationId: req.platform.organizationId,
    cursor: query.cursor,
    limit: query.perPage,
    filters: query.filters,
  })
  res.json({ data: page.entries, meta: { has_more: page.hasMore, next_cursor: page.nextCursor } })
}
