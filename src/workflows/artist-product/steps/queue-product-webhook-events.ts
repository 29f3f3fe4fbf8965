import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../../modules/platform"
import { queueProductWebhookEvents } from "../../platform/utils/product-webhook-events"

export type QueueProductWebhookEventsInput = {
  organization_id: string
  product_ids: string[]
  type: "product.created" | "product.updated"
}

/**
 * The last step of the artist product workflows: product.created / product.updated to the organization's outbound
 * webhooks (docs/outbound-webhooks.md), queued once everything before has been written. One indexed query when the
 * organization has no endpoint listening. Compensation withdraws the deliveries not attempted yet.
 */
export const queueProductWebhookEventsStep = createStep(
  "queue-product-webhook-events",
  async (input: QueueProductWebhookEventsInput, { container }) => {
    const queued = await queueProductWebhookEvents(container, input)
    return new StepResponse(queued, queued)
  },
  async (queued, { container }) => {
    if (!queued?.length) return
    const platform: PlatformModuleService = container.resolve(PLATFORM_MODULE)
    await platform.withdrawWebhookDeliveries(queued)
  }
)
