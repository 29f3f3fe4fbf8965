import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { CURATION_MODULE } from "../../../modules/curation"
import type CurationModuleService from "../../../modules/curation/service"
import { requireEligibleGalleryProducts } from "../../../queries/curation"
import { COLLECTION_NOT_FOUND } from "./update-collection"

export const ITEMS_MANUAL_ONLY =
  "Items can only be added to manual collections; smart and hybrid collections compute theirs from rules"
export const PRODUCT_ALREADY_IN_COLLECTION = "Product already in collection"

export type AddCollectionItemStepInput = { collection_id: string; product_id: string; position: number | null }

/**
 * Adds a product to a manual collection. Checks, in order: 404 Collection not found; 400 (not a manual collection);
 * 404 Product not found; 400 Product not gallery eligible; 400 Product already in collection (the unique index, so
 * two racing adds cannot both succeed). Without a position the item goes after the last one (0 for the first).
 */
export const addCollectionItemStep = createStep(
  "add-gallery-collection-item",
  async (input: AddCollectionItemStepInput, { container }) => {
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    const [collection] = await service.listGalleryCollections(
      { id: input.collection_id },
      { take: 1, select: ["id", "type"] }
    )
    if (!collection) throw new MedusaError(MedusaError.Types.NOT_FOUND, COLLECTION_NOT_FOUND)
    if (collection.type !== "manual") throw new MedusaError(MedusaError.Types.INVALID_DATA, ITEMS_MANUAL_ONLY)
    await requireEligibleGalleryProducts(container, [input.product_id])
    const result = await service.appendCollectionItem(input)
    if (result.outcome === "collection_not_found") {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, COLLECTION_NOT_FOUND)
    }
    if (result.outcome === "duplicate") {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, PRODUCT_ALREADY_IN_COLLECTION)
    }
    return new StepResponse(result.item, { collection_id: input.collection_id, item_id: result.item.id })
  },
  async (created, { container }) => {
    if (!created) return
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    await service.removeCollectionItem(created)
  }
)
