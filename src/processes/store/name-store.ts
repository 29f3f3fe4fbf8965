import type { IStoreModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createDefaultsWorkflow, updateStoresWorkflow } from "@medusajs/medusa/core-flows"
import { storeRename } from "../../lib/store-name"

/**
 * Names Medusa's store Atelier (src/lib/store-name.ts) unless an operator named it otherwise. On a database whose
 * store does not exist yet, it is first created as the server creates it at its first boot (Medusa's defaults
 * workflow, which does nothing when they exist), so that a new installation is named Atelier from the start.
 */
export async function nameStoreAtelier(container: MedusaContainer): Promise<{ storeId: string; renamed: boolean }> {
  const stores: IStoreModuleService = container.resolve(Modules.STORE)
  let [store] = await stores.listStores({}, { select: ["id", "name"], take: 1 })
  if (!store) {
    await createDefaultsWorkflow(container).run()
    ;[store] = await stores.listStores({}, { select: ["id", "name"], take: 1 })
  }
  const name = storeRename(store.name)
  if (!name) return { storeId: store.id, renamed: false }
  await updateStoresWorkflow(container).run({ input: { selector: { id: store.id }, update: { name } } })
  return { storeId: store.id, renamed: true }
}
