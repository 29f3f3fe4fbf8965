import { defineLink } from "@medusajs/framework/utils"
import StockLocationModule from "@medusajs/medusa/stock-location"
import OrganizationModule from "../modules/organization"

/**
 * Where an organization ships from (docs/shipping.md): its own Medusa stock location, which holds its products'
 * stock and the fulfilment set of its shipping rates.
 */
export default defineLink(OrganizationModule.linkable.organization, StockLocationModule.linkable.stockLocation)
