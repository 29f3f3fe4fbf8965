import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { deleteServiceZonesWorkflow, deleteShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import { prepareShippingRateWriteStep } from "../steps/prepare-shipping-rate-write"
import { syncRestOfWorldZonesStep } from "../steps/sync-rest-of-world-zones"

export type DeleteShippingRateWorkflowInput = { organization_id: string; rate_id: string }

/**
 * Deletes a shipping rate (docs/shipping.md): its shipping option (with its price set link), its service zone (with
 * the geo zones), then gives the countries it named back to the organization's rest-of-world zones. 404 for a rate
 * that is not the organization's. Medusa's delete steps are soft deletes they restore on a failure.
 */
export const deleteShippingRateWorkflow = createWorkflow("delete-shipping-rate", (input: DeleteShippingRateWorkflowInput) => {
  const plan = prepareShippingRateWriteStep(
    transform({ input }, ({ input }) => ({ organization_id: input.organization_id, rate_id: input.rate_id, changes: {} }))
  )
  deleteShippingOptionsWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ ids: [input.rate_id] })) })
  deleteServiceZonesWorkflow.runAsStep({
    input: transform({ plan }, ({ plan }) => ({ ids: [(plan.current as NonNullable<typeof plan.current>).service_zone_id] })),
  })
  syncRestOfWorldZonesStep(transform({ input }, ({ input }) => ({ organization_id: input.organization_id })))
  return new WorkflowResponse(transform({ input }, ({ input }) => ({ id: input.rate_id })))
})
