import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { CHECKOUT_MESSAGES } from "../../../../../lib/gallery-checkout"
import { getPublicGalleryOrder } from "../../../../../queries/gallery-orders"
import { publicIdParam } from "../public-id-param"

/**
 * GET /api/gallery/orders/{publicId} (spec 4.5): the order with its artist orders, status by rule B. The public id
 * is the credential; the view carries no internal or payment-provider ids. 404 Order not found. One query.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const publicId = publicIdParam(req)
  const order = publicId ? await getPublicGalleryOrder(req.scope, publicId) : null
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, CHECKOUT_MESSAGES.orderNotFound)
  res.json({ order })
}
