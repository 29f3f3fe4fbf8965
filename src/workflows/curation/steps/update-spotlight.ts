import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isSpotlightWindowValid } from "../../../lib/spotlight-visibility"
import { CURATION_MODULE } from "../../../modules/curation"
import type CurationModuleService from "../../../modules/curation/service"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"
import { SPOTLIGHT_WINDOW_INVALID, toDate } from "./create-spotlight"

export const SPOTLIGHT_NOT_FOUND = "Spotlight not found"

export type UpdateSpotlightStepInput = {
  id: string
  organization_id?: string
  title?: string
  description?: string | null
  featured_image?: string | null
  is_active?: boolean
  published_at?: Date | string
  expires_at?: Date | string | null
}

type Restore = Required<UpdateSpotlightStepInput>

/** A spotlight's writable fields as they are: what a compensation writes back. */
export function spotlightSnapshot(spotlight: Restore) {
  return {
    id: spotlight.id,
    organization_id: spotlight.organization_id,
    title: spotlight.title,
    description: spotlight.description,
    featured_image: spotlight.featured_image,
    is_active: spotlight.is_active,
    published_at: new Date(spotlight.published_at),
    expires_at: spotlight.expires_at ? new Date(spotlight.expires_at) : null,
  }
}

/** Updates the given fields: 404 Spotlight not found; 404 Organization not found; 400 when the resulting window ends
 * before it starts. */
export const updateSpotlightStep = createStep(
  "update-gallery-spotlight",
  async (input: UpdateSpotlightStepInput, { container }) => {
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    const [previous] = await service.listGallerySpotlights({ id: input.id }, { take: 1 })
    if (!previous) throw new MedusaError(MedusaError.Types.NOT_FOUND, SPOTLIGHT_NOT_FOUND)
    const publishedAt = toDate(input.published_at ?? previous.published_at)
    const given = input.expires_at !== undefined ? input.expires_at : previous.expires_at
    const expiresAt = given === null ? null : toDate(given)
    if (!isSpotlightWindowValid(publishedAt, expiresAt)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, SPOTLIGHT_WINDOW_INVALID)
    }
    if (input.organization_id !== undefined && input.organization_id !== previous.organization_id) {
      const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
      await organizations.requireOrganization(input.organization_id)
    }
    const { id, published_at, expires_at, ...rest } = input
    const fields = {
      ...rest,
      ...(published_at === undefined ? {} : { published_at: publishedAt }),
      ...(expires_at === undefined ? {} : { expires_at: expiresAt }),
    }
    const updated = Object.keys(fields).length ? await service.updateGallerySpotlights({ id, ...fields }) : previous
    const restore: Restore = spotlightSnapshot(previous)
    return new StepResponse(updated, restore)
  },
  async (restore, { container }) => {
    if (!restore) return
    const service: CurationModuleService = container.resolve(CURATION_MODULE)
    await service.updateGallerySpotlights({
      ...restore,
      published_at: toDate(restore.published_at),
      expires_at: restore.expires_at === null ? null : toDate(restore.expires_at),
    })
  }
)
