import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"

export const ORGANIZATION_NOT_FOUND = "Organization not found"

/**
 * The organization a referral points to must exist (not deleted). Gallery approval does not matter: a referral
 * sends a visitor to the artist's own store, which every organization has.
 */
export const findReferralOrganizationStep = createStep(
  "find-referral-organization",
  async (input: { organizationId: string }, { container }) => {
    const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const [organization] = await organizations.listOrganizations(
      { id: input.organizationId },
      { select: ["id"], take: 1 }
    )
    if (!organization) throw new MedusaError(MedusaError.Types.NOT_FOUND, ORGANIZATION_NOT_FOUND)
    return new StepResponse({ id: organization.id })
  }
)
