import { createHash } from "node:crypto"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"

/**
 * A statement sent as a NAMED prepared statement (pg's `{name, text}` query config, through knex's `.options()`):
 * each pooled connection parses and plans it once, and planning is most of the cost of the small hot-path
 * statements. The name carries a hash of the text, so a changed statement never collides with an old one. A
 * connection pooler in front of PostgreSQL must support protocol-level prepared statements (PgBouncer >= 1.21 with
 * max_prepared_statements, or session pooling).
 *
 * Shared by the module services' hot paths and the reads of src/queries (which re-exports it from pg.ts).
 */
export type PreparedStatement = { name: string; sql: string }

export function preparedStatement(label: string, sql: string): PreparedStatement {
  return { name: `atelier_${label}_${createHash("sha1").update(sql).digest("hex").slice(0, 12)}`, sql }
}

export function runPrepared(knex: Knex, { name, sql }: PreparedStatement, bindings: readonly unknown[]) {
  return knex.raw(sql, bindings as Knex.RawBinding[]).options({ name })
}

