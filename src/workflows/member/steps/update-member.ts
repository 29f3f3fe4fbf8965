import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"

export type UpdateMemberStepInput = { id: string; first_name?: string | null; last_name?: string | null }

/** Changes a member's names (only those given). */
export const updateMemberStep = createStep(
  "update-member",
  async (input: UpdateMemberStepInput, { container }) => {
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const previous = await service.retrieveMember(input.id, { select: ["id", "first_name", "last_name"] })
    const updated = await service.updateMembers(input)
    return new StepResponse(updated, { id: previous.id, first_name: previous.first_name, last_name: previous.last_name })
  },
  async (restore, { container }) => {
    if (!restore) return
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    await service.updateMembers(restore)
  }
)
