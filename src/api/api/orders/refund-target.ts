import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { REFUND_MESSAGES, type RefundRequest } from "../../../lib/refunds"
import { refundArtistOrder } from "../../../processes/refunds/refunds"
import { refundStoreOrder } from "../../../processes/refunds/store-refunds"
import { listRefundsOfArtistOrders } from "../../../queries/refunds"
import { listStoreRefundsOfOrder } from "../../../queries/store-refunds"
import { refundView, storeRefundView } from "./refund-view"

/** The order a refund route acts on: a gallery artist order's Medusa order, or a sale of an artist's own store. */
export type RefundRouteTarget =
  | { kind: "gallery"; orderId: string; artistOrderId: string }
  | { kind: "store"; orderId: string }

/** A refund as the owner's and the administrator's routes ask for it (docs/refunds.md). */
export type RefundAsked = {
  request: RefundRequest
  source: "artist" | "admin" | "provider"
  reason: string
  requestedBy: string | null
  /** Administrators: the refund made in Stripe's dashboard this one records (gallery orders only). */
  providerRefundId?: string | null
}

/** `{refund}` of POST /api/orders/{id}/refunds and /api/admin/orders/{id}/refunds: the refund recorded and moved. */
export async function refundTarget(scope: MedusaContainer, target: RefundRouteTarget, { providerRefundId, ...asked }: RefundAsked) {
  if (target.kind === "store") {
    if (providerRefundId) throw new MedusaError(MedusaError.Types.INVALID_DATA, REFUND_MESSAGES.providerRefundGalleryOnly)
    return { refund: storeRefundView(await refundStoreOrder(scope, { orderId: target.orderId, ...asked }), target.orderId) }
  }
  const refund = await refundArtistOrder(scope, { artistOrderId: target.artistOrderId, providerRefundId, ...asked })
  return { refund: refundView(refund, target.orderId) }
}

/** `{refunds}` of GET /api/orders/{id}/refunds and /api/admin/orders/{id}/refunds: the order's refunds, oldest first. */
export async function refundsOfTarget(scope: MedusaContainer, target: RefundRouteTarget) {
  if (target.kind === "store") {
    const refunds = await listStoreRefundsOfOrder(scope, target.orderId)
    return { refunds: refunds.map((refund) => storeRefundView(refund, target.orderId)) }
  }
  const refunds = await listRefundsOfArtistOrders(scope, [target.artistOrderId])
  return { refunds: refunds.map((refund) => refundView(refund, target.orderId)) }
}
