import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ORGANIZATION_MODULE } from "../../../../modules/organization"
import type OrganizationModuleService from "../../../../modules/organization/service"
import { organizationView } from "../../../utils/organization-view"
import type { AdminListOrganizationsQuery } from "./validators"

export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { gallery_approved, q, limit, offset } = req.validatedQuery as unknown as AdminListOrganizationsQuery
  const service: OrganizationModuleService = req.scope.resolve(ORGANIZATION_MODULE)
  const filters = {
    ...(gallery_approved === undefined ? {} : { gallery_approved }),
    ...(q ? { q } : {}),
  }
  const [organizations, count] = await service.listAndCountOrganizations(filters, {
    take: limit,
    skip: offset,
    order: { name: "ASC" },
  })
  res.json({ organizations: organizations.map(organizationView), count, limit, offset })
}
