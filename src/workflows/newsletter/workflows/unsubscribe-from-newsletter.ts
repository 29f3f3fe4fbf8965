import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { unsubscribeNewsletterStep, type UnsubscribeNewsletterStepInput } from "../steps/unsubscribe-newsletter"

/** POST /api/gallery/newsletter/unsubscribe (spec 4.7): deactivate, keep the record. Sends no email. */
export const unsubscribeFromNewsletterWorkflow = createWorkflow(
  "unsubscribe-from-newsletter",
  (input: UnsubscribeNewsletterStepInput) => new WorkflowResponse(unsubscribeNewsletterStep(input))
)
