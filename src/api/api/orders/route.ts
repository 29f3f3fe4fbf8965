import type { MedusaResponse } from "@medusajs/framework/http"
import { listOrganizationOrders } from "../../../queries/medusa/order-book"
import type { OrganizationScopedRequest } from "../../utils/access"
import { platformOrderView } from "./order-view"
import type { OrdersQuery } from "./validators"

/**
 * GET /api/orders?status&customer_id&limit&offset: the organization's orders (Medusa orders in its sales channel,
 * store and gallery alike; docs/order-book.md), newest first -> `{data:[{id, order_number, status, total_amount,
 * platform_fee, customer:{email, name}, items, ...}], count, limit, offset}`. One statement.
 */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const query = req.validatedQuery as unknown as OrdersQuery
  const { total, rows } = await listOrganizationOrders(req.scope, {
    organizationId: req.organization.id,
    status: query.status,
    customerId: query.customer_id ?? null,
    limit: query.limit,
    offset: query.offset,
  })
  res.json({ data: rows.map(platformOrderView), count: total, limit: query.limit, offset: query.offset })
}
