import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createReferralStep } from "../steps/create-referral"
import { findReferralOrganizationStep } from "../steps/find-referral-organization"

export type TrackReferralWorkflowInput = {
  organizationId: string
  /** The visitor's `gallery_ref` session (reused from the cookie, or new). */
  sessionId: string
  /** ISO time of the visit. */
  at: string
}

/**
 * POST /api/gallery/referral/track (spec 4.6): 404 `Organization not found` for an unknown organization, else the
 * session's live referral to it (a repeat visit within the window) or a new one.
 */
export const trackReferralWorkflow = createWorkflow("track-referral", (input: TrackReferralWorkflowInput) => {
  const organization = findReferralOrganizationStep(
    transform({ input }, ({ input }) => ({ organizationId: input.organizationId }))
  )
  const referralInput = transform({ input, organization }, ({ input, organization }) => ({
    organizationId: organization.id,
    sessionId: input.sessionId,
    at: input.at,
  }))
  return new WorkflowResponse(createReferralStep(referralInput))
})
