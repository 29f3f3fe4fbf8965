import type { MedusaResponse } from "@medusajs/framework/http"
import { stringify } from "csv-stringify/sync"
import { statementMonthRange } from "../../../../../lib/ledger"
import { getLedgerStatement, STATEMENT_CSV_COLUMNS, statementCsvRecords } from "../../../../../queries/ledger"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import type { StatementQuery } from "../../validators"

/**
 * GET /api/payouts/statements/{YYYY-MM} (members): the month's statement (docs/payouts-ledger.md), as JSON
 * `{statement: {month, currency, opening, entries, totals, closing}}`, or as CSV (one row per entry, a header row) for
 * `Accept: text/csv` or `?format=csv`, downloaded as `atelier-statement-YYYY-MM.csv`. The month was checked by the
 * route's middleware.
 */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const query = req.validatedQuery as unknown as StatementQuery
  const month = req.params.month
  const range = statementMonthRange(month)!
  const statement = await getLedgerStatement(req.scope, { organizationId: req.organization.id, month, range })
  const csv = query.format ? query.format === "csv" : req.accepts(["application/json", "text/csv"]) === "text/csv"
  res.vary("Accept")
  if (!csv) {
    res.json({ statement })
    return
  }
  const body = stringify(statementCsvRecords(statement), {
    header: true,
    columns: [...STATEMENT_CSV_COLUMNS],
  })
  res.setHeader("Content-Type", "text/csv; charset=utf-8")
  res.setHeader("Content-Disposition", `attachment; filename="atelier-statement-${month}.csv"`)
  res.status(200).send(body)
}
