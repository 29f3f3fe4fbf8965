import { randomBytes } from "node:crypto"
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { guestExpiresAt, guestTrialDays, guestWorkspaceSlug } from "../../../../lib/guest-workspace"
import { createOrganizationWorkflow } from "../../../../workflows/organization/workflows/create-organization"
import { guestWorkspaceView } from "../guest-view"
import type { CreateGuestWorkspaceBody } from "../validators"

/**
 * A member starts a guest workspace: an organization like any other (its sales channel, the caller as owner), marked
 * guest and expiring GUEST_TRIAL_DAYS (default 14) from now. Answers 201 `{organization, guest}`.
 */
export async function POST(req: AuthenticatedMedusaRequest<CreateGuestWorkspaceBody>, res: MedusaResponse) {
  const memberId = req.auth_context.actor_id
  const { name } = req.validatedBody
  const { result } = await createOrganizationWorkflow(req.scope).run({
    input: {
      organization: {
        name,
        slug: guestWorkspaceSlug(name, randomBytes(4).toString("hex")),
        is_guest: true,
        expires_at: guestExpiresAt(new Date(), guestTrialDays(process.env.GUEST_TRIAL_DAYS)),
      },
      owner_member_id: memberId,
    },
  })
  res.status(201).json(await guestWorkspaceView(req.scope, result.id, memberId))
}
