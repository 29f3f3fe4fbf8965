import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ArtworkType } from "../../../lib/artwork-types"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"

export type UpdateArtistProductRowInput = {
  id: string
  product_type?: ArtworkType
  gallery_eligible?: boolean
  featured?: boolean
  /** Set when archiving, null when un-archiving; absent: unchanged. */
  archived_at?: Date | null
}

type Snapshot = Required<UpdateArtistProductRowInput>

/** The organization module's side of an artist product (gallery flags, archive mark); compensation restores it. */
export const updateArtistProductRowStep = createStep(
  "update-artist-product-row",
  async (input: UpdateArtistProductRowInput, { container }) => {
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const { id, ...changes } = input
    const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined))
    if (!Object.keys(given).length) return new StepResponse(null, null as Snapshot | null)
    const [previous] = await service.listArtistProducts({ id }, { take: 1 })
    await service.updateArtistProducts({ id, ...given })
    const snapshot: Snapshot = {
      id,
      product_type: previous.product_type,
      gallery_eligible: previous.gallery_eligible,
      featured: previous.featured,
      archived_at: previous.archived_at ? new Date(previous.archived_at) : null,
    }
    return new StepResponse(null, snapshot)
  },
  async (snapshot, { container }) => {
    if (!snapshot) return
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    await service.updateArtistProducts({
      ...snapshot,
      archived_at: snapshot.archived_at ? new Date(snapshot.archived_at) : null,
    })
  }
)
