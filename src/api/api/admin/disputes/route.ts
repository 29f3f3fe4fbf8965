import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { listAdminDisputes } from "../../../../queries/disputes"
import type { AdminListDisputesQuery } from "./validators"

/**
 * GET /api/admin/disputes?status=open|closed|all&limit -> {disputes: [{id, providerDisputeId, status, outcome, reason,
 * amount, currencyCode, evidenceDueBy, openedAt, closedAt, order: {id, publicId, total} | null, storePaymentId,
 * artists: [{id, name}]}]} (docs/disputes.md): the open ones by default, the evidence due soonest first.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const query = req.validatedQuery as unknown as AdminListDisputesQuery
  const pg = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  res.json({ disputes: await listAdminDisputes(pg, { status: query.status, limit: query.limit }) })
}
