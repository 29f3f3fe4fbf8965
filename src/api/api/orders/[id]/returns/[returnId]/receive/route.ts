import type { MedusaResponse } from "@medusajs/framework/http"
import type { OrganizationScopedRequest } from "../../../../../../utils/access"
import { moveReturnRoute } from "../../step"

/**
 * POST /api/orders/{id}/returns/{returnId}/receive -> `{return}` (docs/returns.md): the parcel is back; its items are
 * refunded (the refund's id in `refund_id`) and put back in stock through the order book.
 */
export async function POST(req: OrganizationScopedRequest, res: MedusaResponse) {
  await moveReturnRoute(req, res, { to: "received" })
}
