import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { NEWSLETTER_MODULE } from "../../../modules/newsletter"
import type NewsletterModuleService from "../../../modules/newsletter/service"

export const EMAIL_NOT_FOUND = "Email not found"

export type UnsubscribeNewsletterStepInput = {
  email: string
  /** ISO time of the request. */
  at: string
}

/**
 * Deactivates the subscriber of that email (the record is kept); 404 `Email not found` when there is none.
 * Compensation puts the record back as it was.
 */
export const unsubscribeNewsletterStep = createStep(
  "unsubscribe-newsletter",
  async (input: UnsubscribeNewsletterStepInput, { container }) => {
    const newsletter: NewsletterModuleService = container.resolve(NEWSLETTER_MODULE)
    const result = await newsletter.unsubscribe({ email: input.email, at: new Date(input.at) })
    if (!result) throw new MedusaError(MedusaError.Types.NOT_FOUND, EMAIL_NOT_FOUND)
    return new StepResponse({ id: result.subscriber.id }, result.previous)
  },
  async (previous, { container }) => {
    if (!previous) return
    const newsletter: NewsletterModuleService = container.resolve(NEWSLETTER_MODULE)
    await newsletter.restoreSubscriberState(previous)
  }
)
