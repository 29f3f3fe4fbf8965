import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { getOrganizationOrder } from "../../../../../queries/medusa/order-book"
import { listReturnsOfArtistOrders } from "../../../../../queries/returns"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import { returnView } from "../../return-view"
import { ORDER_ROUTE_MESSAGES } from "../../validators"

/** GET /api/orders/{id}/returns -> `{returns}`: the gallery order's returns to this artist, oldest first (every member). */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const row = await getOrganizationOrder(req.scope, { organizationId: req.organization.id, orderId: req.params.id.trim() })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, ORDER_ROUTE_MESSAGES.orderNotFound)
  const returns = row.artist_order_id ? await listReturnsOfArtistOrders(req.scope, [row.artist_order_id]) : []
  res.json({ returns: returns.map(returnView) })
}
