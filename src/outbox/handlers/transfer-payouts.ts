import type { MedusaContainer } from "@medusajs/framework/types"
import type { GalleryOrderPaidPayload } from "../../lib/outbox"
import { transferDuePayoutsOfOrder } from "../../settlement/order-payouts"

/**
 * Outbox handler of `gallery.order.paid`: the artists' transfers right after the payment, funded by the charge the
 * settlement read, without waiting for the payouts job (which retries what fails here, with back-off).
 */
export async function transferGalleryOrderPayouts(container: MedusaContainer, payload: GalleryOrderPaidPayload) {
  await transferDuePayoutsOfOrder(container, payload.id, { now: new Date(), chargeId: payload.charge_id, firstAttempt: true })
}
