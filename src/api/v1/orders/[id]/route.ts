import type { MedusaResponse } from "@medusajs/framework/http"
import { platformErrorBody } from "../../../../lib/error-bodies"
import { getPlatformOrder } from "../../../../queries/platform-orders"
import type { PlatformRequest } from "../../platform-auth"
import type { ParsedListQuery } from "../../validators"

export const ORDER_MESSAGES = {
  notFound: "No such order",
  otherOrganization: "This order belongs to another organization: this API key cannot reach it",
} as const

/** GET /v1/orders/{id}?expand=customer,items -> {data} (read:orders). */
export async function GET(req: PlatformRequest, res: MedusaResponse) {
  const query = req.validatedQuery as unknown as ParsedListQuery
  const id = req.params.id
  const found = /^[A-Za-z0-9_]{1,100}$/.test(id)
    ? await getPlatformOrder(req.scope, { organizationId: req.platform.organizationId, orderId: id, expand: query.expand })
    : ({ found: false } as const)
  if (!found.found) return res.status(404).json(platformErrorBody("not_found", ORDER_MESSAGES.notFound, "id", "not_found"))
  if (!found.mine) {
    return res.status(403).json(platformErrorBody("insufficient_scope", ORDER_MESSAGES.otherOrganization, "id", "other_organization"))
  }
  res.json({ data: found.order })
}
