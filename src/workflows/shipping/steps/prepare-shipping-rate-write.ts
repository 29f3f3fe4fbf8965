import type { IFulfillmentModuleService } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { randomBytes } from "node:crypto"
import {
  RATE_OPTION_TYPE,
  RATES_PER_ORGANIZATION_MAX,
  rateRefusal,
  rateZoneName,
  restOfWorldCountries,
  SHIPPING_RATE_MESSAGES,
  zoneKeyOf,
  type ShippingRateInput,
} from "../../../lib/shipping-rates"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"
import {
  getOrganizationShippingLocation,
  listOrganizationShippingRates,
  type StoredShippingRate,
} from "../../../queries/medusa/shipping-rates"
import { ensureDefaultShippingProfile } from "../../order-book/utils/shipping-setup"

export type PrepareShippingRateWriteInput = {
  organization_id: string
  /** The rate to change; absent for a new one. */
  rate_id?: string
  /** A new rate's fields, or an update's (only those it changes). */
  changes: Partial<ShippingRateInput>
}

/** What a rate write does in Medusa, worked out before anything is written. */
export type ShippingRateWritePlan = {
  organization_id: string
  fulfillment_set_id: string
  /** The rate as it will be (the current one merged with the changes). */
  rate: ShippingRateInput
  /** The current rate (an update). */
  current: StoredShippingRate | null
  zone_name: string
  /** The countries of the rate's zone: those it names, or for a rest-of-world rate those no other rate names. */
  zone_countries: string[]
  shipping_profile_id: string
  option_type_id: string
}

const invalid = (message: string, field?: string) =>
  field ? Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, message), { field }) : new MedusaError(MedusaError.Types.INVALID_DATA, message)

/** The one shipping option type of every rate, created on first use (shared, so never undone). */
async function rateOptionTypeId(fulfillment: IFulfillmentModuleService): Promise<string> {
  const [type] = await fulfillment.listShippingOptionTypes({ code: RATE_OPTION_TYPE.code }, { take: 1 })
  if (type) return type.id
  const [created] = await fulfillment.createShippingOptionTypes([{ ...RATE_OPTION_TYPE }])
  return created.id
}

/**
 * Reads the organization's location and rates and checks the write (404 for a rate that is not the organization's,
 * 400 naming the field for fields that contradict each other, 400 past the number of rates), then plans it. Writes
 * nothing of the organization's: the shared default shipping profile and rate type are created when missing.
 */
export const prepareShippingRateWriteStep = createStep(
  "prepare-shipping-rate-write",
  async (input: PrepareShippingRateWriteInput, { container }): Promise<StepResponse<ShippingRateWritePlan>> => {
    const location = await getOrganizationShippingLocation(container, input.organization_id)
    if (!location?.fulfillment_set_id) throw new MedusaError(MedusaError.Types.CONFLICT, SHIPPING_RATE_MESSAGES.noLocation)
    const rates = await listOrganizationShippingRates(container, input.organization_id)
    const current = input.rate_id ? (rates.find((rate) => rate.id === input.rate_id) ?? null) : null
    if (input.rate_id && !current) throw new MedusaError(MedusaError.Types.NOT_FOUND, SHIPPING_RATE_MESSAGES.notFound)
    if (!current && rates.length >= RATES_PER_ORGANIZATION_MAX) throw invalid(SHIPPING_RATE_MESSAGES.tooMany)

    // A field given as undefined is a field not given (it keeps the current value).
    const given = Object.fromEntries(Object.entries(input.changes).filter(([, value]) => value !== undefined))
    const merged = { ...current, ...given } as ShippingRateInput
    // Switching to rest of world drops the named countries; switching away from it needs countries of its own.
    const rate: ShippingRateInput = {
      name: merged.name,
      countries: merged.restOfWorld && given.countries === undefined ? [] : merged.countries,
      restOfWorld: merged.restOfWorld,
      firstItemCents: merged.firstItemCents,
      additionalItemCents: merged.additionalItemCents,
      freeShippingThresholdCents: merged.freeShippingThresholdCents,
      minDeliveryDays: merged.minDeliveryDays,
      maxDeliveryDays: merged.maxDeliveryDays,
    }
    const refusal = rateRefusal(rate)
    if (refusal) throw invalid(refusal.message, refusal.field)

    const namedByOthers = rates.filter((other) => other.id !== current?.id && !other.restOfWorld).flatMap((other) => other.countries)
    const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const [organization] = await organizations.listOrganizations({ id: input.organization_id }, { take: 1, select: ["id", "slug"] })
    const key = (current && zoneKeyOf(current.service_zone_name)) ?? randomBytes(4).toString("hex")
    const fulfillment: IFulfillmentModuleService = container.resolve(Modules.FULFILLMENT)
    return new StepResponse({
      organization_id: input.organization_id,
      fulfillment_set_id: location.fulfillment_set_id,
      rate,
      current,
      zone_name: rateZoneName(rate.name, organization?.slug ?? input.organization_id, key),
      zone_countries: rate.restOfWorld ? restOfWorldCountries(namedByOthers) : rate.countries,
      shipping_profile_id: await ensureDefaultShippingProfile(container),
      option_type_id: await rateOptionTypeId(fulfillment),
    })
  }
)
