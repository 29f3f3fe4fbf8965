import { defineLink } from "@medusajs/framework/utils"
import SalesChannelModule from "@medusajs/medusa/sales-channel"
import OrganizationModule from "../modules/organization"

/** Each organization sells through exactly one sales channel of its own. */
export default defineLink(OrganizationModule.linkable.organization, SalesChannelModule.linkable.salesChannel)
