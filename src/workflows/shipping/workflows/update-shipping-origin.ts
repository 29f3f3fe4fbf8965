import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { setShippingOriginStep, type ShippingOriginInput } from "../steps/set-shipping-origin"

export type UpdateShippingOriginWorkflowInput = { organization_id: string; address: ShippingOriginInput }

/** Sets where the organization ships from: the address of its stock location (docs/shipping.md). */
export const updateShippingOriginWorkflow = createWorkflow("update-shipping-origin", (input: UpdateShippingOriginWorkflowInput) => {
  return new WorkflowResponse(setShippingOriginStep(input))
})
