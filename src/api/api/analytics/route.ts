import type { MedusaResponse } from "@medusajs/framework/http"
import { organizationOrderAnalytics } from "../../../queries/medusa/order-book"
import type { OrganizationScopedRequest } from "../../utils/access"
import type { OrderAnalyticsQuery } from "../orders/validators"

const money = (value: string | number) => Math.round(Number(value) * 100) / 100

/**
 * GET /api/analytics?days (default 30, 1..365) over the organization's orders created in that window
 * (docs/order-book.md): revenue = totals of the orders paid and not cancelled, less what refunds gave back of their
 * merchandise and shipping (gallery and store orders alike); orders total / completed (shipped,
 * delivered) / pending (pending, paid, processing); the ten products with the most revenue. One statement.
 */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const { days } = req.validatedQuery as unknown as OrderAnalyticsQuery
  const row = await organizationOrderAnalytics(req.scope, { organizationId: req.organization.id, days })
  res.json({
    revenue: { total: money(row.revenue), currency: "usd" },
    orders: { total: row.total_orders, completed: row.completed, pending: row.pending },
    topProducts: row.top_products.map((p) => ({
      id: p.id,
      title: p.title,
      revenue: money(p.revenue),
      quantity: Number(p.quantity),
    })),
  })
}
