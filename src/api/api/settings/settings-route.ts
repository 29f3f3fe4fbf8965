import type { MedusaResponse } from "@medusajs/framework/http"
import { SETTINGS_FIELDS, settingsOf, type SettingsKind, type StoredSettings } from "../../../lib/organization-settings"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"
import { updateOrganizationSettingsWorkflow } from "../../../workflows/organization/workflows/update-organization-settings"
import type { OrganizationScopedRequest } from "../../utils/access"

/**
 * GET and PUT of one kind of settings of the organization the member acts for, answering `{settings}` (defaults where
 * nothing is stored). PUT writes only the fields its body carries; a body with none of them writes nothing.
 */
export function settingsRoutes(kind: SettingsKind) {
  async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
    const service: OrganizationModuleService = req.scope.resolve(ORGANIZATION_MODULE)
    res.json({ settings: settingsOf(kind, await service.findOrganizationSettings(req.organization.id)) })
  }

  async function PUT(req: OrganizationScopedRequest<StoredSettings>, res: MedusaResponse) {
    const body = req.validatedBody
    const changes = Object.fromEntries(
      SETTINGS_FIELDS[kind].filter((field) => body[field] !== undefined).map((field) => [field, body[field]])
    ) as StoredSettings
    if (!Object.keys(changes).length) return GET(req, res)
    const { result } = await updateOrganizationSettingsWorkflow(req.scope).run({
      input: { organization_id: req.organization.id, changes },
    })
    res.json({ settings: settingsOf(kind, result) })
  }

  return { GET, PUT }
}
