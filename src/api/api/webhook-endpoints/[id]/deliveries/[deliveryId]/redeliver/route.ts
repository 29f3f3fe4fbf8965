import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { errorBody } from "../../../../../../../lib/error-bodies"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../../../../../../modules/platform"
import { announceQueuedDeliveries } from "../../../../../../../workflows/platform/utils/enqueue-webhook-events"
import type { OrganizationScopedRequest } from "../../../../../../utils/access"
import { WEBHOOK_ENDPOINT_MESSAGES } from "../../../../validators"
import { WEBHOOK_DELIVERY_VIEW_FIELDS, webhookDeliveryView } from "../../../../webhook-endpoint-view"

/**
 * POST /api/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver -> 202 {delivery}: a new delivery of the same
 * event (same `webhook-id` and body, a new timestamp and signatures), attempted at once in the background and then
 * retried on the usual schedule. 404 for a delivery of another endpoint; 409 while the endpoint is disabled.
 */
export async function POST(req: OrganizationScopedRequest, res: MedusaResponse) {
  const platform: PlatformModuleService = req.scope.resolve(PLATFORM_MODULE)
  const [endpoint] = await platform.listWebhookEndpoints({ id: req.params.id }, { select: ["id", "status"], take: 1 })
  if (!endpoint) throw new MedusaError(MedusaError.Types.NOT_FOUND, WEBHOOK_ENDPOINT_MESSAGES.notFound)
  if (endpoint.status !== "enabled") {
    // Answered here: Medusa's error handler rewrites CONFLICT messages.
    res.status(409).json(errorBody("application", 409, WEBHOOK_ENDPOINT_MESSAGES.disabled))
    return
  }
  const id = await platform.redeliverWebhookDelivery({
    endpointId: endpoint.id,
    deliveryId: req.params.deliveryId,
    now: new Date(),
  })
  if (!id) throw new MedusaError(MedusaError.Types.NOT_FOUND, WEBHOOK_ENDPOINT_MESSAGES.deliveryNotFound)
  // Read before the nudge, so the answer shows the delivery as queued, whatever the background attempt does next.
  const [delivery] = await platform.listWebhookDeliveries({ id }, { select: [...WEBHOOK_DELIVERY_VIEW_FIELDS], take: 1 })
  await announceQueuedDeliveries(req.scope)
  res.status(202).json({ delivery: webhookDeliveryView(delivery) })
}
