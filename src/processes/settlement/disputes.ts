import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { disputeFactsOf, providerRefundFactsOf } from "../../lib/disputes"
import { GALLERY_OUTBOX_READY_EVENT } from "../../lib/outbox"
import { GALLERY_MODULE } from "../../modules/gallery"
import type GalleryModuleService from "../../modules/gallery/service"
import type { DisputeChange } from "../../modules/gallery/service"
import type { WebhookEvent } from "../../modules/payments"
import { atelierRefundIdsOfIntent, findDisputeGalleryOrderId } from "../../queries/disputes"
import { galleryOrderLockKey, withLock } from "../../workflows/common/locks"

/** Seconds a dispute event waits for a settlement, transfer, refund or cancellation of the same order. */
const ORDER_LOCK_TIMEOUT_SECONDS = 30

/** The `charge.dispute.*` events Atelier records (docs/disputes.md). */
export const DISPUTE_EVENT_TYPES = ["charge.dispute.created", "charge.dispute.updated", "charge.dispute.closed"] as const

export type DisputeEventOutcome =
  | { handled: "ignored"; reason: "invalid_dispute" | "unknown_payment" }
  | { handled: "dispute_recorded"; change: Extract<DisputeChange, { outcome: "recorded" }> }

async function nudgeOutbox(container: Pick<MedusaContainer, "resolve">): Promise<void> {
  // Only a nudge: the dispatch job delivers the messages if it is lost.
  const eventBus: IEventBusModuleService = container.resolve(Modules.EVENT_BUS)
  await eventBus.emit({ name: GALLERY_OUTBOX_READY_EVENT, data: {} })
}

/**
 * A `charge.dispute.created | updated | closed` event (the webhook route and the sandbox's dispute routes): recorded
 * on its gallery order under the order's lock (the lock transfers take, so no transfer of a payout it holds is under
 * way) or on its store payment, with every effect and outbox message in the gallery module's one transaction. The
 * dispute's own fields in the event are the provider's word; an event for a payment Atelier does not know is
 * acknowledged and ignored. Throws when recording failed (the webhook answers 500 and the provider retries).
 */
export async function handleDisputeEvent(
  container: MedusaContainer,
  event: WebhookEvent
): Promise<DisputeEventOutcome> {
  const facts = disputeFactsOf(event.object)
  if (!facts) return { handled: "ignored", reason: "invalid_dispute" }
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  const orderId = await findDisputeGalleryOrderId(container, {
    providerDisputeId: facts.providerDisputeId,
    paymentIntentId: facts.paymentIntentId,
  })
  const change = orderId
    ? await withLock(container, galleryOrderLockKey(orderId), ORDER_LOCK_TIMEOUT_SECONDS, () =>
        gallery.recordDisputeEvent(facts)
      )
    : await gallery.recordDisputeEvent(facts)
  if (change.outcome === "unknown") return { handled: "ignored", reason: "unknown_payment" }
  if (change.queued) await nudgeOutbox(container)
  return { handled: "dispute_recorded", change }
}

export type ProviderRefundOutcome =
  | { handled: "ignored"; reason: "invalid_charge" | "unknown_payment" }
  | { handled: "provider_refund_recorded"; galleryOrderId: string; unknownRefundIds: string[] }

/**
 * `charge.refunded` (docs/disputes.md, "Refunds made in the provider's dashboard"): the gallery order records what the
 * provider reports refunded on its charge in all, and each refund in the event that Atelier did not make itself
 * (not a cancellation's or a refund record's provider refund) is emailed to the administrators, who record it as a
 * refund (with what it means for the artists) or take it up with the provider. Store payments' refunds are ignored.
 */
export async function handleChargeRefunded(
  container: MedusaContainer,
  event: WebhookEvent
): Promise<ProviderRefundOutcome> {
  const facts = providerRefundFactsOf(event.object)
  if (!facts?.paymentIntentId) return { handled: "ignored", reason: "invalid_charge" }
  const known = await atelierRefundIdsOfIntent(container, facts.paymentIntentId)
  const unknownRefundIds = facts.refunds.map((refund) => refund.id).filter((id) => !known.has(id))
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  const recorded = await gallery.recordProviderRefundReport({
    paymentIntentId: facts.paymentIntentId,
    amountRefundedCents: facts.amountRefundedCents,
    unknownRefundIds,
  })
  if (!recorded) return { handled: "ignored", reason: "unknown_payment" }
  if (recorded.queued) await nudgeOutbox(container)
  return { handled: "provider_refund_recorded", galleryOrderId: recorded.galleryOrderId, unknownRefundIds }
}
