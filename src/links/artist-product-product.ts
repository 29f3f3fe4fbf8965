import { defineLink } from "@medusajs/framework/utils"
import ProductModule from "@medusajs/medusa/product"
import OrganizationModule from "../modules/organization"

/** The gallery attributes of one Medusa product. */
export default defineLink(OrganizationModule.linkable.artistProduct, ProductModule.linkable.product)
