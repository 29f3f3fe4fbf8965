import { MedusaService } from "@medusajs/framework/utils"
import { ArtistProduct } from "./models/artist-product"
import { Member } from "./models/member"
import { Membership } from "./models/membership"
import { Organization } from "./models/organization"

class OrganizationModuleService extends MedusaService({
  Organization,
  Member,
  Membership,
  ArtistProduct,
}) {}

export default OrganizationModuleService
