import { setAuthAppMetadataStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { MEMBER_ACTOR } from "../../../lib/actors"
import { createMemberStep, type CreateMemberStepInput } from "../steps/create-member"

export type CreateMemberAccountInput = { authIdentityId: string; member: CreateMemberStepInput }

/** Registration: the member record, then the auth identity is bound to it (actor type `member`). */
export const createMemberAccountWorkflow = createWorkflow(
  "create-member-account",
  (input: CreateMemberAccountInput) => {
    const member = createMemberStep(input.member)
    const metadata = transform({ input, member }, ({ input, member }) => ({
      authIdentityId: input.authIdentityId,
      actorType: MEMBER_ACTOR,
      value: member.id,
    }))
    setAuthAppMetadataStep(metadata)
    return new WorkflowResponse(member)
  }
)
