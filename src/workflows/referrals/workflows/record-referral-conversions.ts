import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  recordReferralConversionsStep,
  type RecordReferralConversionsStepInput,
} from "../steps/record-referral-conversions"

/**
 * Credits a paid order to the buyer's live referrals (spec 4.6 "Conversion"): orderType 'gallery' (a gallery order,
 * one amount per artist organization) or 'store' (an artist-store order, its organization's amount). Idempotent.
 * Callers that already run a workflow can use the step directly.
 */
export const recordReferralConversionsWorkflow = createWorkflow(
  "record-referral-conversions",
  (input: RecordReferralConversionsStepInput) => new WorkflowResponse(recordReferralConversionsStep(input))
)
