import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isValidSlug } from "../../../lib/slug"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"
import type { OrganizationPlan } from "../../../modules/organization/models/organization"

export type CreateOrganizationStepInput = {
  name: string
  slug: string
  plan?: OrganizationPlan
  gallery_approved?: boolean
  founding_artist_since?: Date | null
  stripe_account_id?: string | null
  is_guest?: boolean
  expires_at?: Date | null
}

const slugError = (type: string, message: string) => Object.assign(new MedusaError(type, message), { field: "slug" })

export const createOrganizationStep = createStep(
  "create-organization",
  async (input: CreateOrganizationStepInput, { container }) => {
    // The errors name their field (`details.field`), so that a form shows them next to the slug.
    if (!isValidSlug(input.slug)) {
      throw slugError(MedusaError.Types.INVALID_DATA, "Slug must be lowercase letters and digits separated by hyphens")
    }
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const [existing] = await service.listOrganizations({ slug: input.slug }, { take: 1 })
    if (existing) {
      throw slugError(MedusaError.Types.DUPLICATE_ERROR, "Organization with this slug already exists")
    }
    const organization = await service.createOrganizations(input)
    return new StepResponse(organization, organization.id)
  },
  async (organizationId, { container }) => {
    if (!organizationId) return
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    await service.deleteOrganizations(organizationId)
  }
)
