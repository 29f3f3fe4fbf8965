import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { captureStoreCartStep, type CaptureStoreCartStepInput } from "../steps/capture-store-cart"

/** POST /api/cart/email: a storefront shopper's cart, kept for one reminder (docs/store-cart-recovery.md). */
export const captureStoreCartWorkflow = createWorkflow(
  "capture-store-cart",
  (input: CaptureStoreCartStepInput) => new WorkflowResponse(captureStoreCartStep(input))
)
