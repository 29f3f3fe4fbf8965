import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isSpotlightWindowValid } from "../../../lib/spotlight-visibility"
import { CURATION_MODULE } from "../../../modules/curation"
import type CurationModuleService from "../../../modules/curation/service"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"

export const SPOTLIGHT_WINDOW_INVALID = "expiresAt must be after publishedAt"

/** Dates may arrive as ISO strings: workflow inputs are serialized. */
export type CreateSpotlightStepInput = {
  organization_id: string
  title: string
  description: string | null
  featured_image: string | null
  is_active: boolean
  published_at: Date | string
  expires_at: Date | string | null
}

export const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))

/** Creates a spotlight: 404 Organization not found; 400 when it would expire before (or when) it is published. */
export const createSpotlightStep = createStep(
  "create-gallery-spotlight",
  async (input: CreateSpotlightStepInput, { container }) => {
    const publishedAt = toDate(input.published_at)
    const expiresAt = input.expires_at === null ? null : toDate(input.expires_at)
    if (!isSpotlightWindowValid(publishedAt, expiresAt)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, SPOTLIGHT_WINDOW_INVALID)
    }
    const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    await organizations.requireOrganization(input.organization_id)
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    const spotlight = await service.createGallerySpotlights({ ...input, published_at: publishedAt, expires_at: expiresAt })
    return new StepResponse(spotlight, spotlight.id)
  },
  async (spotlightId, { container }) => {
    if (!spotlightId) return
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    await service.deleteGallerySpotlights(spotlightId)
  }
)
