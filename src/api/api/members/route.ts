import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { createMemberAccountWorkflow } from "../../../workflows/member/workflows/create-member-account"
import { REGISTRATION_MESSAGES } from "../../../workflows/member/steps/check-registration"
import type { CreateMemberBody } from "./validators"

/**
 * Completes an artist's registration: called with the token from `POST /auth/member/emailpass/register`.
 * The member's email is the one that login registered with (400 naming `email` when the body gives another; 400
 * This login already belongs to a member, for a token used twice). The member logs in again afterwards to get a token
 * that carries its member id.
 */
export async function POST(req: AuthenticatedMedusaRequest<CreateMemberBody>, res: MedusaResponse) {
  if (req.auth_context.actor_id) throw new MedusaError(MedusaError.Types.INVALID_DATA, REGISTRATION_MESSAGES.alreadyMember)
  const { result } = await createMemberAccountWorkflow(req.scope).run({
    input: { authIdentityId: req.auth_context.auth_identity_id, member: req.validatedBody },
  })
  res.status(201).json({ member: result })
}
