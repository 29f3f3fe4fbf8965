import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
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
