import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { FULFILMENT_MESSAGES } from "../../../../../../lib/gallery-fulfilment"
import { REFUND_MESSAGES } from "../../../../../../lib/refunds"
import { refundArtistOrder } from "../../../../../../processes/refunds/refunds"
import { getMirrorOrder } from "../../../../../../queries/medusa/order-book"
import { listRefundsOfArtistOrders } from "../../../../../../queries/refunds"
import { artistOrderOfMedusaOrder } from "../../../gallery-orders/gallery-order-view"
import { refundView } from "../../../../orders/refund-view"
import { refundRequestOf, type RefundBody } from "../../../../orders/[id]/refunds/validators"

async function artistOrderOf(req: AuthenticatedMedusaRequest<unknown>) {
  const orderId = typeof req.params.id === "string" ? req.params.id.trim() : ""
  const order = orderId ? await getMirrorOrder(req.scope, orderId) : null
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, FULFILMENT_MESSAGES.orderNotFound)
  const artistOrderId = await artistOrderOfMedusaOrder(req.scope, orderId)
  if (!artistOrderId) throw new MedusaError(MedusaError.Types.INVALID_DATA, REFUND_MESSAGES.storeOrder)
  return { orderId, order, artistOrderId }
}

/**
 * POST /api/admin/orders/{id}/refunds (administrators; any artist's Medusa order of the gallery) — the same body, rules
 * and answer as POST /api/orders/{id}/refunds (docs/refunds.md), recorded as the administrator's.
 */
export async function POST(req: AuthenticatedMedusaRequest<RefundBody>, res: MedusaResponse) {
  const { orderId, order, artistOrderId } = await artistOrderOf(req)
  const refund = await refundArtistOrder(req.scope, {
    artistOrderId,
    request: refundRequestOf(req.validatedBody, order.items),
    source: "admin",
    reason: req.validatedBody.reason,
    requestedBy: req.auth_context.actor_id,
  })
  res.status(201).json({ refund: refundView(refund, orderId) })
}

/** GET /api/admin/orders/{id}/refunds -> `{refunds}`. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { orderId, artistOrderId } = await artistOrderOf(req)
  const refunds = await listRefundsOfArtistOrders(req.scope, [artistOrderId])
  res.json({ refunds: refunds.map((refund) => refundView(refund, orderId)) })
}
