import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { CURATION_MODULE } from "../../../modules/curation"
import type CurationModuleService from "../../../modules/curation/service"
import { COLLECTION_NOT_FOUND } from "./update-collection"

export const COLLECTION_ITEM_NOT_FOUND = "Collection item not found"

/** Removes one item of one collection: 404 Collection not found, or 404 Collection item not found (also for an item
 * of another collection). */
export const removeCollectionItemStep = createStep(
  "remove-gallery-collection-item",
  async (input: { collection_id: string; item_id: string }, { container }) => {
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    const [collection] = await service.listGalleryCollections({ id: input.collection_id }, { take: 1, select: ["id"] })
    if (!collection) throw new MedusaError(MedusaError.Types.NOT_FOUND, COLLECTION_NOT_FOUND)
    const removed = await service.removeCollectionItem(input)
    if (!removed) throw new MedusaError(MedusaError.Types.NOT_FOUND, COLLECTION_ITEM_NOT_FOUND)
    return new StepResponse(removed, removed)
  },
  async (removed, { container }) => {
    if (!removed) return
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    await service.restoreCollectionItems([removed])
  }
)
