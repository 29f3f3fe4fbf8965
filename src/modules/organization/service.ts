import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import { ArtistProduct } from "./models/artist-product"
import { Member } from "./models/member"
import { Membership } from "./models/membership"
import { Organization } from "./models/organization"

export const ORGANIZATION_NOT_FOUND = "Organization not found"

class OrganizationModuleService extends MedusaService({
  Organization,
  Member,
  Membership,
  ArtistProduct,
}) {
  /** The organization (its id) when it exists and is not deleted; 404 `Organization not found` otherwise. */
  async requireOrganization(organizationId: string): Promise<{ id: string }> {
    const [organization] = await this.listOrganizations({ id: organizationId }, { take: 1, select: ["id"] })
    if (!organization) throw new MedusaError(MedusaError.Types.NOT_FOUND, ORGANIZATION_NOT_FOUND)
    return { id: organization.id }
  }
}

export default OrganizationModuleService
