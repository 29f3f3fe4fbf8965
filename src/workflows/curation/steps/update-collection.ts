import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { SmartCollectionRules } from "../../../lib/smart-collection-rules"
import { CURATION_MODULE } from "../../../modules/curation"
import type CurationModuleService from "../../../modules/curation/service"
import { requireEligibleGalleryProducts } from "../../../queries/curation"

export const COLLECTION_NOT_FOUND = "Collection not found"

export type UpdateCollectionStepInput = {
  id: string
  name?: string
  description?: string | null
  is_active?: boolean
  featured_image?: string | null
  rules?: SmartCollectionRules
  manual_inclusions?: string[]
}

type Restore = {
  id: string
  name: string
  description: string | null
  is_active: boolean
  featured_image: string | null
  rules: Record<string, unknown> | null
  manual_inclusions: string[] | null
}

/**
 * Updates the given fields (404 "Collection not found"). Rules only on smart/hybrid collections, manual inclusions
 * only on hybrid ones (and they must be eligible gallery products), like on create.
 */
export const updateCollectionStep = createStep(
  "update-gallery-collection",
  async (input: UpdateCollectionStepInput, { container }) => {
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    const [previous] = await service.listGalleryCollections({ id: input.id }, { take: 1 })
    if (!previous) throw new MedusaError(MedusaError.Types.NOT_FOUND, COLLECTION_NOT_FOUND)
    if (input.rules !== undefined && previous.type === "manual") {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Rules apply only to smart and hybrid collections")
    }
    if (input.manual_inclusions !== undefined) {
      if (previous.type !== "hybrid") {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, "manualInclusions apply only to hybrid collections")
      }
      if (input.manual_inclusions.length) await requireEligibleGalleryProducts(container, input.manual_inclusions)
    }
    const { id, rules, ...fields } = input
    const changes = { ...fields, ...(rules === undefined ? {} : { rules: rules as Record<string, unknown> }) }
    const updated = Object.keys(changes).length ? await service.updateGalleryCollections({ id, ...changes }) : previous
    const restore: Restore = {
      id: previous.id,
      name: previous.name,
      description: previous.description,
      is_active: previous.is_active,
      featured_image: previous.featured_image,
      rules: previous.rules as Record<string, unknown> | null,
      manual_inclusions: previous.manual_inclusions,
    }
    return new StepResponse(updated, restore)
  },
  async (restore, { container }) => {
    if (!restore) return
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    await service.updateGalleryCollections(restore)
  }
)
