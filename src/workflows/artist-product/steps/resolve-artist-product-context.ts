import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export type ResolveArtistProductContextInput = {
  organization_id: string
  /**
   * Stock location for the new inventory levels; default: the organization's own (where it ships from,
   * docs/shipping.md), else one linked to its sales channel, else the store's default.
   */
  location_id?: string | null
}

export type ArtistProductContext = {
  organization_id: string
  sales_channel_id: string
  /** Where inventory levels go; null when the organization's sales channel has no stock location and no default exists. */
  location_id: string | null
  /** Medusa's default shipping profile (so Medusa carts can ship the product), null when there is none. */
  shipping_profile_id: string | null
}

/**
 * Reads (never writes) what creating an organization's products needs: its own sales channel, its own stock
 * location for inventory and the default shipping profile. Unknown organization: 404.
 */
export const resolveArtistProductContextStep = createStep(
  "resolve-artist-product-context",
  async (input: ResolveArtistProductContextInput, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: organizations } = await query.graph({
      entity: "organization",
      fields: ["id", "stock_location.id", "sales_channel.id", "sales_channel.stock_locations.id"],
      filters: { id: input.organization_id },
    })
    const organization = organizations[0] as
      | {
          id: string
          stock_location?: { id: string } | null
          sales_channel?: { id: string; stock_locations?: { id: string }[] | null } | null
        }
      | undefined
    if (!organization) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Organization not found")
    const salesChannel = organization.sales_channel
    if (!salesChannel?.id) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Organization has no sales channel")
    }

    let locationId = input.location_id ?? organization.stock_location?.id ?? salesChannel.stock_locations?.find(Boolean)?.id ?? null
    if (!locationId) {
      const { data: stores } = await query.graph({ entity: "store", fields: ["id", "default_location_id"] })
      locationId = (stores[0] as { default_location_id?: string | null } | undefined)?.default_location_id ?? null
    }

    const fulfillment = container.resolve(Modules.FULFILLMENT)
    const [profile] = await fulfillment.listShippingProfiles({ type: "default" }, { take: 1 })

    const context: ArtistProductContext = {
      organization_id: organization.id,
      sales_channel_id: salesChannel.id,
      location_id: locationId,
      shipping_profile_id: profile?.id ?? null,
    }
    return new StepResponse(context)
  }
)
