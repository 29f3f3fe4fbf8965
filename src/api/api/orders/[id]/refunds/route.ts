import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { REFUND_MESSAGES } from "../../../../../lib/refunds"
import { refundArtistOrder } from "../../../../../processes/refunds/refunds"
import { getOrganizationOrder } from "../../../../../queries/medusa/order-book"
import { listRefundsOfArtistOrders } from "../../../../../queries/refunds"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import { refundView } from "../../refund-view"
import { ORDER_ROUTE_MESSAGES } from "../../validators"
import { refundRequestOf, type RefundBody } from "./validators"

async function galleryOrderOf(req: OrganizationScopedRequest<unknown>) {
  const orderId = req.params.id.trim()
  const row = await getOrganizationOrder(req.scope, { organizationId: req.organization.id, orderId })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, ORDER_ROUTE_MESSAGES.orderNotFound)
  if (!row.is_gallery || !row.artist_order_id) throw new MedusaError(MedusaError.Types.INVALID_DATA, REFUND_MESSAGES.storeOrder)
  return { orderId, row, artistOrderId: row.artist_order_id }
}

/**
 * POST /api/orders/{id}/refunds (a Medusa order id of the organization's order book; owners) `{reason, items?,
 * include_shipping?, amount?}` -> 201 `{refund}`: refunds part or all of a gallery artist order (docs/refunds.md).
 * Items are named by the order's line ids (or the gallery's item ids). The refund is recorded, then its money moves at
 * once; a provider failure leaves it `pending` with its `failure_reason`, finished by the outbox.
 */
export async function POST(req: OrganizationScopedRequest<RefundBody>, res: MedusaResponse) {
  const { orderId, row, artistOrderId } = await galleryOrderOf(req)
  const refund = await refundArtistOrder(req.scope, {
    artistOrderId,
    request: refundRequestOf(req.validatedBody, row.items),
    source: "artist",
    reason: req.validatedBody.reason,
    requestedBy: req.auth_context.actor_id,
  })
  res.status(201).json({ refund: refundView(refund, orderId) })
}

/** GET /api/orders/{id}/refunds -> `{refunds}`: the order's refunds, oldest first (every member). */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const { orderId, artistOrderId } = await galleryOrderOf(req)
  const refunds = await listRefundsOfArtistOrders(req.scope, [artistOrderId])
  res.json({ refunds: refunds.map((refund) => refundView(refund, orderId)) })
}
