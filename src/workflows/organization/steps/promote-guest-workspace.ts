import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { promotionRefusal } from "../../../lib/guest-workspace"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"

export type PromoteGuestWorkspaceStepInput = { organization_id: string; member_id: string }

/**
 * Turns a guest workspace into a regular organization (no longer a guest, no expiry) when the member may promote it
 * now (src/lib/guest-workspace.ts `promotionRefusal`: 403 or 400 with the reason otherwise).
 */
export const promoteGuestWorkspaceStep = createStep(
  "promote-guest-workspace",
  async (input: PromoteGuestWorkspaceStepInput, { container }) => {
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const workspace = await service.getGuestWorkspace(input.organization_id, input.member_id)
    const refusal = promotionRefusal({ isGuest: workspace.is_guest, expiresAt: workspace.expires_at }, workspace.viewer, new Date())
    if (refusal) {
      throw new MedusaError(refusal.status === 403 ? MedusaError.Types.FORBIDDEN : MedusaError.Types.INVALID_DATA, refusal.message)
    }
    const promoted = await service.updateOrganizations({ id: workspace.id, is_guest: false, expires_at: null })
    return new StepResponse(promoted, { id: workspace.id, expires_at: workspace.expires_at })
  },
  async (restore, { container }) => {
    if (!restore) return
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    await service.updateOrganizations({ id: restore.id, is_guest: true, expires_at: restore.expires_at })
  }
)
