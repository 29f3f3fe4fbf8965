import type { MedusaResponse } from "@medusajs/framework/http"
import { ORGANIZATION_MODULE } from "../../../../modules/organization"
import type OrganizationModuleService from "../../../../modules/organization/service"
import type { OrganizationScopedRequest } from "../../../utils/access"
import type { ReturnSettingsBody } from "../validators"

async function windowOf(req: OrganizationScopedRequest<unknown>): Promise<number> {
  const organizations: OrganizationModuleService = req.scope.resolve(ORGANIZATION_MODULE)
  const organization = await organizations.retrieveOrganization(req.organization.id, { select: ["id", "return_window_days"] })
  return organization.return_window_days
}

/** GET /api/settings/returns -> `{settings: {return_window_days}}` (docs/returns.md; every member). */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  res.json({ settings: { return_window_days: await windowOf(req) } })
}

/** PUT /api/settings/returns `{return_window_days}` (0..365, 0 = no returns; owners) -> `{settings}`. */
export async function PUT(req: OrganizationScopedRequest<ReturnSettingsBody>, res: MedusaResponse) {
  const organizations: OrganizationModuleService = req.scope.resolve(ORGANIZATION_MODULE)
  await organizations.updateOrganizations({ id: req.organization.id, return_window_days: req.validatedBody.return_window_days })
  res.json({ settings: { return_window_days: await windowOf(req) } })
}
