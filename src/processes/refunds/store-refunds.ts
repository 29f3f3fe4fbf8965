import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { errorMessage } from "../../lib/error-message"
import { GALLERY_OUTBOX_READY_EVENT, galleryRefundSucceededMessages } from "../../lib/outbox"
import { storeRefundIdempotencyKey } from "../../lib/store-refunds"
import { GALLERY_MODULE } from "../../modules/gallery"
import type GalleryModuleService from "../../modules/gallery/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../modules/payments"
import {
  getStoreRefundForSettlement,
  getStoreRefundTarget,
  type StoreRefundForSettlement,
} from "../../queries/store-refunds"
import { withLock } from "../../workflows/common/locks"
import { refundStoreOrderWorkflow, type RefundStoreOrderInput } from "../../workflows/refunds/workflows/refund-store-order"
import { storePaymentLockKey } from "../settlement/store-payments"

/** Seconds a store refund waits for the payment's settlement or another refund of the same order. */
const STORE_PAYMENT_LOCK_TIMEOUT_SECONDS = 60

/**
 * Refunds (part of) an artist-store order (docs/refunds.md, "Store orders"): the record under the store payment's lock
 * (`store-payment:{intent}`, the settlement's: refundStoreOrderWorkflow), then its money at once in this request
 * (settleStoreRefund). The record's outbox message moves the money too, so a process that dies after the record
 * leaves nothing undone. A provider failure leaves the refund pending with its reason, retried by the outbox.
 * Returns the refund as stored.
 */
export async function refundStoreOrder(
  container: MedusaContainer,
  input: RefundStoreOrderInput
): Promise<StoreRefundForSettlement> {
  const target = await getStoreRefundTarget(container, { orderId: input.orderId })
  if (!target) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  const recorded = await withLock(
    container,
    storePaymentLockKey(target.paymentIntentId),
    STORE_PAYMENT_LOCK_TIMEOUT_SECONDS,
    async () => {
      const { result } = await refundStoreOrderWorkflow(container).run({ input })
      return result
    }
  )
  try {
    await settleStoreRefund(container, recorded.id)
  } catch (error) {
    // Recorded and queued: the outbox retries; the caller sees the refund pending with its reason.
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`Store refund ${recorded.id}: ${errorMessage(error)}`)
  }
  const refund = await getStoreRefundForSettlement(container, recorded.id)
  if (!refund) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The refund was not recorded")
  return refund
}

/**
 * Moves a recorded store refund's money, once, under its payment's lock (the outbox's `refund-money` handler for
 * `kind: "store"`, and the request that recorded it): ONE refund of the destination charge with `reverse_transfer`
 * and `refund_application_fee` under the key `refund-{id}` (its id and transfer reversal stored at once), then — in
 * one transaction — `succeeded`, the artist's `refund_reversal` ledger entry (amount − the returned fee) and the
 * messages that tell people. A replay sends the same key, so the provider answers with the same refund. A failure is
 * noted on the refund and thrown (the outbox retries).
 */
export async function settleStoreRefund(container: MedusaContainer, refundId: string): Promise<void> {
  const head = await getStoreRefundForSettlement(container, refundId)
  if (!head || head.status !== "pending") return
  await withLock(container, storePaymentLockKey(head.payment_intent_id), STORE_PAYMENT_LOCK_TIMEOUT_SECONDS, async () => {
    const refund = await getStoreRefundForSettlement(container, refundId)
    if (!refund || refund.status !== "pending") return
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    try {
      await moveStoreRefundMoney(container, refund)
    } catch (error) {
      await gallery.recordStoreRefundFailure({ refundId, reason: errorMessage(error) }).catch(() => undefined)
      throw error
    }
  })
}

async function moveStoreRefundMoney(container: MedusaContainer, refund: StoreRefundForSettlement): Promise<void> {
  const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  let providerRefundId = refund.provider_refund_id
  let reversalId = refund.reversal_id
  if (!providerRefundId) {
    const providerRefund = await payments.createRefund({
      paymentIntentId: refund.payment_intent_id,
      amountCents: refund.amount_cents,
      destinationCharge: true,
      idempotencyKey: storeRefundIdempotencyKey(refund.id),
    })
    providerRefundId = providerRefund.id
    reversalId = providerRefund.transferReversalId ?? null
    await gallery.recordStoreProviderRefund({ refundId: refund.id, providerRefundId, reversalId })
  }
  const completed = await gallery.completeStoreRefund({
    refundId: refund.id,
    ledger: [
      {
        key: `refund_reversal:${refund.id}`,
        organizationId: refund.organization_id,
        kind: "refund_reversal",
        amountCents: refund.artist_share_cents,
        description: `Refund on store order ${refund.order_id}`,
        occurredAt: new Date(),
        storePaymentId: refund.store_payment_id,
        refundId: refund.id,
        reference: reversalId ?? providerRefundId,
      },
    ],
    outbox: galleryRefundSucceededMessages(refund.id, "store"),
  })
  // Its emails, order book record and webhooks were queued by that commit: dispatch them now, not at the next job run.
  if (completed) {
    const eventBus: IEventBusModuleService = container.resolve(Modules.EVENT_BUS)
    await eventBus.emit({ name: GALLERY_OUTBOX_READY_EVENT, data: {} })
  }
}
