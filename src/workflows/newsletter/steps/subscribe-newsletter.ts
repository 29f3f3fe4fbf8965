import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { NEWSLETTER_MODULE } from "../../../modules/newsletter"
import type NewsletterModuleService from "../../../modules/newsletter/service"
import type { SubscriberState } from "../../../modules/newsletter/service"

export type SubscribeNewsletterStepInput = {
  /** Already validated (spec pattern); stored normalized. */
  email: string
  firstName?: string | null
  lastName?: string | null
  /** ISO time of the request. */
  at: string
}

/** JSON-safe (workflow results may be serialized): times are ISO strings. */
export type NewsletterSubscriberView = {
  id: string
  email: string
  first_name: string | null
  last_name: string | null
  is_active: boolean
  subscribed_at: string
  unsubscribed_at: string | null
}

type Compensation = { createdId: string } | { previous: SubscriberState } | null

/**
 * Creates the subscriber, or reactivates the existing record of that email (spec part 3). Compensation deletes a
 * record this step created, or puts an existing one back as it was.
 */
export const subscribeNewsletterStep = createStep(
  "subscribe-newsletter",
  async (input: SubscribeNewsletterStepInput, { container }) => {
    const newsletter: NewsletterModuleService = container.resolve(NEWSLETTER_MODULE)
    const { subscriber, created, previous } = await newsletter.subscribe({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      at: new Date(input.at),
    })
    const view: NewsletterSubscriberView = {
      ...subscriber,
      subscribed_at: subscriber.subscribed_at.toISOString(),
      unsubscribed_at: subscriber.unsubscribed_at?.toISOString() ?? null,
    }
    const compensation: Compensation = created ? { createdId: subscriber.id } : previous ? { previous } : null
    return new StepResponse({ subscriber: view, created }, compensation)
  },
  async (compensation, { container }) => {
    if (!compensation) return
    const newsletter: NewsletterModuleService = container.resolve(NEWSLETTER_MODULE)
    if ("createdId" in compensation) await newsletter.deleteNewsletterSubscribers(compensation.createdId)
    else await newsletter.restoreSubscriberState(compensation.previous)
  }
)
