import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { listPlatformOrders } from "../../../queries/platform-orders"
import { fieldError } from "../../utils/error-response"
import type { PlatformRequest } from "../platform-auth"
import type { ParsedListQuery } from "../validators"

/**
 * GET /v1/orders -> {data, meta:{has_more, next_cursor}} (read:orders), newest first, cursor paging. `page` still
 * works (offset paging) but is deprecated (headers set by platformAuth from the deprecation table).
 */
export async function GET(req: PlatformRequest, res: MedusaResponse) {
  const query = req.validatedQuery as unknown as ParsedListQuery
  const paged = req.query.page !== undefined
  if (paged && query.cursor) {
    throw fieldError(MedusaError.Types.INVALID_DATA, "Give either cursor or page, not both", "page")
  }
  const { orders, hasMore, nextCursor } = await listPlatformOrders(req.scope, {
    organizationId: req.platform.organizationId,
    filters: query.filters,
    cursor: query.cursor,
    page: paged ? query.page : null,
    perPage: query.perPage,
  })
  res.json({ data: orders, meta: { has_more: hasMore, next_cursor: nextCursor } })
}
