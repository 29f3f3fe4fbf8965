import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { FULFILMENT_MESSAGES } from "../../../../../../lib/gallery-fulfilment"
import { REFUND_MESSAGES } from "../../../../../../lib/refunds"
import { getMirrorOrder } from "../../../../../../queries/medusa/order-book"
import { getStoreRefundTarget } from "../../../../../../queries/store-refunds"
import { artistOrderOfMedusaOrder } from "../../../gallery-orders/gallery-order-view"
import { refundsOfTarget, refundTarget } from "../../../../orders/refund-target"
import { refundRequestOf, type RefundBody } from "../../../../orders/[id]/refunds/validators"

/** Any artist's order a refund is for: a gallery artist order's Medusa order, or a sale of an artist's own store. */
async function refundTargetOf(req: AuthenticatedMedusaRequest<unknown>) {
  const orderId = typeof req.params.id === "string" ? req.params.id.trim() : ""
  const order = orderId ? await getMirrorOrder(req.scope, orderId) : null
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, FULFILMENT_MESSAGES.orderNotFound)
  const artistOrderId = await artistOrderOfMedusaOrder(req.scope, orderId)
  if (artistOrderId) return { kind: "gallery" as const, orderId, lines: order.items, artistOrderId }
  const store = await getStoreRefundTarget(req.scope, { orderId })
  if (!store) throw new MedusaError(MedusaError.Types.INVALID_DATA, REFUND_MESSAGES.notRefundable)
  return { kind: "store" as const, orderId, lines: order.items }
}

/**
 * POST /api/admin/orders/{id}/refunds (administrators; any artist's Medusa order of the gallery or of an artist's
 * store) — the same body, rules and answer as POST /api/orders/{id}/refunds (docs/refunds.md), recorded as the
 * administrator's. With `provider_refund_id` it records (part of) a refund made in Stripe's dashboard on this artist
 * order instead of refunding again: the artist's share comes back as for any refund.
 */
export async function POST(req: AuthenticatedMedusaRequest<RefundBody>, res: MedusaResponse) {
  const target = await refundTargetOf(req)
  const providerRefundId = req.validatedBody.provider_refund_id ?? null
  const refunded = await refundTarget(req.scope, target, {
    request: refundRequestOf(req.validatedBody, target.lines),
    source: providerRefundId ? "provider" : "admin",
    reason: req.validatedBody.reason,
    requestedBy: req.auth_context.actor_id,
    providerRefundId,
  })
  res.status(201).json(refunded)
}

/** GET /api/admin/orders/{id}/refunds -> `{refunds}`. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await refundsOfTarget(req.scope, await refundTargetOf(req)))
}
