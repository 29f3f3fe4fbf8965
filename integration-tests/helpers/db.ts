import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { currentScheduledJob } from "../../src/lib/scheduled-job"

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/** Runs `fn` and returns how many SQL statements it sent through `pg`. */
export async function countQueries<T>(pg: Knex, fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  let queries = 0
  const listener = () => {
    // A scheduled job (outbox dispatch, reminders, reconciliation) or a nudge working for one (runAsJobWork) may run
    // while `fn` does: its queries are not fn's.
    if (!currentScheduledJob()) queries += 1
  }
  pg.on("query", listener)
  try {
    const result = await fn()
    return { result, queries }
  } finally {
    pg.removeListener("query", listener)
  }
}

/** The rows of a raw SQL query. */
export async function selectRows(pg: Knex, sql: string, bindings: unknown[] = []): Promise<Row[]> {
  return (await pg.raw(sql, bindings as Knex.RawBinding[])).rows
}

/** How many rows of `table` match `where`. */
export async function countRows(pg: Knex, table: string, where = "true", bindings: unknown[] = []): Promise<number> {
  const [row] = await selectRows(pg, `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, bindings)
  return row.n
}

/** Reads until `done` accepts the value or `timeoutMs` passes (then returns the last value read). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > until) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Waits until the gallery outbox has delivered every message (transfers, emails, referral credit run after the payment
 * commits, dispatched in the background); returns how many are still undelivered (0 unless it timed out).
 */
export async function outboxDrained(pg: Knex, timeoutMs = 10000): Promise<number> {
  return waitFor(() => countRows(pg, "gallery_outbox_message", "delivered_at IS NULL"), (n) => n === 0, timeoutMs)
}
