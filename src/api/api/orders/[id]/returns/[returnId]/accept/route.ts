import type { MedusaResponse } from "@medusajs/framework/http"
import type { OrganizationScopedRequest } from "../../../../../../utils/access"
import { moveReturnRoute } from "../../step"
import type { AcceptReturnBody } from "../../validators"

/** POST /api/orders/{id}/returns/{returnId}/accept `{instructions?}` -> `{return}` (docs/returns.md). */
export async function POST(req: OrganizationScopedRequest<AcceptReturnBody>, res: MedusaResponse) {
  await moveReturnRoute(req, res, { to: "accepted", instructions: req.validatedBody.instructions })
}
