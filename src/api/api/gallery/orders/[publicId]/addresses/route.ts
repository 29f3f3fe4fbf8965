import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { CHECKOUT_MESSAGES } from "../../../../../../lib/gallery-checkout"
import { orderEmailMatches } from "../../../../../../lib/order-email"
import { GALLERY_MODULE } from "../../../../../../modules/gallery"
import type GalleryModuleService from "../../../../../../modules/gallery/service"
import { getPublicGalleryOrder } from "../../../../../../queries/gallery-orders"
import { publicIdParam } from "../../public-id-param"
import type { ArtistAddressBody } from "../../validators"

/**
 * POST /api/gallery/orders/{publicId}/addresses {orgId, shippingAddress, email} (docs/decisions.md "Per-artist
 * addresses"): the customer of a per_artist order supplies the address of one artist's shipment. The public id
 * alone is not enough: the body must carry the order's email (any case), compared in constant time. Answers the
 * updated public order.
 *
 * 400 Missing required fields (no orgId, incomplete address); 404 Order not found (unknown order, missing or wrong
 * email — the same answer — or an organization with no artist order in it); 400 This order ships to a single
 * address; 400 Order has been cancelled; 400 Order already shipped (that artist order has shipped).
 */
export async function POST(req: MedusaRequest<ArtistAddressBody>, res: MedusaResponse) {
  const { orgId, shippingAddress, email } = req.validatedBody
  const notFound = () => new MedusaError(MedusaError.Types.NOT_FOUND, CHECKOUT_MESSAGES.orderNotFound)

  const publicId = publicIdParam(req)
  const gallery: GalleryModuleService = req.scope.resolve(GALLERY_MODULE)
  const [order] = publicId
    ? await gallery.listGalleryOrders({ public_id: publicId }, { select: ["id", "email"], take: 1 })
    : []
  if (!orderEmailMatches(email, order?.email ?? null) || !publicId) throw notFound()

  const outcome = await gallery.setArtistOrderShippingAddress({ publicId, organizationId: orgId, shippingAddress })
  switch (outcome) {
    case "not_found":
      throw notFound()
    case "single_address":
      throw new MedusaError(MedusaError.Types.INVALID_DATA, CHECKOUT_MESSAGES.singleAddressOrder)
    case "cancelled":
      throw new MedusaError(MedusaError.Types.INVALID_DATA, CHECKOUT_MESSAGES.orderCancelled)
    case "shipped":
      throw new MedusaError(MedusaError.Types.INVALID_DATA, CHECKOUT_MESSAGES.orderAlreadyShipped)
  }
  const view = await getPublicGalleryOrder(req.scope, publicId)
  if (!view) throw notFound()
  res.json({ order: view })
}
