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

/** Named prepared statements (parsed and planned once per pooled connection), shared with the module services. */
export { preparedStatement, runPrepared, type PreparedStatement } from "../modules/common/prepared-statement"
