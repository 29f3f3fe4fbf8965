import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { FULFILMENT_MESSAGES } from "../../../../../../lib/gallery-fulfilment"
import { cancelGalleryOrder } from "../../../../../../workflows/gallery-fulfilment/workflows/cancel-gallery-order"

/**
 * POST /api/admin/gallery-orders/{id}/cancel (docs/architecture.md, "Decisions"; administrators). `{id}` is the order's
 * internal id or its public id (GAL-YYYY-XXXXXX).
 *
 * Before any shipment only: 404 Order not found; 400 Order cannot be cancelled after shipment. A pending, paid or
 * processing order becomes cancelled: its charge refunded, transferred payouts reversed, pending payouts never
 * transferred, stock reservations released, transitions recorded. An order already cancelled answers 200 with
 * nothing repeated. 500 `Failed to refund the payment` / `Failed to reverse one or more artist transfers` leave the
 * order cancelled; calling again finishes the rest. Response `{success, order:{id, publicId, status, cancelledAt}}`.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const raw = req.params.id
  const id = typeof raw === "string" ? raw.trim() : ""
  if (!id) throw new MedusaError(MedusaError.Types.NOT_FOUND, FULFILMENT_MESSAGES.orderNotFound)
  const result = await cancelGalleryOrder(req.scope, { idOrPublicId: id })
  res.json({ success: true, order: result.order })
}
