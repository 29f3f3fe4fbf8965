import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { applyEmailEventStep, type ApplyEmailEventStepInput } from "../steps/apply-email-event"

/** `POST /api/webhooks/email`: one verified provider event (docs/campaigns-and-email.md). */
export const recordEmailEventWorkflow = createWorkflow("record-marketing-email-event", (input: ApplyEmailEventStepInput) =>
  new WorkflowResponse(applyEmailEventStep(input))
)
