import type { Knex, SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"

/**
 * The entity manager a module service's hand-written SQL runs on: the caller's transaction when there is one,
 * otherwise the manager @InjectManager / @InjectTransactionManager put in the context. Shared by every module
 * service that writes its own tables with SQL (`manager.execute(sql, bindings)`).
 */
export function sqlManager(sharedContext: Context<SqlEntityManager>): SqlEntityManager {
  const manager = sharedContext.transactionManager ?? sharedContext.manager
  if (!manager) {
    // Only reachable from a method that lacks @InjectManager / @InjectTransactionManager: a programming error.
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "No database manager in the module context")
  }
  return manager
}

/**
 * The knex a manager's SQL runs on: the manager's transaction when it is in one, else its connection (the
 * container's shared pool). For what `manager.execute` cannot send: it inlines the bindings into the SQL text, so a
 * statement run through it can be neither a named prepared statement nor given typed bindings.
 */
export function sqlKnex(manager: SqlEntityManager): Knex {
  return manager.getTransactionContext<Knex.Transaction>() ?? manager.getKnex()
}
