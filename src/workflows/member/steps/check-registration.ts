import type { IAuthModuleService } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MEMBER_ACTOR } from "../../../lib/actors"
import { normalizeEmail } from "../../../lib/email"

export const REGISTRATION_MESSAGES = {
  alreadyMember: "This login already belongs to a member",
  otherEmail: "email must be the email this login was registered with",
  noEmail: "This login has no email: register with POST /auth/member/emailpass/register",
} as const

export type CheckRegistrationStepInput = { authIdentityId: string; email?: string }

/**
 * Before a member is made for a login: the login is not bound to a member yet (a registration token used twice is
 * refused, not a crash of Medusa's metadata step), and the member's email is the one the login proved. An email in
 * the body is only checked against it (docs/decisions.md "A member's email is its login's").
 */
export const checkRegistrationStep = createStep(
  "check-member-registration",
  async (input: CheckRegistrationStepInput, { container }) => {
    const auth: IAuthModuleService = container.resolve(Modules.AUTH)
    const identity = await auth.retrieveAuthIdentity(input.authIdentityId, { relations: ["provider_identities"] })
    if (identity.app_metadata?.[`${MEMBER_ACTOR}_id`]) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, REGISTRATION_MESSAGES.alreadyMember)
    }
    const proved = identity.provider_identities?.find((provider) => provider.provider === "emailpass")?.entity_id
    if (!proved) throw new MedusaError(MedusaError.Types.INVALID_DATA, REGISTRATION_MESSAGES.noEmail)
    const email = normalizeEmail(proved)
    if (input.email !== undefined && normalizeEmail(input.email) !== email) {
      throw Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, REGISTRATION_MESSAGES.otherEmail), { field: "email" })
    }
    return new StepResponse(email)
  }
)
