import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { FULFILMENT_MESSAGES } from "../../../../../lib/gallery-fulfilment"
import { shipStoreOrder } from "../../../../../processes/order-book/ship-store-order"
import { getOrganizationOrder } from "../../../../../queries/medusa/order-book"
import { shipArtistOrderWorkflow } from "../../../../../workflows/gallery-fulfilment/workflows/ship-artist-order"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import type { OrderShipBody } from "../../validators"

/**
 * POST /api/orders/{id}/ship `{carrier, tracking_number}` (a Medusa order id; owners and members) ->
 * `{success, order:{id, status, tracking_number, shipped_at}}`. A gallery order is shipped by the gallery's own
 * ship workflow (the same action as POST /api/gallery/artist/orders/{id}/ship: same rules and messages, parent
 * status, customer email; the Medusa fulfilment follows from the outbox). A store order is fulfilled and shipped
 * in Medusa directly. 400 Order already shipped / Order has been cancelled / Order is not paid.
 */
export async function POST(req: OrganizationScopedRequest<OrderShipBody>, res: MedusaResponse) {
  const { tracking_number, carrier } = req.validatedBody
  const orderId = req.params.id.trim()
  const row = await getOrganizationOrder(req.scope, { organizationId: req.organization.id, orderId })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, FULFILMENT_MESSAGES.orderNotFound)
  if (row.is_gallery && row.artist_order_id) {
    const { result } = await shipArtistOrderWorkflow(req.scope).run({
      input: {
        artistOrderId: row.artist_order_id,
        organizationId: req.organization.id,
        trackingNumber: tracking_number,
        carrier,
      },
    })
    res.json({
      success: true,
      order: { id: orderId, status: result.status, tracking_number: result.trackingNumber, shipped_at: result.shippedAt },
    })
    return
  }
  const shipped = await shipStoreOrder(req.scope, { orderId, trackingNumber: tracking_number, carrier })
  res.json({ success: true, order: shipped })
}
