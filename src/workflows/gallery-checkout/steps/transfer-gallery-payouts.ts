import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CreatedPayout } from "../../../modules/gallery/service"
import type { GalleryOrderForPayment, PendingPayout } from "../../../queries/gallery-orders"
import { transferPayouts } from "../payout-transfers"

export type TransferGalleryPayoutsInput = {
  order: Pick<GalleryOrderForPayment, "id" | "public_id" | "transfer_group" | "payment_intent_id" | "artist_orders">
  chargeId: string | null
  /** The payouts just created by markGalleryOrderPaidStep. */
  payouts: CreatedPayout[]
}

/**
 * One transfer per new payout whose organization has a connected account (88 % of the artist subtotal, funded by
 * the order's charge, in its transfer group). Payouts without an account stay pending for the payouts job; a failed
 * transfer stays pending too (with its reason). Never fails the workflow: the payment is already settled.
 */
export const transferGalleryPayoutsStep = createStep(
  "transfer-gallery-payouts",
  async (input: TransferGalleryPayoutsInput, { container }) => {
    const { order } = input
    const accounts = new Map(order.artist_orders.map((a) => [a.id, a.stripe_account_id]))
    const payouts: PendingPayout[] = []
    for (const payout of input.payouts) {
      const destination = accounts.get(payout.artist_order_id)
      if (!destination) continue
      payouts.push({
        ...payout,
        gallery_order_id: order.id,
        destination,
        transfer_group: order.transfer_group,
        payment_intent_id: order.payment_intent_id as string,
        public_id: order.public_id,
      })
    }
    if (!input.chargeId || !payouts.length) return new StepResponse({ transferred: 0, failed: 0 })
    try {
      const results = await transferPayouts(container, payouts, () => input.chargeId)
      return new StepResponse({
        transferred: results.filter((r) => r.transferId).length,
        failed: results.filter((r) => r.error).length,
      })
    } catch (error) {
      // Left pending: the payouts job transfers them (same idempotency keys, so never twice).
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .error(`Gallery order ${order.id}: payout transfers failed, left to the payouts job: ${String(error)}`)
      return new StepResponse({ transferred: 0, failed: payouts.length })
    }
  }
)
