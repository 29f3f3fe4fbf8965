import type { MedusaResponse } from "@medusajs/framework/http"
import { guestWorkspaceStatus } from "../../../../lib/guest-workspace"
import { ORGANIZATION_MODULE } from "../../../../modules/organization"
import type OrganizationModuleService from "../../../../modules/organization/service"
import type { OrganizationScopedRequest } from "../../../utils/access"

export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const service: OrganizationModuleService = req.scope.resolve(ORGANIZATION_MODULE)
  const organization = await service.retrieveOrganization(req.organization.id)
  const status = guestWorkspaceStatus(
    { isGuest: organization.is_guest, expiresAt: organization.expires_at ? new Date(organization.expires_at) : null },
    new Date()
  )
  res.json({ organizationId: organization.id, organizationName: organization.name, ...status })
}
