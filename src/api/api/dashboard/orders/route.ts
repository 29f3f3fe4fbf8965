import type { MedusaResponse } from "@medusajs/framework/http"
import { dashboardPagination } from "../../../../lib/order-book"
import { listOrganizationOrders } from "../../../../queries/medusa/order-book"
import type { OrganizationScopedRequest } from "../../../utils/access"
import { dashboardOrderView } from "../../orders/order-view"
import type { DashboardOrdersQuery } from "../../orders/validators"

/**
 * GET /api/dashboard/orders?status&search&page&per_page: one page of the organization's orders (docs/order-book.md),
 * newest first -> `{orders, pagination:{total, page, per_page, total_pages}}`. `search` matches the order number
 * (`12` or `#12`), the customer's email or name (a gallery order's: its shipping address name). One statement.
 */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const query = req.validatedQuery as unknown as DashboardOrdersQuery
  const { total, rows } = await listOrganizationOrders(req.scope, {
    organizationId: req.organization.id,
    status: query.status,
    search: query.search ?? null,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  })
  res.json({ orders: rows.map(dashboardOrderView), pagination: dashboardPagination(total, query.page, query.per_page) })
}
