import type { LinkDefinition } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createFulfillmentSets, createRemoteLinkStep, createStockLocationsWorkflow } from "@medusajs/medusa/core-flows"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import { MANUAL_FULFILLMENT_PROVIDER_ID, organizationFulfillmentSetName } from "../../../lib/shipping-rates"

export type CreateOrganizationShippingLocationInput = {
  organization_id: string
  /** The location's name in the Medusa admin: the organization's. */
  name: string
  sales_channel_id: string
  /** The ships-from address; none for a new organization (its owner sets it, docs/shipping.md). */
  address?: {
    address_1: string
    address_2?: string | null
    city?: string | null
    province?: string | null
    postal_code?: string | null
    country_code: string
    phone?: string | null
  } | null
}

/**
 * Where an organization ships from (docs/shipping.md): its own Medusa stock location, with a shipping fulfilment set
 * (where its rates' service zones go), linked to the organization, to its sales channel (so Medusa counts the
 * location's stock for the channel) and to the manual fulfilment provider. Each step undoes itself on a failure.
 */
export const createOrganizationShippingLocationWorkflow = createWorkflow(
  "create-organization-shipping-location",
  (input: CreateOrganizationShippingLocationInput) => {
    const locations = createStockLocationsWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        locations: [{ name: input.name, ...(input.address ? { address: input.address } : {}) }],
      })),
    })
    const sets = createFulfillmentSets(
      transform({ input }, ({ input }) => [{ name: organizationFulfillmentSetName(input.organization_id), type: "shipping" }])
    )
    const links = transform({ input, locations, sets }, ({ input, locations, sets }): LinkDefinition[] => {
      const location = { stock_location_id: locations[0].id }
      return [
        { [ORGANIZATION_MODULE]: { organization_id: input.organization_id }, [Modules.STOCK_LOCATION]: location },
        { [Modules.STOCK_LOCATION]: location, [Modules.FULFILLMENT]: { fulfillment_set_id: sets[0].id } },
        { [Modules.STOCK_LOCATION]: location, [Modules.FULFILLMENT]: { fulfillment_provider_id: MANUAL_FULFILLMENT_PROVIDER_ID } },
        { [Modules.SALES_CHANNEL]: { sales_channel_id: input.sales_channel_id }, [Modules.STOCK_LOCATION]: location },
      ]
    })
    createRemoteLinkStep(links).config({ name: "link-organization-shipping-location" })
    return new WorkflowResponse(
      transform({ locations, sets }, ({ locations, sets }) => ({ location_id: locations[0].id, fulfillment_set_id: sets[0].id }))
    )
  }
)
