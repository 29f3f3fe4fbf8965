import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { getOrganizationOrder } from "../../../../queries/medusa/order-book"
import type { OrganizationScopedRequest } from "../../../utils/access"
import { orderDetailView } from "../order-view"
import { ORDER_ROUTE_MESSAGES } from "../validators"

/** GET /api/orders/{id} (a Medusa order id) -> `{data: order}`, the same order as GET /api/dashboard/orders/{id}. */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const row = await getOrganizationOrder(req.scope, { organizationId: req.organization.id, orderId: req.params.id.trim() })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, ORDER_ROUTE_MESSAGES.orderNotFound)
  res.json({ data: orderDetailView(row) })
}
