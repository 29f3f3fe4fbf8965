import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { CHECKOUT_MESSAGES } from "../../../../../../lib/gallery-checkout"
import { orderEmailMatches } from "../../../../../../lib/order-email"
import { requestGalleryReturn } from "../../../../../../processes/returns/returns"
import { getReturn, findReturnableArtistOrder } from "../../../../../../queries/returns"
import { requestClientAddress } from "../../../../../utils/rate-limit"
import { publicReturnView } from "../../../../orders/return-view"
import { publicIdParam } from "../../public-id-param"
import type { ReturnRequestBody } from "../../validators"

/**
 * POST /api/gallery/orders/{publicId}/returns {orgId, items: [{productId, quantity}], reason, email} (docs/returns.md):
 * the customer asks one artist to take back items of a shipped order, within that artist's return window. The public id
 * alone is not enough: the body carries the order's email, compared in constant time (a missing or wrong one is 404
 * Order not found, as for an unknown order). 201 `{return}`; 400 with the rule's message for the window and the items.
 */
export async function POST(req: MedusaRequest<ReturnRequestBody>, res: MedusaResponse) {
  const { orgId, items, reason, email } = req.validatedBody
  const notFound = () => new MedusaError(MedusaError.Types.NOT_FOUND, CHECKOUT_MESSAGES.orderNotFound)
  const publicId = publicIdParam(req)
  const target = publicId ? await findReturnableArtistOrder(req.scope, { publicId, organizationId: orgId }) : null
  if (!target || !orderEmailMatches(email, target.email)) throw notFound()
  const client = requestClientAddress(req)
  const recorded = await requestGalleryReturn(req.scope, {
    artistOrderId: target.artistOrderId,
    items,
    reason,
    windowDays: target.windowDays,
    clientAddress: client === "unknown" ? null : client,
  })
  const stored = await getReturn(req.scope, recorded.id)
  if (!stored) throw notFound()
  res.status(201).json({ return: publicReturnView(stored) })
}
