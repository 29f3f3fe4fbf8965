import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createServiceZonesWorkflow, createShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import { MANUAL_FULFILLMENT_PROVIDER_ID, rateOptionData, rateOptionPrices, type ShippingRateInput } from "../../../lib/shipping-rates"
import { prepareShippingRateWriteStep } from "../steps/prepare-shipping-rate-write"
import { syncRestOfWorldZonesStep } from "../steps/sync-rest-of-world-zones"

export type CreateShippingRateWorkflowInput = { organization_id: string; rate: ShippingRateInput }

/**
 * A new shipping rate (docs/shipping.md): a service zone in the organization's fulfilment set with a geo zone per
 * country (for rest of world: every country the other rates do not name), its Medusa shipping option (manual
 * provider, flat USD price, 0 from the free-shipping threshold by a price rule, the rest in `data`), then the
 * organization's rest-of-world zones made to leave out the countries it names. Medusa's workflows undo their own
 * writes when a later step fails, so nothing is half-written. Returns the option's id (the rate's id).
 */
export const createShippingRateWorkflow = createWorkflow("create-shipping-rate", (input: CreateShippingRateWorkflowInput) => {
  const plan = prepareShippingRateWriteStep(
    transform({ input }, ({ input }) => ({ organization_id: input.organization_id, changes: input.rate }))
  )
  const zones = createServiceZonesWorkflow.runAsStep({
    input: transform({ plan }, ({ plan }) => ({
      data: [
        {
          name: plan.zone_name,
          fulfillment_set_id: plan.fulfillment_set_id,
          geo_zones: plan.zone_countries.map((code) => ({ type: "country" as const, country_code: code.toLowerCase() })),
        },
      ],
    })),
  })
  const options = createShippingOptionsWorkflow.runAsStep({
    input: transform({ plan, zones }, ({ plan, zones }) => [
      {
        name: plan.rate.name,
        service_zone_id: zones[0].id,
        shipping_profile_id: plan.shipping_profile_id,
        provider_id: MANUAL_FULFILLMENT_PROVIDER_ID,
        price_type: "flat" as const,
        type_id: plan.option_type_id,
        data: rateOptionData(plan.rate),
        prices: rateOptionPrices(plan.rate),
        // What Medusa's admin sets on an option offered in store carts (not a return option).
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" as const },
          { attribute: "is_return", value: "false", operator: "eq" as const },
        ],
      },
    ]),
  })
  syncRestOfWorldZonesStep(transform({ input }, ({ input }) => ({ organization_id: input.organization_id })))
  return new WorkflowResponse(transform({ options }, ({ options }) => ({ id: options[0].id })))
})
