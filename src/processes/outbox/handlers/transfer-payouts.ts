import type { MedusaContainer } from "@medusajs/framework/types"
import type { GalleryOrderPaidPayload } from "../../../lib/outbox"
import { transferDuePayoutsOfOrders } from "../../settlement/order-payouts"

/**
 * Outbox handler of `gallery.order.paid`: the artists' transfers right after the payments, funded by the charges the
 * settlements read, without waiting for the payouts job (which retries what fails here, with back-off). One call for
 * the orders of a dispatch: one read, claim and record of their payouts, under their locks.
 */
export async function transferGalleryOrdersPayouts(container: MedusaContainer, payloads: GalleryOrderPaidPayload[]) {
  await transferDuePayoutsOfOrders(
    container,
    payloads.map((payload) => ({ id: payload.id, chargeId: payload.charge_id })),
    { now: new Date(), firstAttempt: true }
  )
}
