import type { MedusaContainer } from "@medusajs/framework/types"
import type { ShippingRateInput } from "../../lib/shipping-rates"
import { withLock } from "../../workflows/common/locks"
import { createShippingRateWorkflow } from "../../workflows/shipping/workflows/create-shipping-rate"
import { deleteShippingRateWorkflow } from "../../workflows/shipping/workflows/delete-shipping-rate"
import { updateShippingRateWorkflow } from "../../workflows/shipping/workflows/update-shipping-rate"

/** How long a rate write waits for another write of the same organization's rates (seconds). */
const RATES_LOCK_TIMEOUT_SECONDS = 15

/**
 * Runs a write of an organization's shipping rates under its lock: each write recomputes the rest-of-world zones from
 * all the organization's rates, so two writes at once must not both compute from what the other has not written yet.
 */
function underRatesLock<T>(container: MedusaContainer, organizationId: string, write: () => Promise<T>): Promise<T> {
  return withLock(container, `shipping-rates:${organizationId}`, RATES_LOCK_TIMEOUT_SECONDS, write)
}

/** A new rate (docs/shipping.md); its id. */
export function createShippingRate(container: MedusaContainer, organizationId: string, rate: ShippingRateInput): Promise<string> {
  return underRatesLock(container, organizationId, async () => {
    const { result } = await createShippingRateWorkflow(container).run({ input: { organization_id: organizationId, rate } })
    return result.id
  })
}

/** Changes the given fields of one of the organization's rates (404 when it has no such rate). */
export function updateShippingRate(
  container: MedusaContainer,
  organizationId: string,
  rateId: string,
  changes: Partial<ShippingRateInput>
): Promise<void> {
  return underRatesLock(container, organizationId, async () => {
    await updateShippingRateWorkflow(container).run({ input: { organization_id: organizationId, rate_id: rateId, changes } })
  })
}

/** Deletes one of the organization's rates (404 when it has no such rate). */
export function deleteShippingRate(container: MedusaContainer, organizationId: string, rateId: string): Promise<void> {
  return underRatesLock(container, organizationId, async () => {
    await deleteShippingRateWorkflow(container).run({ input: { organization_id: organizationId, rate_id: rateId } })
  })
}
