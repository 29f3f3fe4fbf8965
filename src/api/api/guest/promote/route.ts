import type { MedusaResponse } from "@medusajs/framework/http"
import { promoteGuestWorkspaceWorkflow } from "../../../../workflows/organization/workflows/promote-guest-workspace"
import type { OrganizationScopedRequest } from "../../../utils/access"
import { guestWorkspaceView } from "../guest-view"

/**
 * The owner turns a guest workspace into a regular organization (no expiry any more), once `canPromote` holds:
 * 403 for a non-owner or an expired workspace, 400 for an organization that is not a guest one or an owner account
 * that is incomplete (the message names the missing fields). Answers `{organization, guest}`.
 */
export async function POST(req: OrganizationScopedRequest, res: MedusaResponse) {
  const memberId = req.auth_context.actor_id
  await promoteGuestWorkspaceWorkflow(req.scope).run({
    input: { organization_id: req.organization.id, member_id: memberId },
  })
  res.json(await guestWorkspaceView(req.scope, req.organization.id, memberId))
}
