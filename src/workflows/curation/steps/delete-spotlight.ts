import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { CURATION_MODULE } from "../../../modules/curation"
import type CurationModuleService from "../../../modules/curation/service"
import { SPOTLIGHT_NOT_FOUND, spotlightSnapshot } from "./update-spotlight"

/** Deletes a spotlight: 404 Spotlight not found. */
export const deleteSpotlightStep = createStep(
  "delete-gallery-spotlight",
  async (id: string, { container }) => {
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    const [previous] = await service.listGallerySpotlights({ id }, { take: 1 })
    if (!previous) throw new MedusaError(MedusaError.Types.NOT_FOUND, SPOTLIGHT_NOT_FOUND)
    await service.deleteGallerySpotlights(id)
    return new StepResponse({ id }, previous)
  },
  async (previous, { container }) => {
    if (!previous) return
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    await service.createGallerySpotlights(spotlightSnapshot(previous))
  }
)
