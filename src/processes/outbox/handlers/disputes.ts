import type { IUserModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  DISPUTE_LEDGER_DESCRIPTIONS,
  disputeReversalIdempotencyKey,
  disputeReversalLedgerKey,
  type DisputePlanItem,
  type StoreDisputeReversalItem,
} from "../../../lib/disputes"
import { fromCents } from "../../../lib/money"
import {
  GALLERY_DISPUTE_CHANGED_TOPIC,
  GALLERY_PROVIDER_REFUND_TOPIC,
  type GalleryDisputePayload,
  type GalleryProviderRefundPayload,
} from "../../../lib/outbox"
import { GALLERY_MODULE } from "../../../modules/gallery"
import type GalleryModuleService from "../../../modules/gallery/service"
import { PAYMENTS_MODULE, type PaymentsModuleService } from "../../../modules/payments"
import {
  atelierRefundIdsOfIntent,
  getDispute,
  getDisputedStorePayment,
  getProviderRefundOrder,
  type DisputeRecord,
} from "../../../queries/disputes"
import { orderEmailRecipients } from "../../../queries/order-email-recipients"
import { sendNotificationsOnce } from "../../../workflows/common/notifications"
import { galleryOrderLockKey, withLock } from "../../../workflows/common/locks"
import { transferDuePayoutsOfOrder } from "../../settlement/order-payouts"
import { storePaymentLockKey } from "../../settlement/store-payments"

/** Emails of disputes (docs/disputes.md): the administrators', and each artist owner's. */
export const GALLERY_DISPUTE_ADMIN_TEMPLATE = "gallery-dispute-admin"
export const GALLERY_DISPUTE_ARTIST_TEMPLATE = "gallery-dispute-artist"
/** The administrators' email about a refund made outside Atelier (the provider's dashboard). */
export const GALLERY_PROVIDER_REFUND_TEMPLATE = "gallery-provider-refund"

/** Seconds the reversals wait for another write of the same order. */
const ORDER_LOCK_TIMEOUT_SECONDS = 60

async function administrators(container: Pick<MedusaContainer, "resolve">): Promise<{ id: string; email: string }[]> {
  const users: IUserModuleService = container.resolve(Modules.USER)
  return (await users.listUsers({}, { select: ["id", "email"] }))
    .filter((user) => user.email)
    .map((user) => ({ id: user.id, email: user.email as string }))
}

/**
 * Outbox handler of `gallery.dispute.lost` (docs/disputes.md, "A lost dispute"): each sent payout's share of the
 * disputed amount, as the dispute's plan says, reversed at the provider under the key
 * `dispute-reversal-{provider dispute id}-{payout id}` and recorded with its `dispute_reversal` ledger entry in one
 * transaction, under the order's lock. A process that dies between the provider's answer and the record sends the
 * same key again: the provider answers with the same reversal, which is then recorded. So each planned reversal is
 * made once at the provider and recorded once, and the ledger says what the provider did.
 */
export async function settleDisputeReversals(container: MedusaContainer, payload: GalleryDisputePayload): Promise<void> {
  const head = await getDispute(container, payload.id)
  if (head?.store_payment_id) return settleStoreDisputeReversal(container, head, head.store_payment_id)
  if (!head?.gallery_order_id) return
  await withLock(container, galleryOrderLockKey(head.gallery_order_id), ORDER_LOCK_TIMEOUT_SECONDS, async () => {
    const dispute = await getDispute(container, payload.id)
    if (!dispute?.gallery_order_id || dispute.outcome !== "lost") return
    const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    for (const item of dispute.loss_plan ?? []) {
      if (item.action !== "reversal" || item.reversal_id) continue
      if (!item.transfer_id) throw new Error(`Payout ${item.payout_id} has no transfer to reverse`)
      const reversal = await payments.reverseTransfer({
        transferId: item.transfer_id,
        amountCents: item.amount_cents,
        idempotencyKey: disputeReversalIdempotencyKey(dispute.provider_dispute_id, item.payout_id),
      })
      await gallery.recordDisputeReversal({
        disputeId: dispute.id,
        payoutId: item.payout_id,
        reversalId: reversal.id,
        ledger: {
          key: disputeReversalLedgerKey(dispute.id, item.payout_id),
          organizationId: item.organization_id,
          kind: "dispute_reversal",
          amountCents: item.amount_cents,
          description: DISPUTE_LEDGER_DESCRIPTIONS.reversal(dispute.public_id ?? ""),
          occurredAt: new Date(),
          galleryOrderId: dispute.gallery_order_id,
          artistOrderId: item.artist_order_id,
          payoutId: item.payout_id,
          disputeId: dispute.id,
          reference: reversal.id,
        },
      })
    }
  })
}

function isStoreReversal(item: DisputePlanItem): item is StoreDisputeReversalItem {
  return item.action === "store_reversal"
}

/**
 * The same handler for a store payment's lost dispute (docs/disputes.md, "Store payments"): the planned amount reversed
 * from the destination charge's transfer under `dispute-reversal-{provider dispute id}-{store payment id}` and recorded
 * with its `dispute_reversal` ledger entry, under the payment's lock. The transfer is the one stored at settlement, else
 * the provider's (its intent's charge), stored then. Each retry sends the same amount under the same key.
 */
async function settleStoreDisputeReversal(
  container: MedusaContainer,
  head: DisputeRecord,
  storePaymentId: string
): Promise<void> {
  const payment = await getDisputedStorePayment(container, storePaymentId)
  if (!payment) return
  await withLock(container, storePaymentLockKey(payment.payment_intent_id), ORDER_LOCK_TIMEOUT_SECONDS, async () => {
    const dispute = await getDispute(container, head.id)
    const item = dispute?.outcome === "lost" ? (dispute.loss_plan ?? []).find(isStoreReversal) : undefined
    if (!dispute || !item || item.reversal_id) return
    const payments: PaymentsModuleService = container.resolve(PAYMENTS_MODULE)
    const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
    let transferId = item.transfer_id ?? payment.transfer_id
    if (!transferId) {
      // Settled before the transfer was stored, or the provider did not report it then: ask it now, and keep it.
      transferId = (await payments.retrievePaymentIntent(payment.payment_intent_id)).transferId ?? null
      if (!transferId) {
        throw new MedusaError(
          MedusaError.Types.UNEXPECTED_STATE,
          `Store payment ${storePaymentId}: the provider reports no transfer of its destination charge to reverse`
        )
      }
      await gallery.recordStorePaymentTransfer({ id: storePaymentId, transferId })
    }
    const reversal = await payments.reverseTransfer({
      transferId,
      amountCents: item.amount_cents,
      idempotencyKey: disputeReversalIdempotencyKey(dispute.provider_dispute_id, storePaymentId),
    })
    await gallery.recordStoreDisputeReversal({
      disputeId: dispute.id,
      storePaymentId,
      transferId,
      reversalId: reversal.id,
      ledger: {
        key: disputeReversalLedgerKey(dispute.id, storePaymentId),
        organizationId: item.organization_id,
        kind: "dispute_reversal",
        amountCents: item.amount_cents,
        description: DISPUTE_LEDGER_DESCRIPTIONS.storeReversal,
        occurredAt: new Date(),
        storePaymentId,
        disputeId: dispute.id,
        reference: reversal.id,
      },
    })
  })
}

/**
 * Outbox handler of `gallery.dispute.closed`: the order's payouts the dispute held (what a loss left of them) are
 * transferred now, by the settlement's own transfer path (under the order's lock, each payout under its idempotency
 * key); one that fails stays pending for the payouts job.
 */
export async function transferDisputeReleasedPayouts(container: MedusaContainer, payload: GalleryDisputePayload): Promise<void> {
  const dispute = await getDispute(container, payload.id)
  if (!dispute?.gallery_order_id) return
  await transferDuePayoutsOfOrder(container, dispute.gallery_order_id, { now: new Date(), firstAttempt: true })
}

/**
 * Outbox handler of `gallery.dispute.changed`: each administrator and each owner of the organizations concerned is
 * told of the dispute's status (`payload.status`), with its amount, reason and evidence due date, and, once lost, what
 * comes back from each artist. One key per dispute, status and recipient: a redelivered message sends nothing twice.
 */
export async function sendDisputeEmails(container: MedusaContainer, payload: GalleryDisputePayload): Promise<void> {
  const dispute = await getDispute(container, payload.id)
  if (!dispute) {
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`${GALLERY_DISPUTE_CHANGED_TOPIC}: dispute ${payload.id} not found`)
    return
  }
  const status = payload.status ?? dispute.status
  const common = {
    disputeId: dispute.id,
    providerDisputeId: dispute.provider_dispute_id,
    publicId: dispute.public_id,
    storePaymentId: dispute.store_payment_id,
    status,
    reason: dispute.reason,
    amount: fromCents(dispute.amount_cents),
    evidenceDueBy: dispute.evidence_due_by ? new Date(dispute.evidence_due_by).toISOString() : null,
  }
  const base = {
    channel: "email",
    trigger_type: GALLERY_DISPUTE_CHANGED_TOPIC,
    resource_type: "gallery_dispute",
    resource_id: dispute.id,
  }
  const admins = await administrators(container)
  const recipients = await orderEmailRecipients(container, dispute.organization_ids)
  const takenBack = (organizationId: string) =>
    fromCents(
      (dispute.loss_plan ?? [])
        .filter((item) => item.organization_id === organizationId)
        .reduce((sum, item) => sum + item.amount_cents, 0)
    )
  await sendNotificationsOnce(container, [
    ...admins.map((admin) => ({
      ...base,
      to: admin.email,
      receiver_id: admin.id,
      template: GALLERY_DISPUTE_ADMIN_TEMPLATE,
      idempotency_key: `${GALLERY_DISPUTE_ADMIN_TEMPLATE}:${dispute.id}:${status}:${admin.id}`,
      data: { ...common, artists: dispute.organization_ids.map((id) => recipients.get(id)?.name ?? id) },
    })),
    // A dispute is about the artist's money: its owners hear of it whatever their order-email setting.
    ...dispute.organization_ids.flatMap((organizationId) =>
      (recipients.get(organizationId)?.owners ?? []).map((owner) => ({
        ...base,
        to: owner.email,
        receiver_id: owner.id,
        template: GALLERY_DISPUTE_ARTIST_TEMPLATE,
        idempotency_key: `${GALLERY_DISPUTE_ARTIST_TEMPLATE}:${dispute.id}:${status}:${owner.id}`,
        data: { ...common, orgId: organizationId, takenBack: dispute.outcome === "lost" ? takenBack(organizationId) : 0 },
      }))
    ),
  ])
}

/**
 * Outbox handler of `gallery.provider_refund.reported`: the administrators' email about a refund made outside Atelier
 * on a gallery order's charge. Checked again here: a refund Atelier made whose provider id was stored after the event
 * was read is not reported.
 */
export async function sendProviderRefundEmail(container: MedusaContainer, payload: GalleryProviderRefundPayload): Promise<void> {
  const order = await getProviderRefundOrder(container, payload.order_id)
  if (!order?.payment_intent_id) return
  if ((await atelierRefundIdsOfIntent(container, order.payment_intent_id)).has(payload.refund_id)) return
  const admins = await administrators(container)
  await sendNotificationsOnce(
    container,
    admins.map((admin) => ({
      to: admin.email,
      receiver_id: admin.id,
      channel: "email",
      template: GALLERY_PROVIDER_REFUND_TEMPLATE,
      trigger_type: GALLERY_PROVIDER_REFUND_TOPIC,
      resource_type: "gallery_order",
      resource_id: order.id,
      idempotency_key: `${GALLERY_PROVIDER_REFUND_TEMPLATE}:${payload.refund_id}:${admin.id}`,
      data: {
        publicId: order.public_id,
        refundId: payload.refund_id,
        total: fromCents(order.total_cents),
        refundedInAll: fromCents(order.provider_refunded_cents),
      },
    }))
  )
}
