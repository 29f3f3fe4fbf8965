import { setAuthAppMetadataStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { MEMBER_ACTOR } from "../../../lib/actors"
import { checkRegistrationStep } from "../steps/check-registration"
import { createMemberStep } from "../steps/create-member"

export type CreateMemberAccountInput = {
  authIdentityId: string
  /** The body's names; its email, when given, must be the login's. */
  member: { email?: string; first_name?: string | null; last_name?: string | null }
}

/**
 * Registration: the login is checked (not yet a member; its proved email), the member record is made with that email,
 * then the auth identity is bound to it (actor type `member`).
 */
export const createMemberAccountWorkflow = createWorkflow(
  "create-member-account",
  (input: CreateMemberAccountInput) => {
    const email = checkRegistrationStep(
      transform({ input }, ({ input }) => ({ authIdentityId: input.authIdentityId, email: input.member.email }))
    )
    const member = createMemberStep(
      transform({ input, email }, ({ input, email }) => ({
        email,
        first_name: input.member.first_name,
        last_name: input.member.last_name,
      }))
    )
    const metadata = transform({ input, member }, ({ input, member }) => ({
      authIdentityId: input.authIdentityId,
      actorType: MEMBER_ACTOR,
      value: member.id,
    }))
    setAuthAppMetadataStep(metadata)
    return new WorkflowResponse(member)
  }
)
