import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { updateServiceZonesWorkflow, updateShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import { rateOptionData, rateOptionPrices, type ShippingRateInput } from "../../../lib/shipping-rates"
import { prepareShippingRateWriteStep } from "../steps/prepare-shipping-rate-write"
import { syncRestOfWorldZonesStep } from "../steps/sync-rest-of-world-zones"

export type UpdateShippingRateWorkflowInput = {
  organization_id: string
  rate_id: string
  /** Only the fields that change. */
  changes: Partial<ShippingRateInput>
}

/**
 * Changes a shipping rate (docs/shipping.md): its service zone (name; geo zones: those of countries it keeps keep
 * their ids), its shipping option (name, `data`, prices with the threshold's rule), then the organization's
 * rest-of-world zones. 404 for a rate that is not the organization's. Medusa's workflows undo their writes on a
 * failure. Returns the rate's id.
 */
export const updateShippingRateWorkflow = createWorkflow("update-shipping-rate", (input: UpdateShippingRateWorkflowInput) => {
  const plan = prepareShippingRateWriteStep(
    transform({ input }, ({ input }) => ({ organization_id: input.organization_id, rate_id: input.rate_id, changes: input.changes }))
  )
  updateServiceZonesWorkflow.runAsStep({
    input: transform({ plan }, ({ plan }) => {
      const current = plan.current as NonNullable<typeof plan.current>
      return {
        selector: { id: current.service_zone_id },
        // A rest-of-world zone's countries are set by the sync below.
        update: plan.rate.restOfWorld
          ? { name: plan.zone_name }
          : { name: plan.zone_name, geo_zones: plan.zone_countries.map((code) => ({ type: "country" as const, country_code: code.toLowerCase() })) },
      }
    }),
  })
  updateShippingOptionsWorkflow.runAsStep({
    input: transform({ input, plan }, ({ input, plan }) => [
      {
        id: input.rate_id,
        name: plan.rate.name,
        data: rateOptionData(plan.rate),
        prices: rateOptionPrices(plan.rate),
      },
    ]),
  })
  syncRestOfWorldZonesStep(transform({ input }, ({ input }) => ({ organization_id: input.organization_id })))
  return new WorkflowResponse(transform({ input }, ({ input }) => ({ id: input.rate_id })))
})
