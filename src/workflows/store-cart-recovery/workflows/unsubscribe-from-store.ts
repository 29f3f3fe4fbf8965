import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { suppressStoreEmailStep } from "../steps/suppress-store-email"

export type UnsubscribeFromStoreInput = { organizationId: string; email: string }

/** A one-click unsubscribe: the store never emails that address again. */
export const unsubscribeFromStoreWorkflow = createWorkflow(
  "unsubscribe-from-store",
  (input: UnsubscribeFromStoreInput) =>
    new WorkflowResponse(
      suppressStoreEmailStep({ organizationId: input.organizationId, email: input.email, reason: "unsubscribed" })
    )
)
