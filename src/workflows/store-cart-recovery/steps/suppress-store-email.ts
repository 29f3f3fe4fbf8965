import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MARKETING_MODULE } from "../../../modules/marketing"
import type MarketingModuleService from "../../../modules/marketing/service"
import type { SuppressionReason } from "../../../modules/marketing/models/email-suppression"

export type SuppressStoreEmailStepInput = { organizationId: string; email: string; reason: SuppressionReason }

/** The organization stops emailing the address (idempotent: an existing suppression stays). The only write: no compensation. */
export const suppressStoreEmailStep = createStep(
  "suppress-store-email",
  async (input: SuppressStoreEmailStepInput, { container }) => {
    const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
    await marketing.suppressEmail(input)
    return new StepResponse({ suppressed: true })
  }
)
