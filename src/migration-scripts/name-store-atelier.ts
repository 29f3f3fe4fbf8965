import type { ExecArgs, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { nameStoreAtelier } from "../processes/store/name-store"

/**
 * Medusa migration script (run once by `medusa db:migrate`, recorded in its script_migrations table): the store Medusa
 * created as "Medusa Store" is named Atelier; a name an operator chose stays. The seed names a new one the same way.
 */
export default async function nameStoreAtelierScript({ container }: Pick<ExecArgs, "container">) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  const { storeId, renamed } = await nameStoreAtelier(container)
  logger.info(renamed ? `Store ${storeId} named Atelier` : `Store ${storeId} keeps its name`)
}
