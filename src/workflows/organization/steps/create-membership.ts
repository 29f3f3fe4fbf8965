import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"
import type { MembershipRole } from "../../../modules/organization/models/membership"

export type CreateMembershipStepInput = { member_id: string; organization_id: string; role: MembershipRole }

export const createMembershipStep = createStep(
  "create-membership",
  async (input: CreateMembershipStepInput, { container }) => {
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const membership = await service.createMemberships(input)
    return new StepResponse(membership, membership.id)
  },
  async (membershipId, { container }) => {
    if (!membershipId) return
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    await service.deleteMemberships(membershipId)
  }
)
