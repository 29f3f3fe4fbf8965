import type { MedusaContainer } from "@medusajs/framework/types"
import { guestWorkspaceStatus } from "../../../lib/guest-workspace"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"
import { organizationView } from "../../utils/organization-view"

/** `{organization, guest}`: the organization view and its guest workspace status as `memberId` sees it. */
export async function guestWorkspaceView(scope: MedusaContainer, organizationId: string, memberId: string) {
  const service: OrganizationModuleService = scope.resolve(ORGANIZATION_MODULE)
  const [organization, workspace] = await Promise.all([
    service.retrieveOrganization(organizationId),
    service.getGuestWorkspace(organizationId, memberId),
  ])
  return {
    organization: organizationView(organization),
    guest: guestWorkspaceStatus({ isGuest: workspace.is_guest, expiresAt: workspace.expires_at }, new Date(), workspace.viewer),
  }
}
