import type { MedusaResponse } from "@medusajs/framework/http"
import type { OrganizationScopedRequest } from "../../../../../../utils/access"
import { moveReturnRoute } from "../../step"
import type { RefuseReturnBody } from "../../validators"

/** POST /api/orders/{id}/returns/{returnId}/refuse `{reason}` -> `{return}` (docs/returns.md). */
export async function POST(req: OrganizationScopedRequest<RefuseReturnBody>, res: MedusaResponse) {
  await moveReturnRoute(req, res, { to: "refused", refusalReason: req.validatedBody.reason })
}
