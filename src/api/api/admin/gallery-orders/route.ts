import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { listAdminGalleryOrders } from "../../../../queries/admin-gallery-orders"
import type { AdminListGalleryOrdersQuery } from "./validators"

/**
 * GET /api/admin/gallery-orders?status&q&limit&offset -> {orders, count, limit, offset}: parent orders newest first,
 * each with its status, totals, artists' names and times. `q` matches the public id or the email (any case).
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const query = req.validatedQuery as unknown as AdminListGalleryOrdersQuery
  const pg = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const { orders, count } = await listAdminGalleryOrders(pg, {
    status: query.status,
    q: query.q ?? undefined,
    limit: query.limit,
    offset: query.offset,
  })
  res.json({ orders, count, limit: query.limit, offset: query.offset })
}
