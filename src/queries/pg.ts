import { createHash } from "node:crypto"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * How the queries of src/queries reach PostgreSQL: the container's shared pg connection (a knex instance, the pool
 * the modules use too), or a knex instance or transaction given directly (tests, benchmarks, a caller's transaction).
 */
export type PgSource = Knex | Pick<MedusaContainer, "resolve">

export function toKnex(source: PgSource): Knex {
  const candidate = source as Partial<Knex>
  if (typeof candidate.raw === "function") return source as Knex
  return (source as MedusaContainer).resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
}

/**
 * A statement sent as a NAMED prepared statement (pg's `{name, text}` query config, through knex's `.options()`):
 * each pooled connection parses and plans it once, and planning is most of the cost of the small hot-path
 * statements. The name carries a hash of the text, so a changed statement never collides with an old one. A
 * connection pooler in front of PostgreSQL must support protocol-level prepared statements (PgBouncer >= 1.21 with
 * max_prepared_statements, or session pooling).
 */
export type PreparedStatement = { name: string; sql: string }

export function preparedStatement(label: string, sql: string): PreparedStatement {
  return { name: `atelier_${label}_${createHash("sha1").update(sql).digest("hex").slice(0, 12)}`, sql }
}

export function runPrepared(knex: Knex, { name, sql }: PreparedStatement, bindings: readonly unknown[]) {
  return knex.raw(sql, bindings as Knex.RawBinding[]).options({ name })
}
