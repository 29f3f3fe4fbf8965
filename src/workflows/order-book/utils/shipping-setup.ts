import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  createLocationFulfillmentSetWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
} from "@medusajs/medusa/core-flows"
import { readOrderBookSetup, type OrderBookSetup } from "../../../queries/store-checkout"
import { withLock } from "../../common/locks"

/** The names (natural keys) of what the order book sets up in Medusa once. */
export const ORDER_BOOK_FULFILLMENT_SET_NAME = "Atelier artist shipping"
export const ORDER_BOOK_SHIPPING_OPTION_NAME = "Shipped by the artist"
const MANUAL_PROVIDER_ID = "manual_manual"

export type { OrderBookSetup }

type Query = { graph: (config: object) => Promise<{ data: unknown[] }> }

async function findRegionAndLocation(container: MedusaContainer): Promise<{ regionId: string; locationId: string }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as Query
  const { data: stores } = await query.graph({ entity: "store", fields: ["id", "default_region_id", "default_location_id"] })
  const store = stores[0] as { default_region_id?: string | null; default_location_id?: string | null } | undefined
  let regionId = store?.default_region_id ?? null
  if (!regionId) regionId = (await container.resolve(Modules.REGION).listRegions({}, { take: 1 }))[0]?.id ?? null
  let locationId = store?.default_location_id ?? null
  if (!locationId) {
    locationId = (await container.resolve(Modules.STOCK_LOCATION).listStockLocations({}, { take: 1 }))[0]?.id ?? null
  }
  if (!regionId || !locationId) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "The order book needs a region and a stock location (run the seed)")
  }
  return { regionId, locationId }
}

/** The default shipping profile (created when missing): every shipping option and product needs one. */
export async function ensureDefaultShippingProfile(container: MedusaContainer): Promise<string> {
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const [profile] = await fulfillment.listShippingProfiles({ type: "default" }, { take: 1 })
  if (profile) return profile.id
  const { result } = await createShippingProfilesWorkflow(container).run({
    input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
  })
  return result[0].id
}

/**
 * The location's fulfilment set of the order book, with one service zone (created when missing), and the manual
 * fulfilment provider linked to the location. Returns the service zone id.
 */
async function ensureServiceZone(container: MedusaContainer, locationId: string): Promise<string> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as Query
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const read = async () =>
    (
      await query.graph({
        entity: "stock_location",
        fields: ["id", "fulfillment_providers.id", "fulfillment_sets.id", "fulfillment_sets.name", "fulfillment_sets.service_zones.id"],
        filters: { id: locationId },
      })
    ).data[0] as {
      fulfillment_providers?: ({ id: string } | null)[] | null
      fulfillment_sets?: ({ id: string; name: string; service_zones?: { id: string }[] | null } | null)[] | null
    }
  let location = await read()
  if (!(location.fulfillment_providers ?? []).some((p) => p?.id === MANUAL_PROVIDER_ID)) {
    await link.create({
      [Modules.STOCK_LOCATION]: { stock_location_id: locationId },
      [Modules.FULFILLMENT]: { fulfillment_provider_id: MANUAL_PROVIDER_ID },
    })
  }
  let set = (location.fulfillment_sets ?? []).find((s) => s?.name === ORDER_BOOK_FULFILLMENT_SET_NAME)
  if (!set) {
    await createLocationFulfillmentSetWorkflow(container).run({
      input: { location_id: locationId, fulfillment_set_data: { name: ORDER_BOOK_FULFILLMENT_SET_NAME, type: "shipping" } },
    })
    location = await read()
    set = (location.fulfillment_sets ?? []).find((s) => s?.name === ORDER_BOOK_FULFILLMENT_SET_NAME)
  }
  if (!set) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "Order book fulfilment set was not created")
  const zone = set.service_zones?.[0]
  if (zone) return zone.id
  const created = await fulfillment.createServiceZones({
    name: `${ORDER_BOOK_FULFILLMENT_SET_NAME} (worldwide)`,
    fulfillment_set_id: set.id,
    geo_zones: [{ type: "country", country_code: "us" }],
  })
  return created.id
}

async function ensureSetup(container: MedusaContainer): Promise<OrderBookSetup> {
  const { regionId, locationId } = await findRegionAndLocation(container)
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const [existing] = await fulfillment.listShippingOptions(
    { name: ORDER_BOOK_SHIPPING_OPTION_NAME },
    { take: 1, relations: ["service_zone", "service_zone.fulfillment_set"] }
  )
  if (existing) return { regionId, locationId, shippingOptionId: existing.id }
  const serviceZoneId = await ensureServiceZone(container, locationId)
  const shippingProfileId = await ensureDefaultShippingProfile(container)
  const { result } = await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: ORDER_BOOK_SHIPPING_OPTION_NAME,
        service_zone_id: serviceZoneId,
        shipping_profile_id: shippingProfileId,
        provider_id: MANUAL_PROVIDER_ID,
        price_type: "flat",
        type: { label: "Artist shipping", description: "The artist ships the work themselves", code: "artist-shipping" },
        prices: [{ currency_code: "usd", amount: 0 }],
        // Not offered to store carts: it records how gallery orders ship, it is not a checkout choice.
        rules: [
          { attribute: "enabled_in_store", value: "false", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
    ],
  })
  return { regionId, locationId, shippingOptionId: result[0].id }
}

/** How long a first set-up waits for another process's (seconds). */
const SETUP_LOCK_TIMEOUT_SECONDS = 30

/**
 * What Medusa needs for the order book's orders and fulfilments — region, stock location with the manual fulfilment
 * provider, a fulfilment set and service zone, a shipping profile and the "Shipped by the artist" shipping option —
 * found by name, created when missing. The seed calls it; the mirror workflow and the store checkout call it too, so
 * a database seeded before the order book existed, and organizations created later, work without a new seed (the
 * option is shared by every organization). Found again on every call (one read) rather than remembered, so it never
 * names rows a restored database lost; only when something is missing does it take a lock (so concurrent first runs
 * create it once), which keeps the everyday path free of a lock a crashed process could hold.
 */
export async function ensureOrderBookSetup(container: MedusaContainer): Promise<OrderBookSetup> {
  const found = await readOrderBookSetup(container, ORDER_BOOK_SHIPPING_OPTION_NAME)
  if (found) return found
  return withLock(container, "order-book:setup", SETUP_LOCK_TIMEOUT_SECONDS, () => ensureSetup(container))
}
