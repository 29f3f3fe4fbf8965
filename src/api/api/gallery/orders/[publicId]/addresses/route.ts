import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IEventBusModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { errorMessage } from "../../../../../../lib/error-message"
import { CHECKOUT_MESSAGES, SHIPPING_MESSAGES } from "../../../../../../lib/gallery-checkout"
import { orderEmailMatches } from "../../../../../../lib/order-email"
import { GALLERY_OUTBOX_READY_EVENT } from "../../../../../../lib/outbox"
import { GALLERY_MODULE } from "../../../../../../modules/gallery"
import type GalleryModuleService from "../../../../../../modules/gallery/service"
import { getPublicGalleryOrder } from "../../../../../../queries/gallery-orders"
import { fieldError } from "../../../../../utils/error-response"
import { requestClientAddress } from "../../../../../utils/rate-limit"
import { publicIdParam } from "../../public-id-param"
import type { ArtistAddressBody } from "../../validators"

/**
 * POST /api/gallery/orders/{publicId}/addresses {orgId, shippingAddress, email} (docs/decisions.md "Per-artist
 * addresses"): the customer of a per_artist order supplies the address of one artist's shipment. The public id
 * alone is not enough: the body must carry the order's full email (any case), compared in constant time; no public
 * response shows it (the public view masks it). Answers the updated public order.
 *
 * An address can be set and changed until that artist ships. Every change (the first address too) is recorded with
 * the address it replaced and the client's address, and emails the buyer at the order's email through the outbox,
 * all in the statement that changes it (GalleryModuleService.setArtistOrderShippingAddress). Sending the address the
 * artist order has already changes, records and emails nothing.
 *
 * 400 Missing required fields (no orgId, incomplete address); 404 Order not found (unknown order, missing or wrong
 * email — the same answer — or an organization with no artist order in it); 400 This order ships to a single
 * address; 400 Order has been cancelled; 400 Order already shipped (that artist order has shipped); 400 when the
 * artist charged shipping for another country than the address's (docs/shipping.md).
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

  const client = requestClientAddress(req)
  const outcome = await gallery.setArtistOrderShippingAddress({
    publicId,
    organizationId: orgId,
    shippingAddress,
    clientAddress: client === "unknown" ? null : client,
  })
  if (typeof outcome === "object") {
    throw fieldError(MedusaError.Types.INVALID_DATA, SHIPPING_MESSAGES.addressCountry(outcome.country), "shippingAddress.country")
  }
  switch (outcome) {
    case "not_found":
      throw notFound()
    case "single_address":
      throw new MedusaError(MedusaError.Types.INVALID_DATA, CHECKOUT_MESSAGES.singleAddressOrder)
    case "cancelled":
      throw new MedusaError(MedusaError.Types.INVALID_DATA, CHECKOUT_MESSAGES.orderCancelled)
    case "shipped":
      throw new MedusaError(MedusaError.Types.INVALID_DATA, CHECKOUT_MESSAGES.orderAlreadyShipped)
    case "updated": {
      // The buyer's email is queued with the change (committed); this only asks for it now. A lost nudge is
      // healed by the outbox dispatch job, so it never fails the change.
      const eventBus: IEventBusModuleService = req.scope.resolve(Modules.EVENT_BUS)
      await eventBus.emit({ name: GALLERY_OUTBOX_READY_EVENT, data: {} }).catch((error: unknown) => {
        req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(`Address change: outbox nudge failed: ${errorMessage(error)}`)
      })
    }
  }
  const view = await getPublicGalleryOrder(req.scope, publicId)
  if (!view) throw notFound()
  res.json({ order: view })
}
