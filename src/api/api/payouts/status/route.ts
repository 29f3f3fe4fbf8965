import type { MedusaResponse } from "@medusajs/framework/http"
import { fromCents } from "../../../../lib/money"
import { ORGANIZATION_MODULE } from "../../../../modules/organization"
import type OrganizationModuleService from "../../../../modules/organization/service"
import { pendingPayoutsOfOrganization } from "../../../../queries/gallery-orders"
import type { OrganizationScopedRequest } from "../../../utils/access"

/**
 * GET /api/payouts/status (members): the connected account's state as the provider last reported it, and the
 * payouts waiting for a transfer (`amount` in USD).
 */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const organizations: OrganizationModuleService = req.scope.resolve(ORGANIZATION_MODULE)
  const [organization, pending] = await Promise.all([
    organizations.retrieveOrganization(req.organization.id, {
      select: ["id", "stripe_account_id", "charges_enabled", "payouts_enabled", "details_submitted"],
    }),
    pendingPayoutsOfOrganization(req.scope, req.organization.id),
  ])
  res.json({
    connected: Boolean(organization.stripe_account_id),
    charges_enabled: organization.charges_enabled,
    payouts_enabled: organization.payouts_enabled,
    details_submitted: organization.details_submitted,
    pending_payouts: { count: pending.count, amount: fromCents(pending.amount_cents) },
  })
}
