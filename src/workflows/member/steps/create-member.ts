import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { normalizeEmail } from "../../../lib/email"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"

export type CreateMemberStepInput = { email: string; first_name?: string | null; last_name?: string | null }

export const createMemberStep = createStep(
  "create-member",
  async (input: CreateMemberStepInput, { container }) => {
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const email = normalizeEmail(input.email)
    const [existing] = await service.listMembers({ email }, { take: 1 })
    if (existing) throw new MedusaError(MedusaError.Types.INVALID_DATA, "A member with this email already exists")
    const member = await service.createMembers({ ...input, email })
    return new StepResponse(member, member.id)
  },
  async (memberId, { container }) => {
    if (!memberId) return
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    await service.deleteMembers(memberId)
  }
)
