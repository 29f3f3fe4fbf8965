import type { IFulfillmentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { restOfWorldCountries } from "../../../lib/shipping-rates"
import { listOrganizationShippingRates } from "../../../queries/medusa/shipping-rates"

type ZoneCountries = { id: string; countries: string[] }

/**
 * Sets the geo zones of every rest-of-world rate's service zone of the organization to the countries its other rates
 * do not name (lib restOfWorldCountries), after a rate was written: a country a rate starts naming leaves rest of
 * world, one no rate names any more joins it. Only the differences are written (geo zones of countries that stay keep
 * their ids), in one call. Compensation puts each zone's countries back.
 */
export const syncRestOfWorldZonesStep = createStep(
  "sync-rest-of-world-zones",
  async (input: { organization_id: string }, { container }) => {
    const rates = await listOrganizationShippingRates(container, input.organization_id)
    const restOfWorldZones = rates.filter((rate) => rate.restOfWorld).map((rate) => rate.service_zone_id)
    if (!restOfWorldZones.length) return new StepResponse(undefined, [] as ZoneCountries[])
    const wanted = new Set(restOfWorldCountries(rates.filter((rate) => !rate.restOfWorld).flatMap((rate) => rate.countries)))
    const fulfillment: IFulfillmentModuleService = container.resolve(Modules.FULFILLMENT)
    const serviceZones = await fulfillment.listServiceZones({ id: restOfWorldZones }, { relations: ["geo_zones"], take: null })
    const previous: ZoneCountries[] = []
    const updates = serviceZones.flatMap(({ id: zoneId, geo_zones: zones }) => {
      const kept = zones.filter((zone) => zone.type === "country" && wanted.has(zone.country_code.toUpperCase()))
      const present = new Set(kept.map((zone) => zone.country_code.toUpperCase()))
      const added = [...wanted].filter((code) => !present.has(code))
      if (!added.length && kept.length === zones.length) return []
      previous.push({ id: zoneId, countries: zones.map((zone) => zone.country_code.toUpperCase()) })
      return [
        {
          id: zoneId,
          geo_zones: [
            ...kept.map((zone) => ({ id: zone.id })),
            ...added.map((code) => ({ type: "country" as const, country_code: code.toLowerCase() })),
          ],
        },
      ]
    })
    if (updates.length) await fulfillment.upsertServiceZones(updates)
    return new StepResponse(undefined, previous)
  },
  async (previous, { container }) => {
    if (!previous?.length) return
    const fulfillment: IFulfillmentModuleService = container.resolve(Modules.FULFILLMENT)
    await fulfillment.upsertServiceZones(
      previous.map((zone) => ({
        id: zone.id,
        geo_zones: zone.countries.map((code) => ({ type: "country" as const, country_code: code.toLowerCase() })),
      }))
    )
  }
)
