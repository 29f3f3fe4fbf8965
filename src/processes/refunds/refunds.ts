import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { errorMessage } from "../../lib/error-message"
import { GALLERY_OUTBOX_READY_EVENT, galleryRefundSucceededMessages } from "../../lib/outbox"
import { providerRefundNotFoundMessage, refundIdempotencyKey, refundReversalIdempotencyKey } from "../../lib/refunds"
import { GALLERY_MODULE } from "../../modules/gallery"
import type GalleryModuleService from "../../modules/gallery/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../modules/payments"
import { getRefundForSettlement, getRefundTarget, type RefundForSettlement } from "../../queries/refunds"
import { galleryOrderLockKey, withLock } from "../../workflows/common/locks"
import {
  refundArtistOrderWorkflow,
  type RefundArtistOrderInput,
} from "../../workflows/refunds/workflows/refund-artist-order"

/** Seconds a refund waits for a settlement, shipment, cancellation or another refund of the same order. */
const ORDER_LOCK_TIMEOUT_SECONDS = 60

/** A refund of an artist order as asked: `providerRefundId` records a refund made in Stripe's dashboard instead. */
export type RefundArtistOrderRequest = Omit<RefundArtistOrderInput, "providerRefund"> & { providerRefundId?: string | null }

/**
 * Refunds (part of) an artist order (docs/refunds.md): the record under the gallery order's lock
 * (refundArtistOrderWorkflow), then its money at once in this request (settleRefund). The record's outbox message moves
 * the money too, so a process that dies after the record leaves nothing undone: the dispatcher finishes it. A
 * provider failure leaves the refund pending with its reason, retried by the outbox. Returns the refund as stored.
 * A refund made in Stripe's dashboard (`providerRefundId`) is looked up on the order's payment and recorded: its
 * money has moved already, so only the artist's share comes back.
 */
export async function refundArtistOrder(
  container: MedusaContainer,
  { providerRefundId, ...input }: RefundArtistOrderRequest
): Promise<RefundForSettlement> {
  const target = await getRefundTarget(container, input.artistOrderId)
  if (!target) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  const providerRefund = providerRefundId ? await findProviderRefund(container, target.paymentIntentId, providerRefundId) : null
  const recorded = await withLock(container, galleryOrderLockKey(target.galleryOrderId), ORDER_LOCK_TIMEOUT_SECONDS, async () => {
    const { result } = await refundArtistOrderWorkflow(container).run({ input: { ...input, providerRefund } })
    return result
  })
  try {
    await settleRefund(container, recorded.id)
  } catch (error) {
    // Recorded and queued: the outbox retries; the caller sees the refund pending with its reason.
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`Refund ${recorded.id}: ${errorMessage(error)}`)
  }
  const refund = await getRefundForSettlement(container, recorded.id)
  if (!refund) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The refund was not recorded")
  return refund
}

/** A refund of this payment as the provider reports it; 400 when the payment has no refund of that id. */
async function findProviderRefund(container: MedusaContainer, paymentIntentId: string | null, providerRefundId: string) {
  const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
  const found = paymentIntentId
    ? (await payments.listRefunds({ paymentIntentId })).find((refund) => refund.id === providerRefundId)
    : undefined
  if (!found) throw new MedusaError(MedusaError.Types.INVALID_DATA, providerRefundNotFoundMessage(providerRefundId))
  return { id: found.id, amountCents: found.amountCents, status: found.status }
}

/**
 * Moves a recorded refund's money, once, under its gallery order's lock (the outbox's `refund-money` handler, and the
 * request that recorded it): the customer's refund on the original payment under the key `refund-{id}`, then — when the
 * artist's payout was sent — the reversal of their share under `refund-reversal-{id}`; each provider id is stored as
 * soon as it is known, and the refund becomes succeeded with the reversal's ledger entry and the messages that tell
 * people, in one transaction. A replay after a crash sends the same keys, so the provider answers with the same refund
 * and reversal, never a second one. A failure is noted on the refund and thrown (the outbox retries).
 */
export async function settleRefund(container: MedusaContainer, refundId: string): Promise<void> {
  const head = await getRefundForSettlement(container, refundId)
  if (!head || head.status !== "pending") return
  await withLock(container, galleryOrderLockKey(head.gallery_order_id), ORDER_LOCK_TIMEOUT_SECONDS, async () => {
    const refund = await getRefundForSettlement(container, refundId)
    if (!refund || refund.status !== "pending") return
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    try {
      await moveRefundMoney(container, refund)
    } catch (error) {
      await gallery.recordRefundFailure({ refundId, reason: errorMessage(error) }).catch(() => undefined)
      throw error
    }
  })
}

async function moveRefundMoney(container: MedusaContainer, refund: RefundForSettlement): Promise<void> {
  const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  if (!refund.payment_intent_id) throw new Error("The order has no payment to refund")
  if (!refund.provider_refund_id) {
    const providerRefund = await payments.createRefund({
      paymentIntentId: refund.payment_intent_id,
      amountCents: refund.amount_cents,
      idempotencyKey: refundIdempotencyKey(refund.id),
    })
    await gallery.recordProviderRefund({ refundId: refund.id, providerRefundId: providerRefund.id })
  }
  let reversalId = refund.reversal_id
  if (refund.payout_action === "reversal" && !reversalId) {
    if (!refund.transfer_id) throw new Error("The artist's transfer to reverse is not recorded")
    const reversal = await payments.reverseTransfer({
      transferId: refund.transfer_id,
      amountCents: refund.artist_share_cents,
      idempotencyKey: refundReversalIdempotencyKey(refund.id),
    })
    reversalId = reversal.id
  }
  const completed = await gallery.completeRefund({
    refundId: refund.id,
    reversalId,
    ledger:
      refund.payout_action === "reversal" && reversalId
        ? [
            {
              key: `refund_reversal:${refund.id}`,
              organizationId: refund.organization_id,
              kind: "refund_reversal",
              amountCents: refund.artist_share_cents,
              description: `Refund on gallery order ${refund.public_id}`,
              occurredAt: new Date(),
              galleryOrderId: refund.gallery_order_id,
              artistOrderId: refund.artist_order_id,
              payoutId: refund.payout_id,
              refundId: refund.id,
              reference: reversalId,
            },
          ]
        : [],
    outbox: galleryRefundSucceededMessages(refund.id),
  })
  // Its emails, order book record and webhooks were queued by that commit: dispatch them now, not at the next job run.
  if (completed) {
    const eventBus: IEventBusModuleService = container.resolve(Modules.EVENT_BUS)
    await eventBus.emit({ name: GALLERY_OUTBOX_READY_EVENT, data: {} })
  }
}
