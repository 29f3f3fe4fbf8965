import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { CURATION_MODULE } from "../../../modules/curation"
import type CurationModuleService from "../../../modules/curation/service"
import { COLLECTION_NOT_FOUND } from "./update-collection"

export const REORDER_FOREIGN_ITEMS = "Some items do not belong to this collection"

export type ReorderCollectionItemsStepInput = {
  collection_id: string
  items: { item_id: string; position: number }[]
}

/**
 * Sets the positions of the listed items in one transaction; when any listed item is not an item of this
 * collection nothing changes (400). 404 Collection not found.
 */
export const reorderCollectionItemsStep = createStep(
  "reorder-gallery-collection-items",
  async (input: ReorderCollectionItemsStepInput, { container }) => {
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    const result = await service.reorderCollectionItems(input)
    if (result.outcome === "collection_not_found") {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, COLLECTION_NOT_FOUND)
    }
    if (result.outcome === "foreign_items") {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, REORDER_FOREIGN_ITEMS)
    }
    const restore: ReorderCollectionItemsStepInput = {
      collection_id: input.collection_id,
      items: result.previous.map((item) => ({ item_id: item.id, position: item.position })),
    }
    return new StepResponse({ updatedCount: result.updatedCount }, restore)
  },
  async (restore, { container }) => {
    if (!restore) return
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    await service.reorderCollectionItems(restore)
  }
)
