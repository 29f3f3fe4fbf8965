import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { CURATION_MODULE } from "../../../modules/curation"
import type CurationModuleService from "../../../modules/curation/service"
import type { NewCollectionInput } from "../../../modules/curation/service"

export const COLLECTION_SLUG_TAKEN = "Collection with this slug already exists"

/** Inserts the collection; its slug is claimed by the unique index (race-safe), a taken one answers 400. */
export const createCollectionStep = createStep(
  "create-gallery-collection",
  async (input: NewCollectionInput, { container }) => {
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    const collection = await service.insertCollection(input)
    if (!collection) throw new MedusaError(MedusaError.Types.INVALID_DATA, COLLECTION_SLUG_TAKEN)
    return new StepResponse(collection, collection.id)
  },
  async (collectionId, { container }) => {
    if (!collectionId) return
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    await service.deleteGalleryCollections(collectionId)
  }
)
