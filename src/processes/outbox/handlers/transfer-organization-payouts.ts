import type { MedusaContainer } from "@medusajs/framework/types"
import type { OrganizationPayoutsReadyPayload } from "../../../lib/outbox"
import { transferPayoutsOfOrganization } from "../../settlement/order-payouts"

/**
 * Outbox handler of `organization.payouts.ready`: the organization's connected account can now receive payouts, so
 * its pending payouts are transferred at once instead of at the payouts job's next run. A transfer that fails stays
 * pending (and is retried by the job); only an error around the transfers (a lock timeout) makes the outbox retry.
 */
export async function transferOrganizationPayouts(container: MedusaContainer, payload: OrganizationPayoutsReadyPayload) {
  await transferPayoutsOfOrganization(container, payload.organization_id, { now: new Date() })
}
