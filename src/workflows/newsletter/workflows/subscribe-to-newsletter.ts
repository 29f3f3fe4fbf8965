import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { subscribeNewsletterStep, type SubscribeNewsletterStepInput } from "../steps/subscribe-newsletter"

/** POST /api/gallery/newsletter/subscribe (spec 4.7): create or reactivate. Sends no email. */
export const subscribeToNewsletterWorkflow = createWorkflow(
  "subscribe-to-newsletter",
  (input: SubscribeNewsletterStepInput) => new WorkflowResponse(subscribeNewsletterStep(input))
)
