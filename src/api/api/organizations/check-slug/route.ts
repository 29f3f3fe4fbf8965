import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ORGANIZATION_MODULE } from "../../../../modules/organization"
import type OrganizationModuleService from "../../../../modules/organization/service"
import { isValidSlug } from "../../../../lib/slug"
import type { CheckSlugQuery } from "../validators"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { slug, exclude_org_id } = req.validatedQuery as unknown as CheckSlugQuery
  if (!isValidSlug(slug)) return res.json({ available: false, slug })
  const service: OrganizationModuleService = req.scope.resolve(ORGANIZATION_MODULE)
  const [taken] = await service.listOrganizations({ slug }, { take: 1, select: ["id"] })
  res.json({ available: !taken || taken.id === exclude_org_id, slug })
}
