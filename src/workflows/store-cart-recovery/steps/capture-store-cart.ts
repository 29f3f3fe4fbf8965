import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MARKETING_MODULE } from "../../../modules/marketing"
import type MarketingModuleService from "../../../modules/marketing/service"
import type { RecoverableCartItem } from "../../../modules/marketing/service"

export type CaptureStoreCartStepInput = {
  organizationId: string
  email: string
  items: RecoverableCartItem[]
  cartTotalCents: number
  /** ISO time of the request. */
  at: string
}

/**
 * Records the cart for its reminder, replacing the organization's earlier capture of that email. The workflow's only
 * write, so nothing after it can fail and ask for it to be undone: no compensation.
 */
export const captureStoreCartStep = createStep(
  "capture-store-cart",
  async (input: CaptureStoreCartStepInput, { container }) => {
    const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
    const captured = await marketing.captureCart({ ...input, at: new Date(input.at) })
    return new StepResponse(captured)
  }
)
