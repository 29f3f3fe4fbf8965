import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { getOrganizationOrder } from "../../../../../queries/medusa/order-book"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import { orderDetailView } from "../../../orders/order-view"
import { ORDER_ROUTE_MESSAGES } from "../../../orders/validators"

/**
 * GET /api/dashboard/orders/{id} (a Medusa order id) -> `{order}`: the list fields plus items, shipping_address,
 * fulfillments `[{carrier, tracking_number, tracking_url, shipped_at, delivered_at}]` and, for a gallery order, the
 * artist's `payout: {amount, status}` (null for a store order).
 */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const row = await getOrganizationOrder(req.scope, { organizationId: req.organization.id, orderId: req.params.id.trim() })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, ORDER_ROUTE_MESSAGES.orderNotFound)
  res.json({ order: orderDetailView(row) })
}
