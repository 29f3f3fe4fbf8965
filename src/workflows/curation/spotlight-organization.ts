import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { ORGANIZATION_MODULE } from "../../modules/organization"
import type OrganizationModuleService from "../../modules/organization/service"

export const ORGANIZATION_NOT_FOUND = "Organization not found"

/** 404 "Organization not found" unless the organization exists. */
export async function requireOrganization(container: Pick<MedusaContainer, "resolve">, organizationId: string) {
  const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  const [organization] = await organizations.listOrganizations({ id: organizationId }, { take: 1, select: ["id"] })
  if (!organization) throw new MedusaError(MedusaError.Types.NOT_FOUND, ORGANIZATION_NOT_FOUND)
}
