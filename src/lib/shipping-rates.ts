// Pure rules of the shipping rates an artist defines (docs/shipping.md): limits, messages, what a rate costs for
// one artist's part of a cart, and which countries "rest of world" covers. Rates are stored as Medusa shipping
// options (one service zone each, geo zones by country, a flat USD price, a 0 price under an `item_total >=`
// threshold rule); src/queries/medusa/shipping-rates.ts reads them back into the shapes below.

import { defaultCountries } from "@medusajs/framework/utils"
import { RATE_FIELD_MESSAGES } from "./form-schemas"
import type { ArtistShippingQuote, QuotedShippingOption } from "./gallery-checkout"
import { fromCents } from "./money"

// The rules of a rate's fields, which the dashboard's form checks too, are src/lib/form-schemas.ts's (browser-safe:
// this file loads Medusa's utils); they are re-exported here with the route's other messages.
export {
  isDeliveryDays,
  isRateAmount,
  isThresholdAmount,
  RATE_AMOUNT_MAX,
  RATE_DAYS_MAX,
  RATE_NAME_MAX,
  rateRefusal,
  type RateRefusal,
} from "./form-schemas"

/** Rates per organization (each is a Medusa service zone with its shipping option). */
export const RATES_PER_ORGANIZATION_MAX = 50
export const ORIGIN_TEXT_MAX = 200

/** Every ISO 3166-1 alpha-2 code (Medusa's own list, the one its regions and geo zones use), upper-case. */
export const COUNTRY_CODES: readonly string[] = defaultCountries.map((country) => country.alpha2.toUpperCase()).sort()
const COUNTRY_SET = new Set(COUNTRY_CODES)

export function isCountryCode(code: string): boolean {
  return COUNTRY_SET.has(code.toUpperCase())
}

/** The routes' messages: the fields' (RATE_FIELD_MESSAGES) and the others. */
export const SHIPPING_RATE_MESSAGES = {
  ...RATE_FIELD_MESSAGES,
  notFound: "Shipping rate not found",
  ownersOnly: "Only organization owners can manage shipping",
  nothingToUpdate:
    "Give at least one of name, countries, rest_of_world, first_item_amount, additional_item_amount, free_shipping_threshold, min_delivery_days, max_delivery_days",
  tooMany: `An organization has at most ${RATES_PER_ORGANIZATION_MAX} shipping rates`,
  noLocation: "This organization has no shipping location yet",
} as const

/** A delivery estimate in business days. */
export type DeliveryEstimate = { minDays: number; maxDays: number }

/** A rate as stored, amounts in integer cents. */
export type ShippingRate = {
  id: string
  name: string
  /** The countries the rate names, upper-case; [] for a rest-of-world rate. */
  countries: string[]
  restOfWorld: boolean
  firstItemCents: number
  additionalItemCents: number
  /** The artist's subtotal from which this rate is free; null: never free. */
  freeShippingThresholdCents: number | null
  /** The delivery estimate in business days: both or neither. */
  minDeliveryDays: number | null
  maxDeliveryDays: number | null
}

/** The fields of a rate a write gives (all of them for a create; the merged result for an update). */
export type ShippingRateInput = Omit<ShippingRate, "id">

/**
 * The countries a rest-of-world rate covers: every ISO country that none of the artist's other (named-country)
 * rates names. Sorted, upper-case.
 */
export function restOfWorldCountries(namedByOtherRates: Iterable<string>): string[] {
  const named = new Set([...namedByOtherRates].map((code) => code.toUpperCase()))
  return COUNTRY_CODES.filter((code) => !named.has(code))
}

/** One artist's part of a cart, as a rate prices it. */
export type ArtistCartPart = { subtotalCents: number; itemCount: number }

/**
 * What a rate charges for one artist's part of a cart, in cents: 0 from the free-shipping threshold on (subtotal >=
 * threshold), else the first item's amount plus the additional amount for each further item (nothing for no items).
 * Integer cents throughout, so no rounding happens.
 */
export function rateAmountCents(
  rate: Pick<ShippingRate, "firstItemCents" | "additionalItemCents" | "freeShippingThresholdCents">,
  part: ArtistCartPart
): number {
  if (part.itemCount <= 0) return 0
  if (rate.freeShippingThresholdCents !== null && part.subtotalCents >= rate.freeShippingThresholdCents) return 0
  return rate.firstItemCents + (part.itemCount - 1) * rate.additionalItemCents
}

/** A rate as the quote reads it: its pricing, its estimate and whether its zone covers the destination. */
export type QuotableRate = Pick<ShippingRate, "id" | "name" | "firstItemCents" | "additionalItemCents" | "freeShippingThresholdCents"> & {
  estimate: DeliveryEstimate | null
  shipsToDestination: boolean
}

/**
 * One artist's shipping quote for a destination: `hasRates` false (no rates at all: the artist ships free
 * everywhere), else the options whose zones cover the destination, priced for the artist's part of the cart,
 * cheapest first (ties by name, then id). An artist with rates but no option here does not ship there (options []).
 */
export function quoteArtistShipping(rates: readonly QuotableRate[], part: ArtistCartPart): ArtistShippingQuote {
  const options: QuotedShippingOption[] = rates
    .filter((rate) => rate.shipsToDestination)
    .map((rate) => ({ id: rate.id, name: rate.name, amountCents: rateAmountCents(rate, part), estimate: rate.estimate }))
    .sort((a, b) => a.amountCents - b.amountCents || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1))
  return { hasRates: rates.length > 0, options }
}

/** A rate as the dashboard routes answer it (USD amounts). */
export function shippingRateView(rate: ShippingRate & { created_at: Date | string; updated_at: Date | string }) {
  return {
    id: rate.id,
    name: rate.name,
    countries: rate.countries,
    rest_of_world: rate.restOfWorld,
    first_item_amount: fromCents(rate.firstItemCents),
    additional_item_amount: fromCents(rate.additionalItemCents),
    free_shipping_threshold: rate.freeShippingThresholdCents === null ? null : fromCents(rate.freeShippingThresholdCents),
    min_delivery_days: rate.minDeliveryDays,
    max_delivery_days: rate.maxDeliveryDays,
    created_at: rate.created_at,
    updated_at: rate.updated_at,
  }
}

/**
 * What Atelier keeps in a rate's shipping option `data` (Medusa hands `data` to the fulfilment provider; the manual
 * provider ignores it): what Medusa's option has no field for. `atelier_rate` marks an option written by the
 * dashboard (the version of this shape), so options made otherwise in the Medusa admin are not read as rates.
 */
export type RateOptionData = {
  atelier_rate: 1
  rest_of_world: boolean
  /** USD, major unit, like Medusa's prices. */
  additional_item_amount: number
  min_delivery_days: number | null
  max_delivery_days: number | null
}

export function rateOptionData(
  rate: Pick<ShippingRateInput, "restOfWorld" | "additionalItemCents" | "minDeliveryDays" | "maxDeliveryDays">
): RateOptionData {
  return {
    atelier_rate: 1,
    rest_of_world: rate.restOfWorld,
    additional_item_amount: fromCents(rate.additionalItemCents),
    min_delivery_days: rate.minDeliveryDays,
    max_delivery_days: rate.maxDeliveryDays,
  }
}

/** Stored days (a JSON number or its text), null when absent or not a whole number. */
export function storedDays(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null
  const days = Number(value)
  return Number.isSafeInteger(days) ? days : null
}

/** The delivery estimate of stored min/max days (both or neither; anything else reads as none). */
export function estimateOf(minDays: unknown, maxDays: unknown): DeliveryEstimate | null {
  const min = storedDays(minDays)
  const max = storedDays(maxDays)
  return min !== null && max !== null ? { minDays: min, maxDays: max } : null
}

/**
 * A rate's Medusa prices: the first item's amount in USD, and 0 from the free-shipping threshold on (a price rule
 * `item_total >= threshold`, which Medusa's own pricing of a cart applies too). Major units, as Medusa stores prices.
 */
export function rateOptionPrices(rate: Pick<ShippingRateInput, "firstItemCents" | "freeShippingThresholdCents">) {
  const prices: { currency_code: string; amount: number; rules?: { attribute: string; operator: "gte"; value: number }[] }[] = [
    { currency_code: "usd", amount: fromCents(rate.firstItemCents) },
  ]
  if (rate.freeShippingThresholdCents !== null) {
    prices.push({
      currency_code: "usd",
      amount: 0,
      rules: [{ attribute: "item_total", operator: "gte", value: fromCents(rate.freeShippingThresholdCents) }],
    })
  }
  return prices
}

/** Medusa's manual fulfilment provider (medusa-config.ts configures no other): the artist ships the work. */
export const MANUAL_FULFILLMENT_PROVIDER_ID = "manual_manual"

/** The name of an organization's shipping fulfilment set (Medusa's names of fulfilment sets are unique). */
export function organizationFulfillmentSetName(organizationId: string): string {
  return `Artist shipping ${organizationId}`
}

/** The one Medusa shipping option type every rate has (found by its code, created on first use). */
export const RATE_OPTION_TYPE = {
  label: "Artist rate",
  description: "A shipping rate the artist set in their dashboard",
  code: "artist-rate",
} as const

/**
 * The name of a rate's service zone (Medusa's names of service zones are unique): the rate's name, the
 * organization's slug and a key of the zone's own, kept when the rate is renamed (`zoneKeyOf`).
 */
export function rateZoneName(rateName: string, organizationSlug: string, key: string): string {
  return `${rateName} · ${organizationSlug} · ${key}`
}

/** The key at the end of a rate's zone name (null when the name is not one rateZoneName made). */
export function zoneKeyOf(zoneName: string): string | null {
  const key = zoneName.split(" · ").pop()
  return key && key !== zoneName ? key : null
}
