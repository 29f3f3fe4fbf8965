import type { MedusaResponse } from "@medusajs/framework/http"
import type { OrganizationScopedRequest } from "../../../../../../utils/access"
import { setArtistOrderStatusWorkflow } from "../../../../../../../workflows/gallery-fulfilment/workflows/set-artist-order-status"
import type { StatusBody } from "../../validators"

/**
 * POST /api/gallery/artist/orders/{id}/status {status} (docs/architecture.md, "Decisions"): paid -> processing,
 * shipped -> delivered. The organization is the order's, as for ship. 400 Status required; 404 Order not found;
 * 403 (not a member of the order's organization, or another one named); 400 Order has been cancelled; 400 Cannot move order from X to Y. Response
 * `{success, order:{id, status}, parentOrderStatus}` (the parent's status by rule B, stored).
 */
export async function POST(req: OrganizationScopedRequest<StatusBody>, res: MedusaResponse) {
  const { status } = req.validatedBody
  const { result } = await setArtistOrderStatusWorkflow(req.scope).run({
    input: { artistOrderId: req.params.id.trim(), organizationId: req.organization.id, status },
  })
  res.json({
    success: true,
    order: { id: result.id, status: result.status },
    parentOrderStatus: result.parentOrderStatus,
  })
}
