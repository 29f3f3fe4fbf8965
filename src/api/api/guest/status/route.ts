import type { MedusaResponse } from "@medusajs/framework/http"
import { guestWorkspaceStatus } from "../../../../lib/guest-workspace"
import { ORGANIZATION_MODULE } from "../../../../modules/organization"
import type OrganizationModuleService from "../../../../modules/organization/service"
import type { OrganizationScopedRequest } from "../../../utils/access"

/** Spec 2 "Guest workspace status", as the caller sees it (`canPromote` is about the caller's own promotion). */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const service: OrganizationModuleService = req.scope.resolve(ORGANIZATION_MODULE)
  const workspace = await service.getGuestWorkspace(req.organization.id, req.auth_context.actor_id)
  const status = guestWorkspaceStatus({ isGuest: workspace.is_guest, expiresAt: workspace.expires_at }, new Date(), workspace.viewer)
  res.json({ organizationId: workspace.id, organizationName: workspace.name, ...status })
}
