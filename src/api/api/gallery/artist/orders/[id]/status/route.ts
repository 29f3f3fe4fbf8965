import type { MedusaResponse } from "@medusajs/framework/http"
import type { OrganizationScopedRequest } from "../../../../../../utils/access"
import { setArtistOrderStatusWorkflow } from "../../../../../../../workflows/gallery-fulfilment/workflows/set-artist-order-status"
import { artistOrderIdParam, statusBody } from "../../validators"

/**
 * POST /api/gallery/artist/orders/{id}/status {status} + org_id (docs/architecture.md, "Decisions"): paid ->
 * processing, shipped -> delivered. 400 Status required; 404 Order not found; 403 (another organization's order);
 * 400 Order has been cancelled; 400 Cannot move order from X to Y. Response
 * `{success, order:{id, status}, parentOrderStatus}` (the parent's status by rule B, stored).
 */
export async function POST(req: OrganizationScopedRequest, res: MedusaResponse) {
  const { status } = statusBody(req.body)
  const artistOrderId = artistOrderIdParam(req.params)
  const { result } = await setArtistOrderStatusWorkflow(req.scope).run({
    input: { artistOrderId, organizationId: req.organization.id, status },
  })
  res.json({
    success: true,
    order: { id: result.id, status: result.status },
    parentOrderStatus: result.parentOrderStatus,
  })
}
