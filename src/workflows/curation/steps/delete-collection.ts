import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { CURATION_MODULE } from "../../../modules/curation"
import type CurationModuleService from "../../../modules/curation/service"
import { COLLECTION_NOT_FOUND } from "./update-collection"

/** Deletes the collection and (ON DELETE CASCADE) all its items; 404 "Collection not found". */
export const deleteCollectionStep = createStep(
  "delete-gallery-collection",
  async (id: string, { container }) => {
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    const deleted = await service.removeCollection(id)
    if (!deleted) throw new MedusaError(MedusaError.Types.NOT_FOUND, COLLECTION_NOT_FOUND)
    return new StepResponse({ id, deletedItems: deleted.items.length }, deleted)
  },
  async (deleted, { container }) => {
    if (!deleted) return
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    await service.restoreCollection(deleted)
  }
)
