import type { IStockLocationService } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SHIPPING_RATE_MESSAGES } from "../../../lib/shipping-rates"
import { getOrganizationShippingLocation, type ShippingOriginAddress } from "../../../queries/medusa/shipping-rates"

export type ShippingOriginInput = {
  address_1: string
  address_2: string | null
  city: string | null
  province: string | null
  postal_code: string | null
  /** ISO 3166-1 alpha-2. */
  country_code: string
  phone: string | null
}

type Undo =
  | { kind: "restore"; address_id: string; previous: ShippingOriginAddress }
  | { kind: "remove"; address_id: string }

/**
 * The ships-from address of the organization's stock location (docs/shipping.md): its address updated, or created
 * with the location's update when it has none (Medusa's updateStockLocationsWorkflow would create the address without
 * setting it on the location). Compensation restores the previous address, or deletes the created one.
 */
export const setShippingOriginStep = createStep(
  "set-shipping-origin",
  async (input: { organization_id: string; address: ShippingOriginInput }, { container }) => {
    const location = await getOrganizationShippingLocation(container, input.organization_id)
    if (!location) throw new MedusaError(MedusaError.Types.CONFLICT, SHIPPING_RATE_MESSAGES.noLocation)
    const locations: IStockLocationService = container.resolve(Modules.STOCK_LOCATION)
    const address = { ...input.address, country_code: input.address.country_code.toLowerCase() }
    const [stored] = await locations.listStockLocations({ id: location.location_id }, { select: ["id", "address_id"], take: 1 })
    if (stored?.address_id && location.address) {
      await locations.upsertStockLocationAddresses([{ id: stored.address_id, ...address }])
      return new StepResponse(location.location_id, { kind: "restore", address_id: stored.address_id, previous: location.address } as Undo)
    }
    // The module creates the address with the location's update (given its id instead, it would not set it).
    const updated = await locations.updateStockLocations(location.location_id, { address })
    return new StepResponse(location.location_id, { kind: "remove", address_id: updated.address_id as string } as Undo)
  },
  async (undo, { container }) => {
    if (!undo) return
    const locations: IStockLocationService = container.resolve(Modules.STOCK_LOCATION)
    if (undo.kind === "restore") {
      const { previous } = undo
      await locations.upsertStockLocationAddresses([
        {
          id: undo.address_id,
          ...previous,
          address_1: previous.address_1 ?? "",
          country_code: (previous.country_code ?? "").toLowerCase(),
        },
      ])
      return
    }
    // The location's address_id is set to null by the foreign key (on delete set null).
    await locations.deleteStockLocationAddresses(undo.address_id)
  }
)
