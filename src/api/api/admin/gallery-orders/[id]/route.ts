import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { FULFILMENT_MESSAGES } from "../../../../../lib/gallery-fulfilment"
import { adminGalleryOrderWithMirrors } from "../gallery-order-view"

/**
 * GET /api/admin/gallery-orders/{id} (internal id or public id GAL-YYYY-XXXXXX) -> {order}: the parent order with
 * its payment references, its artist orders (status, shipment, items, payout with transfer and reversal ids, the
 * Medusa order that mirrors it) and every status transition. 404 Order not found.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const id = typeof req.params.id === "string" ? req.params.id.trim() : ""
  const order = id ? await adminGalleryOrderWithMirrors(req.scope, id) : null
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, FULFILMENT_MESSAGES.orderNotFound)
  res.json({ order })
}
