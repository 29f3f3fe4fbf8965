import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type { ArtworkType } from "../../../lib/artwork-types"
import type OrganizationModuleService from "../../../modules/organization/service"

export type CreateArtistProductRowInput = {
  organization_id: string
  product_type: ArtworkType
  gallery_eligible: boolean
  featured: boolean
  archived_at?: Date | null
}

/** The organization module's side of artist products (gallery flags); compensation deletes them again. */
export const createArtistProductRowsStep = createStep(
  "create-artist-product-rows",
  async (input: CreateArtistProductRowInput[], { container }) => {
    if (!input.length) return new StepResponse([], [] as string[])
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const rows = await service.createArtistProducts(input)
    return new StepResponse(rows, rows.map((row) => row.id))
  },
  async (ids, { container }) => {
    if (!ids?.length) return
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    await service.deleteArtistProducts(ids)
  }
)
