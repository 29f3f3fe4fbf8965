import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MARKETING_MODULE } from "../../../modules/marketing"
import type MarketingModuleService from "../../../modules/marketing/service"
import type { EmailEventInput } from "../../../modules/marketing/service"

export type ApplyEmailEventStepInput = Omit<EmailEventInput, "occurredAt"> & { occurredAt: string }

/**
 * Records a verified email event and applies it (recipient row, campaign stats, suppression) in ONE transaction of
 * the marketing service, once per svix id. The only write, and it is all or nothing: no compensation.
 */
export const applyEmailEventStep = createStep(
  "apply-marketing-email-event",
  async (input: ApplyEmailEventStepInput, { container }) => {
    const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
    return new StepResponse(await marketing.applyEmailEvent({ ...input, occurredAt: new Date(input.occurredAt) }))
  }
)
