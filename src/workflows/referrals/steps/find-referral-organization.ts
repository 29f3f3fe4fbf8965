import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"

/**
 * The organization a referral points to must exist (not deleted). Gallery approval does not matter: a referral
 * sends a visitor to the artist's own store, which every organization has.
 */
export const findReferralOrganizationStep = createStep(
  "find-referral-organization",
  async (input: { organizationId: string }, { container }) => {
    const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    return new StepResponse(await organizations.requireOrganization(input.organizationId))
  }
)
