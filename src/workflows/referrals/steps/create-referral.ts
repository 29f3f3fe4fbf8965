import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { REFERRALS_MODULE } from "../../../modules/referrals"
import type ReferralsModuleService from "../../../modules/referrals/service"

export type CreateReferralStepInput = {
  organizationId: string
  sessionId: string
  /** ISO time of the visit. */
  at: string
}

/** JSON-safe (workflow results may be serialized): times are ISO strings. */
export type TrackedReferral = {
  id: string
  organization_id: string
  session_id: string
  created_at: string
  expires_at: string
  created: boolean
}

/**
 * The session's live referral to the organization, or a new one (30-day window from `at`). Compensation removes
 * the referral only if this step created it.
 */
export const createReferralStep = createStep(
  "create-referral",
  async (input: CreateReferralStepInput, { container }) => {
    const referrals: ReferralsModuleService = container.resolve(REFERRALS_MODULE)
    const { referral, created } = await referrals.trackReferral({
      organizationId: input.organizationId,
      sessionId: input.sessionId,
      at: new Date(input.at),
    })
    const tracked: TrackedReferral = {
      id: referral.id,
      organization_id: referral.organization_id,
      session_id: referral.session_id,
      created_at: referral.created_at.toISOString(),
      expires_at: referral.expires_at.toISOString(),
      created,
    }
    return new StepResponse(tracked, created ? referral.id : null)
  },
  async (createdId, { container }) => {
    if (!createdId) return
    const referrals: ReferralsModuleService = container.resolve(REFERRALS_MODULE)
    await referrals.deleteReferrals(createdId)
  }
)
