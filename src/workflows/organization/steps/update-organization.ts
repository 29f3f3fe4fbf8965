import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"
import type { OrganizationPlan } from "../../../modules/organization/models/organization"

export type UpdateOrganizationStepInput = {
  id: string
  gallery_approved?: boolean
  plan?: OrganizationPlan
  founding_artist_since?: Date | null
  stripe_account_id?: string | null
}

export const updateOrganizationStep = createStep(
  "update-organization",
  async (input: UpdateOrganizationStepInput, { container }) => {
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const [previous] = await service.listOrganizations({ id: input.id }, { take: 1 })
    if (!previous) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Organization not found")
    const updated = await service.updateOrganizations(input)
    const restore: UpdateOrganizationStepInput = {
      id: previous.id,
      gallery_approved: previous.gallery_approved,
      plan: previous.plan,
      founding_artist_since: previous.founding_artist_since,
      stripe_account_id: previous.stripe_account_id,
    }
    return new StepResponse(updated, restore)
  },
  async (restore, { container }) => {
    if (!restore) return
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    await service.updateOrganizations(restore)
  }
)
