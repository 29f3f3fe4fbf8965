import type { MedusaResponse } from "@medusajs/framework/http"
import { PLATFORM_MODULE, type PlatformModuleService } from "../../../../../modules/platform"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import type { ListDeliveriesQuery } from "../../validators"
import { WEBHOOK_DELIVERY_VIEW_FIELDS, webhookDeliveryView } from "../../webhook-endpoint-view"

/** GET /api/webhook-endpoints/{id}/deliveries -> {deliveries, count, limit, offset}: the log, newest first. */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const query = req.validatedQuery as unknown as ListDeliveriesQuery
  const platform: PlatformModuleService = req.scope.resolve(PLATFORM_MODULE)
  const [deliveries, count] = await platform.listAndCountWebhookDeliveries(
    { endpoint_id: req.params.id },
    {
      select: [...WEBHOOK_DELIVERY_VIEW_FIELDS],
      order: { created_at: "DESC", id: "DESC" },
      take: query.limit,
      skip: query.offset,
    }
  )
  res.json({ deliveries: deliveries.map(webhookDeliveryView), count, limit: query.limit, offset: query.offset })
}
