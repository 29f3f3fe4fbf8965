import { z } from "@medusajs/framework/zod"
import {
  DeliveryDaysSchema,
  RateAmountSchema,
  RateCountriesSchema,
  RateNameSchema,
  RateThresholdSchema,
  RestOfWorldSchema,
} from "../../../lib/form-schemas"
import { toCents } from "../../../lib/money"
import { SHIPPING_RATE_MESSAGES, type ShippingRateInput } from "../../../lib/shipping-rates"
import { optionalText } from "../../utils/validation"

// Bodies of /api/shipping-rates (docs/shipping.md): amounts are JSON numbers in USD with at most two decimals (as
// the products' prices), countries ISO 3166-1 alpha-2 codes (any case); unknown fields are ignored (a client may
// send back a rate it read). Every refusal names its field (`details.field`). Each field's rule is the one the dashboard's rate form
// checks too (src/lib/form-schemas.ts); the rules between fields are applied to the rate as it will be
// (rateRefusal, in the write's workflow).

const organizationId = optionalText(100, "org_id must be a string of at most 100 characters")
const name = RateNameSchema
/** Distinct upper-case codes, in the order given; an unknown code is refused by name. */
const countries = RateCountriesSchema
const restOfWorld = RestOfWorldSchema
const amountCents = RateAmountSchema.transform((value) => toCents(value))
const thresholdCents = RateThresholdSchema.transform((value) => (value === null ? null : toCents(value)))
const days = DeliveryDaysSchema

/**
 * POST /api/shipping-rates: `name`, `countries` (or `rest_of_world: true`), `first_item_amount`, optional
 * `additional_item_amount` (default 0), `free_shipping_threshold` (null: never free), `min_delivery_days` and
 * `max_delivery_days` (both or neither).
 */
export const CreateShippingRateBody = z.object({
  org_id: organizationId,
  name,
  countries: countries.optional(),
  rest_of_world: restOfWorld.optional(),
  first_item_amount: amountCents,
  additional_item_amount: amountCents.optional(),
  free_shipping_threshold: thresholdCents.optional(),
  min_delivery_days: days.optional(),
  max_delivery_days: days.optional(),
})
export type CreateShippingRateBody = z.output<typeof CreateShippingRateBody>

const UPDATABLE = [
  "name",
  "countries",
  "rest_of_world",
  "first_item_amount",
  "additional_item_amount",
  "free_shipping_threshold",
  "min_delivery_days",
  "max_delivery_days",
] as const

/** PUT and PATCH /api/shipping-rates/{id}: the fields to change (both partial; at least one). null clears an optional one. */
export const UpdateShippingRateBody = z
  .object({
    org_id: organizationId,
    name: name.optional(),
    countries: countries.optional(),
    rest_of_world: restOfWorld.optional(),
    first_item_amount: amountCents.optional(),
    additional_item_amount: amountCents.optional(),
    free_shipping_threshold: thresholdCents.optional(),
    min_delivery_days: days.optional(),
    max_delivery_days: days.optional(),
  })
  .refine((body) => UPDATABLE.some((key) => body[key] !== undefined), { message: SHIPPING_RATE_MESSAGES.nothingToUpdate })
export type UpdateShippingRateBody = z.output<typeof UpdateShippingRateBody>

/** A body's fields as a rate's (only those given: undefined keeps the stored value). */
export function rateChanges(body: UpdateShippingRateBody): Partial<ShippingRateInput> {
  return {
    name: body.name,
    countries: body.countries,
    restOfWorld: body.rest_of_world,
    firstItemCents: body.first_item_amount,
    additionalItemCents: body.additional_item_amount,
    freeShippingThresholdCents: body.free_shipping_threshold,
    minDeliveryDays: body.min_delivery_days,
    maxDeliveryDays: body.max_delivery_days,
  }
}

/** A new rate's fields, with the defaults of what the body leaves out. */
export function newRate(body: CreateShippingRateBody): ShippingRateInput {
  return {
    name: body.name,
    countries: body.countries ?? [],
    restOfWorld: body.rest_of_world ?? false,
    firstItemCents: body.first_item_amount,
    additionalItemCents: body.additional_item_amount ?? 0,
    freeShippingThresholdCents: body.free_shipping_threshold ?? null,
    minDeliveryDays: body.min_delivery_days ?? null,
    maxDeliveryDays: body.max_delivery_days ?? null,
  }
}
