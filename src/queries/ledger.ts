import { LEDGER_ENTRY_KINDS, ledgerBalance, type LedgerEntryKind } from "../lib/ledger"
import { fromCents } from "../lib/money"
import { encodeCursor, type Cursor, type Filter } from "../lib/v1-query"
import { filterConditions } from "./medusa/platform-products"
import { preparedStatement, runPrepared, toKnex, type PgSource } from "./pg"

/**
 * Reads of an organization's ledger (gallery_ledger_entry, docs/payouts-ledger.md): its entries newest first in
 * keyset pages, its balance, and a month's statement. Amounts leave here as USD numbers; `earned` and `sent` are
 * signed (what the entry did to each sum), `amount` is the entry's size.
 *
 * Paging is a keyset on (occurred_at, id) DESC over the index (organization_id, occurred_at, id): a page at any depth
 * reads limit + 1 rows, and entries sharing an instant are ordered by id, so every entry comes once.
 */

export type LedgerEntryView = {
  id: string
  kind: LedgerEntryKind
  amount: number
  earned: number
  sent: number
  currency: string
  description: string
  reference: string | null
  gallery_order_public_id: string | null
  artist_order_id: string | null
  store_payment_id: string | null
  occurred_at: string
}

type LedgerRow = {
  id: string
  kind: LedgerEntryKind
  amount_cents: number
  earned_cents: number
  sent_cents: number
  currency_code: string
  description: string
  reference: string | null
  gallery_order_public_id: string | null
  artist_order_id: string | null
  store_payment_id: string | null
  occurred_at: Date
  /** occurred_at in microseconds (UTC), for the cursor. */
  cursor_time: string
}

const ENTRY_COLUMNS = `l.id, l.kind, l.amount_cents, l.earned_cents, l.sent_cents, l.currency_code, l.description, l.reference,
       o.public_id AS gallery_order_public_id, l.artist_order_id, l.store_payment_id, l.occurred_at,
       to_char(l.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_time`

const ENTRY_FROM = `gallery_ledger_entry l
  LEFT JOIN gallery_order o ON o.id = l.gallery_order_id AND o.deleted_at IS NULL`

/** Columns the platform API's filters may name. */
const FILTER_COLUMNS: Record<string, { sql: string; type: string }> = {
  kind: { sql: "l.kind", type: "text" },
  occurred_at: { sql: "l.occurred_at", type: "timestamptz" },
}

export function ledgerEntryView(row: LedgerRow): LedgerEntryView {
  return {
    id: row.id,
    kind: row.kind,
    amount: fromCents(Number(row.amount_cents)),
    earned: fromCents(Number(row.earned_cents)),
    sent: fromCents(Number(row.sent_cents)),
    currency: row.currency_code,
    description: row.description,
    reference: row.reference,
    gallery_order_public_id: row.gallery_order_public_id,
    artist_order_id: row.artist_order_id,
    store_payment_id: row.store_payment_id,
    occurred_at: new Date(row.occurred_at).toISOString(),
  }
}

export type LedgerPage = { entries: LedgerEntryView[]; hasMore: boolean; nextCursor: string | null }

/**
 * A page of the organization's entries, newest first, after `cursor`; `from` (inclusive) and `to` (exclusive) bound
 * occurred_at; `filters` are the platform API's (kind, occurred_at). One statement; `nextCursor` points after the
 * page's last entry whenever more follow.
 */
export async function listLedgerEntries(
  source: PgSource,
  input: {
    organizationId: string
    cursor: Cursor | null
    limit: number
    from?: Date | null
    to?: Date | null
    filters?: Filter[]
  }
): Promise<LedgerPage> {
  const bindings: unknown[] = [input.organizationId]
  const where = ["l.organization_id = ?", "l.deleted_at IS NULL"]
  if (input.from) {
    where.push("l.occurred_at >= ?::timestamptz")
    bindings.push(input.from.toISOString())
  }
  if (input.to) {
    where.push("l.occurred_at < ?::timestamptz")
    bindings.push(input.to.toISOString())
  }
  where.push(...filterConditions(input.filters ?? [], FILTER_COLUMNS, bindings))
  if (input.cursor) {
    where.push("(l.occurred_at, l.id) < (?::timestamptz, ?)")
    bindings.push(input.cursor.createdAt, input.cursor.id)
  }
  bindings.push(input.limit + 1)
  const sql = `SELECT ${ENTRY_COLUMNS}
FROM ${ENTRY_FROM}
WHERE ${where.join(" AND ")}
ORDER BY l.occurred_at DESC, l.id DESC
LIMIT ?`
  const result = await runPrepared(toKnex(source), preparedStatement("ledger_entries", sql), bindings)
  const rows = (result.rows ?? []) as LedgerRow[]
  const hasMore = rows.length > input.limit
  const page = rows.slice(0, input.limit)
  const last = page[page.length - 1]
  return {
    entries: page.map(ledgerEntryView),
    hasMore,
    nextCursor: hasMore && last ? encodeCursor({ createdAt: last.cursor_time, id: last.id }) : null,
  }
}

export type LedgerBalanceView = { earned: number; sent: number; pending: number; held: number; currency: "usd" }

const BALANCE = preparedStatement(
  "ledger_balance",
  `SELECT (SELECT coalesce(sum(l.earned_cents), 0) FROM gallery_ledger_entry l
            WHERE l.organization_id = ? AND l.deleted_at IS NULL)::bigint AS earned_cents,
          (SELECT coalesce(sum(l.sent_cents), 0) FROM gallery_ledger_entry l
            WHERE l.organization_id = ? AND l.deleted_at IS NULL)::bigint AS sent_cents,
          (SELECT coalesce(sum(p.amount_cents), 0) FROM gallery_payout p
            WHERE p.organization_id = ? AND p.status = 'pending' AND p.held_at IS NOT NULL
              AND p.deleted_at IS NULL)::bigint AS held_cents`
)

/**
 * The organization's balance: earned and sent are the sums of its entries; held the payouts not yet sent that an
 * open dispute holds back; pending what the next transfers will send (lib/ledger.ts ledgerBalance).
 */
export async function getLedgerBalance(source: PgSource, organizationId: string): Promise<LedgerBalanceView> {
  const result = await runPrepared(toKnex(source), BALANCE, [organizationId, organizationId, organizationId])
  const row = result.rows[0] as { earned_cents: string; sent_cents: string; held_cents: string }
  const balance = ledgerBalance({
    earnedCents: Number(row.earned_cents),
    sentCents: Number(row.sent_cents),
    heldCents: Number(row.held_cents),
  })
  return {
    earned: fromCents(balance.earnedCents),
    sent: fromCents(balance.sentCents),
    pending: fromCents(balance.pendingCents),
    held: fromCents(balance.heldCents),
    currency: "usd",
  }
}

export type LedgerSums = { earned: number; sent: number }
export type LedgerKindTotal = { count: number; amount: number; earned: number; sent: number }

export type LedgerStatement = {
  month: string
  currency: "usd"
  opening: LedgerSums
  /** Every entry of the month, oldest first. */
  entries: LedgerEntryView[]
  /** Per kind (every kind, zero when the month has none). */
  totals: Record<LedgerEntryKind, LedgerKindTotal>
  closing: LedgerSums
}

const STATEMENT_OPENING = preparedStatement(
  "ledger_statement_opening",
  `SELECT coalesce(sum(l.earned_cents), 0)::bigint AS earned_cents, coalesce(sum(l.sent_cents), 0)::bigint AS sent_cents
   FROM gallery_ledger_entry l
   WHERE l.organization_id = ? AND l.deleted_at IS NULL AND l.occurred_at < ?::timestamptz`
)

const STATEMENT_ENTRIES = preparedStatement(
  "ledger_statement_entries",
  `SELECT ${ENTRY_COLUMNS}
   FROM ${ENTRY_FROM}
   WHERE l.organization_id = ? AND l.deleted_at IS NULL
     AND l.occurred_at >= ?::timestamptz AND l.occurred_at < ?::timestamptz
   ORDER BY l.occurred_at ASC, l.id ASC`
)

/**
 * A month's statement (`range`: its half-open UTC range): the sums before it (opening), its entries oldest first,
 * their totals per kind, and the sums at its end (closing = opening + the month's entries). Read in one
 * transaction (REPEATABLE READ), so an entry written meanwhile is in both parts or in neither.
 */
export async function getLedgerStatement(
  source: PgSource,
  input: { organizationId: string; month: string; range: { from: Date; to: Date } }
): Promise<LedgerStatement> {
  const { openingRow, rows } = await toKnex(source).transaction(
    async (trx) => {
      const opening = await runPrepared(trx, STATEMENT_OPENING, [input.organizationId, input.range.from.toISOString()])
      const entries = await runPrepared(trx, STATEMENT_ENTRIES, [
        input.organizationId,
        input.range.from.toISOString(),
        input.range.to.toISOString(),
      ])
      return {
        openingRow: opening.rows[0] as { earned_cents: string; sent_cents: string },
        rows: (entries.rows ?? []) as LedgerRow[],
      }
    },
    { isolationLevel: "repeatable read", readOnly: true }
  )
  const totalsCents = Object.fromEntries(
    LEDGER_ENTRY_KINDS.map((kind) => [kind, { count: 0, amount: 0, earned: 0, sent: 0 }])
  ) as Record<LedgerEntryKind, LedgerKindTotal>
  let earnedCents = 0
  let sentCents = 0
  for (const row of rows) {
    const total = totalsCents[row.kind]
    total.count += 1
    total.amount += Number(row.amount_cents)
    total.earned += Number(row.earned_cents)
    total.sent += Number(row.sent_cents)
    earnedCents += Number(row.earned_cents)
    sentCents += Number(row.sent_cents)
  }
  const openingEarned = Number(openingRow.earned_cents)
  const openingSent = Number(openingRow.sent_cents)
  const totals = Object.fromEntries(
    Object.entries(totalsCents).map(([kind, t]) => [
      kind,
      { count: t.count, amount: fromCents(t.amount), earned: fromCents(t.earned), sent: fromCents(t.sent) },
    ])
  ) as Record<LedgerEntryKind, LedgerKindTotal>
  return {
    month: input.month,
    currency: "usd",
    opening: { earned: fromCents(openingEarned), sent: fromCents(openingSent) },
    entries: rows.map(ledgerEntryView),
    totals,
    closing: { earned: fromCents(openingEarned + earnedCents), sent: fromCents(openingSent + sentCents) },
  }
}

/** The columns of a statement's CSV, in order (the header row names them). */
export const STATEMENT_CSV_COLUMNS = [
  "date",
  "kind",
  "description",
  "reference",
  "order",
  "amount",
  "earned",
  "sent",
] as const

/**
 * A text cell a spreadsheet would read as a formula (it starts with = + - @, a tab or a carriage return) is prefixed
 * with an apostrophe, as OWASP advises for CSV files; the amount columns are numbers and stay as they are.
 */
export function csvText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/** A statement's entries as the CSV's records (amounts with two decimals, `order` the gallery order or store payment). */
export function statementCsvRecords(statement: LedgerStatement): Record<(typeof STATEMENT_CSV_COLUMNS)[number], string>[] {
  return statement.entries.map((entry) => ({
    date: entry.occurred_at,
    kind: entry.kind,
    description: csvText(entry.description),
    reference: csvText(entry.reference ?? ""),
    order: entry.gallery_order_public_id ? `#${entry.gallery_order_public_id}` : csvText(entry.store_payment_id ?? ""),
    amount: entry.amount.toFixed(2),
    earned: entry.earned.toFixed(2),
    sent: entry.sent.toFixed(2),
  }))
}
