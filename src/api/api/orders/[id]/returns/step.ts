import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { RETURN_MESSAGES } from "../../../../../lib/returns"
import { moveGalleryReturn } from "../../../../../processes/returns/returns"
import { getOrganizationOrder } from "../../../../../queries/medusa/order-book"
import { getReturn } from "../../../../../queries/returns"
import type { OrganizationScopedRequest } from "../../../../utils/access"
import { returnView } from "../../return-view"

/**
 * The artist's step on one return of the order (accept, refuse, receive; owners): 404 `Return not found` for a return
 * of another order or organization, 400 for a step its status does not allow. Answers `{return}` as it now is.
 */
export async function moveReturnRoute(
  req: OrganizationScopedRequest,
  res: MedusaResponse,
  step: { to: "accepted" | "refused" | "received"; instructions?: string | null; refusalReason?: string | null }
) {
  const row = await getOrganizationOrder(req.scope, { organizationId: req.organization.id, orderId: req.params.id.trim() })
  const returnId = req.params.returnId.trim()
  const found = row?.artist_order_id ? await getReturn(req.scope, returnId) : null
  if (!row || !found || found.artist_order_id !== row.artist_order_id) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, RETURN_MESSAGES.returnNotFound)
  }
  await moveGalleryReturn(req.scope, { returnId, organizationId: req.organization.id, ...step })
  const stored = await getReturn(req.scope, returnId)
  if (!stored) throw new MedusaError(MedusaError.Types.NOT_FOUND, RETURN_MESSAGES.returnNotFound)
  res.json({ return: returnView(stored) })
}
