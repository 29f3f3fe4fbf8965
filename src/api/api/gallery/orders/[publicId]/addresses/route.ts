import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { CHECKOUT_MESSAGES, parseShippingAddress } from "../../../../../../lib/gallery-checkout"
import { GALLERY_MODULE } from "../../../../../../modules/gallery"
import type GalleryModuleService from "../../../../../../modules/gallery/service"
import { getPublicGalleryOrder } from "../../../../../../queries/gallery-orders"
import { publicIdParam } from "../../public-id-param"

/**
 * POST /api/gallery/orders/{publicId}/addresses {orgId, shippingAddress} (docs/architecture.md, "Decisions"): the
 * customer of a per_artist order supplies the address of one artist's shipment. Answers the updated public order.
 *
 * 400 Missing required fields (no orgId, incomplete address); 404 Order not found (also when the organization has
 * no artist order in it); 400 This order ships to a single address; 400 Order has been cancelled;
 * 400 Order already shipped (that artist order has shipped).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const body = req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {}
  const orgId = typeof body.orgId === "string" ? body.orgId.trim() : ""
  const shippingAddress = parseShippingAddress(body.shippingAddress)
  if (!orgId || !shippingAddress) throw new MedusaError(MedusaError.Types.INVALID_DATA, CHECKOUT_MESSAGES.missingFields)

  const publicId = publicIdParam(req)
  if (!publicId) throw new MedusaError(MedusaError.Types.NOT_FOUND, CHECKOUT_MESSAGES.orderNotFound)
  const gallery: GalleryModuleService = req.scope.resolve(GALLERY_MODULE)
  const outcome = await gallery.setArtistOrderShippingAddress({ publicId, organizationId: orgId, shippingAddress })
  switch (outcome) {
    case "not_found":
      throw new MedusaError(MedusaError.Types.NOT_FOUND, CHECKOUT_MESSAGES.orderNotFound)
    case "single_address":
      throw new MedusaError(MedusaError.Types.INVALID_DATA, CHECKOUT_MESSAGES.singleAddressOrder)
    case "cancelled":
      throw new MedusaError(MedusaError.Types.INVALID_DATA, CHECKOUT_MESSAGES.orderCancelled)
    case "shipped":
      throw new MedusaError(MedusaError.Types.INVALID_DATA, CHECKOUT_MESSAGES.orderAlreadyShipped)
  }
  const order = await getPublicGalleryOrder(req.scope, publicId)
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, CHECKOUT_MESSAGES.orderNotFound)
  res.json({ order })
}
