import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { entityId } from "../../lib/entity-id"
import { ledgerEffect, ledgerEffectSigns, type LedgerEntryInput, type LedgerEntryKind } from "../../lib/ledger"

/**
 * The ledger's writes (models/ledger-entry.ts, docs/payouts-ledger.md), run by GalleryModuleService inside the
 * statement or transaction of the movement each entry records. Entries are keyed by the movement, so a replayed
 * movement writes nothing twice; they are never updated or deleted.
 */

/** A movement to record. `key` names it (`{kind}:{record id}`); the effect comes from the kind (lib/ledger.ts). */
export type NewLedgerEntry = LedgerEntryInput

/** The entries as the JSON rows the statements below read (`jsonb_to_recordset`), zero amounts left out. */
export function ledgerEntryRows(entries: readonly NewLedgerEntry[]): Record<string, unknown>[] {
  return entries
    .filter((entry) => entry.amountCents > 0)
    .map((entry) => {
      const effect = ledgerEffect(entry.kind, entry.amountCents)
      return {
        id: entityId("led"),
        entry_key: entry.key,
        organization_id: entry.organizationId,
        kind: entry.kind,
        amount_cents: entry.amountCents,
        earned_cents: effect.earnedCents,
        sent_cents: effect.sentCents,
        gallery_order_id: entry.galleryOrderId ?? null,
        artist_order_id: entry.artistOrderId ?? null,
        store_payment_id: entry.storePaymentId ?? null,
        payout_id: entry.payoutId ?? null,
        refund_id: entry.refundId ?? null,
        dispute_id: entry.disputeId ?? null,
        reference: entry.reference ?? null,
        description: entry.description,
        occurred_at: entry.occurredAt.toISOString(),
      }
    })
}

const LEDGER_COLUMNS = `id, entry_key, organization_id, kind, amount_cents, earned_cents, sent_cents, gallery_order_id,
    artist_order_id, store_payment_id, payout_id, refund_id, dispute_id, reference, description, occurred_at`

const LEDGER_RECORDSET = `jsonb_to_recordset(?::jsonb) AS l(id text, entry_key text, organization_id text, kind text,
    amount_cents integer, earned_cents integer, sent_cents integer, gallery_order_id text, artist_order_id text,
    store_payment_id text, payout_id text, refund_id text, dispute_id text, reference text, description text,
    occurred_at timestamptz)`

/**
 * A CTE named `ledger` that writes entries (a JSON array of ledgerEntryRows bound at its place) in the statement of
 * their movement, only when the movement's CTE `movedCte` returned a row; `where` narrows the entries by that CTE
 * (e.g. `l.payout_id = moved.id`), so only the movements that happened are recorded.
 */
export function insertLedgerEntriesIf(movedCte: string, where = "true"): string {
  return `ledger AS (
  INSERT INTO gallery_ledger_entry (${LEDGER_COLUMNS})
  SELECT DISTINCT ON (l.entry_key) l.id, l.entry_key, l.organization_id, l.kind, l.amount_cents, l.earned_cents,
         l.sent_cents, l.gallery_order_id, l.artist_order_id, l.store_payment_id, l.payout_id, l.refund_id,
         l.dispute_id, l.reference, l.description, l.occurred_at
  FROM ${movedCte} moved, ${LEDGER_RECORDSET}
  WHERE ${where}
  ON CONFLICT (entry_key) WHERE deleted_at IS NULL DO NOTHING
)`
}

/** Writes entries in the caller's transaction (a replayed key writes nothing). */
export async function insertLedgerEntries(manager: SqlEntityManager, entries: readonly NewLedgerEntry[]): Promise<void> {
  const rows = ledgerEntryRows(entries)
  if (!rows.length) return
  await manager.execute(
    `INSERT INTO gallery_ledger_entry (${LEDGER_COLUMNS})
     SELECT ${LEDGER_COLUMNS} FROM ${LEDGER_RECORDSET}
     ON CONFLICT (entry_key) WHERE deleted_at IS NULL DO NOTHING`,
    [JSON.stringify(rows)]
  )
}

/**
 * What an entry written from the rows of a movement's CTE (insertLedgerEntriesPerRow) takes from each row: SQL
 * expressions over the row's alias `moved` (and whatever `join` adds). The amount comes from the row itself (the
 * payout's stored amount), so the entry says what the statement moved, not what a caller believed.
 */
export type LedgerRowFacts = {
  key: string
  organizationId: string
  amountCents: string
  description: string
  occurredAt: string
  galleryOrderId?: string
  artistOrderId?: string
  storePaymentId?: string
  payoutId?: string
  reference?: string
}

/**
 * A CTE named `ledger` that writes one entry of `kind` per row of the movement's CTE `movedCte` (aliased `moved`) in
 * that movement's statement, with its facts read from the row (`facts`, SQL over `moved`; `join` may add a joined
 * table). Rows whose amount is not positive write nothing; a key written before (a replay, the back-fill) neither.
 * The effect's signs come from lib/ledger.ts, as for the entries built in JavaScript.
 */
export function insertLedgerEntriesPerRow(
  movedCte: string,
  kind: Exclude<LedgerEntryKind, "adjustment">,
  facts: LedgerRowFacts,
  join = ""
): string {
  const signs = ledgerEffectSigns(kind)
  const or = (expression: string | undefined) => expression ?? "NULL"
  return `ledger AS (
  INSERT INTO gallery_ledger_entry (${LEDGER_COLUMNS})
  SELECT 'led_' || upper(replace(gen_random_uuid()::text, '-', '')), e.entry_key, e.organization_id, '${kind}',
         e.amount_cents, e.amount_cents * (${signs.earned}), e.amount_cents * (${signs.sent}), e.gallery_order_id,
         e.artist_order_id, e.store_payment_id, e.payout_id, NULL, NULL, e.reference, e.description, e.occurred_at
  FROM (
    SELECT ${facts.key} AS entry_key, ${facts.organizationId} AS organization_id, (${facts.amountCents})::integer AS amount_cents,
           ${or(facts.galleryOrderId)}::text AS gallery_order_id, ${or(facts.artistOrderId)}::text AS artist_order_id,
           ${or(facts.storePaymentId)}::text AS store_payment_id, ${or(facts.payoutId)}::text AS payout_id, ${or(facts.reference)}::text AS reference,
           ${facts.description} AS description, ${facts.occurredAt} AS occurred_at
    FROM ${movedCte} moved ${join}
  ) e
  WHERE e.amount_cents > 0
  ON CONFLICT (entry_key) WHERE deleted_at IS NULL DO NOTHING
)`
}

/** A constant text as an SQL literal (for the descriptions of insertLedgerEntriesPerRow). */
export function sqlLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`
}
