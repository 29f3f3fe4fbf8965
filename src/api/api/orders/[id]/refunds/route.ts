import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { REFUND_MESSAGES } from "../../../../../lib/refunds"
import { getOrganizationOrder } from "../../../../../queries/medusa/order-book"
import { getStoreRefundTarget } from "../../../../../queries/store-refunds"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import { refundsOfTarget, refundTarget } from "../../refund-target"
import { ORDER_ROUTE_MESSAGES } from "../../validators"
import { refundRequestOf, type RefundBody } from "./validators"

/** The organization's order a refund is for: a gallery artist order's Medusa order, or a sale of its own store. */
async function refundTargetOf(req: OrganizationScopedRequest<unknown>) {
  const orderId = req.params.id.trim()
  const row = await getOrganizationOrder(req.scope, { organizationId: req.organization.id, orderId })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, ORDER_ROUTE_MESSAGES.orderNotFound)
  if (row.is_gallery && row.artist_order_id) {
    return { kind: "gallery" as const, orderId, lines: row.items, artistOrderId: row.artist_order_id }
  }
  const store = row.is_gallery ? null : await getStoreRefundTarget(req.scope, { orderId, organizationId: req.organization.id })
  if (!store) throw new MedusaError(MedusaError.Types.INVALID_DATA, REFUND_MESSAGES.notRefundable)
  return { kind: "store" as const, orderId, lines: row.items }
}

/**
 * POST /api/orders/{id}/refunds (a Medusa order id of the organization's order book; owners) `{reason, items?,
 * include_shipping?, amount?}` -> 201 `{refund}`: refunds part or all of a gallery artist order, or of a sale of the
 * artist's own store (docs/refunds.md). Items are named by the order's line ids (or the gallery's item ids). The refund
 * is recorded, then its money moves at once; a provider failure leaves it `pending` with its `failure_reason`,
 * finished by the outbox.
 */
export async function POST(req: OrganizationScopedRequest<RefundBody>, res: MedusaResponse) {
  if (req.validatedBody.provider_refund_id != null) {
    throw new MedusaError(MedusaError.Types.FORBIDDEN, REFUND_MESSAGES.providerRefundAdminsOnly)
  }
  const target = await refundTargetOf(req)
  const refunded = await refundTarget(req.scope, target, {
    request: refundRequestOf(req.validatedBody, target.lines),
    source: "artist",
    reason: req.validatedBody.reason,
    requestedBy: req.auth_context.actor_id,
  })
  res.status(201).json(refunded)
}

/** GET /api/orders/{id}/refunds -> `{refunds}`: the order's refunds, oldest first (every member). */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  res.json(await refundsOfTarget(req.scope, await refundTargetOf(req)))
}
