/**
 * Rules of the gallery's transactional outbox (docs/crash-safety.md): which handlers a committed state change
 * queues, how their rows are keyed, and how long a failed handler waits before its next attempt.
 */

/** Emitted after a commit that queued outbox messages: background processors dispatch them at once. */
export const GALLERY_OUTBOX_READY_EVENT = "gallery.outbox.ready"

/** Emitted once per gallery order, when its payment is settled. */
export const GALLERY_ORDER_PAID_TOPIC = "gallery.order.paid"

/** The handlers of `gallery.order.paid`, each delivered exactly once per order (idempotent, retried until done). */
export const GALLERY_ORDER_PAID_HANDLERS = {
  /** One Connect transfer per payout whose organization has a connected account. */
  transferPayouts: "transfer-payouts",
  /** The customer's confirmation and each artist owner's new-order email. */
  orderPaidEmails: "order-paid-emails",
  /** Credits the buyer's referral session, when the checkout carried one. */
  referralConversions: "referral-conversions",
} as const

/** Emitted once per artist order, when its artist ships it. */
export const GALLERY_ARTIST_ORDER_SHIPPED_TOPIC = "gallery.artist_order.shipped"

/** The handlers of `gallery.artist_order.shipped`. */
export const GALLERY_ARTIST_ORDER_SHIPPED_HANDLERS = {
  /** The customer's shipping notification with the tracking details. */
  shipmentEmail: "shipment-email",
} as const

export type ArtistOrderShippedPayload = { id: string }

/** Emitted when an organization's connected account can receive payouts and it has payouts waiting. */
export const ORGANIZATION_PAYOUTS_READY_TOPIC = "organization.payouts.ready"

/** The handler of `organization.payouts.ready`: transfers every pending payout of the organization at once. */
export const ORGANIZATION_PAYOUTS_READY_HANDLER = "transfer-organization-payouts"

export type OrganizationPayoutsReadyPayload = { organization_id: string }

/**
 * The message an account report queues (one per report: `reportId` is the provider's event id, so a redelivered
 * event queues nothing new).
 */
export function organizationPayoutsReadyMessage(organizationId: string, reportId: string): OutboxMessageInput {
  const handler = ORGANIZATION_PAYOUTS_READY_HANDLER
  const payload: OrganizationPayoutsReadyPayload = { organization_id: organizationId }
  return {
    key: outboxMessageKey(handler, `${organizationId}:${reportId}`),
    topic: ORGANIZATION_PAYOUTS_READY_TOPIC,
    handler,
    payload,
  }
}

export type GalleryOrderPaidPayload = {
  id: string
  referral_session_id: string | null
  /** The charge that paid the order (funds the transfers), as the settlement read it from the gateway. */
  charge_id: string | null
}

export type OutboxMessageInput = {
  key: string
  topic: string
  handler: string
  payload: Record<string, unknown>
}

/** One row per handler and resource: replaying the same state change queues nothing new. */
export function outboxMessageKey(handler: string, resourceId: string): string {
  return `${handler}:${resourceId}`
}

/** The messages a settled payment queues (the referral handler only when the buyer carried a referral session). */
export function galleryOrderPaidMessages(order: GalleryOrderPaidPayload): OutboxMessageInput[] {
  const payload: GalleryOrderPaidPayload = {
    id: order.id,
    referral_session_id: order.referral_session_id,
    charge_id: order.charge_id,
  }
  const handlers: string[] = [GALLERY_ORDER_PAID_HANDLERS.transferPayouts, GALLERY_ORDER_PAID_HANDLERS.orderPaidEmails]
  if (order.referral_session_id) handlers.push(GALLERY_ORDER_PAID_HANDLERS.referralConversions)
  return handlers.map((handler) => ({
    key: outboxMessageKey(handler, order.id),
    topic: GALLERY_ORDER_PAID_TOPIC,
    handler,
    payload,
  }))
}

/** The messages a shipment queues. */
export function artistOrderShippedMessages(artistOrderId: string): OutboxMessageInput[] {
  const handler = GALLERY_ARTIST_ORDER_SHIPPED_HANDLERS.shipmentEmail
  const payload: ArtistOrderShippedPayload = { id: artistOrderId }
  return [{ key: outboxMessageKey(handler, artistOrderId), topic: GALLERY_ARTIST_ORDER_SHIPPED_TOPIC, handler, payload }]
}

const FIRST_RETRY_SECONDS = 10
const MAX_RETRY_SECONDS = 3600

/** Seconds before the next attempt after `attempts` failed ones: 10 s doubling, at most an hour. */
export function outboxRetryDelaySeconds(attempts: number): number {
  const n = Math.max(1, Math.floor(attempts))
  return Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.min(n - 1, 20))
}

/** Default of SETTLEMENT_RECONCILE_SECONDS: the bound on how long a crash can delay a settlement or its effects. */
export const DEFAULT_SETTLEMENT_RECONCILE_SECONDS = 60

/** SETTLEMENT_RECONCILE_SECONDS as a whole number of seconds (1..3600), else the default. */
export function settlementReconcileSeconds(value: string | undefined): number {
  const n = Number(value)
  if (!value || !Number.isFinite(n) || n < 1) return DEFAULT_SETTLEMENT_RECONCILE_SECONDS
  return Math.min(3600, Math.floor(n))
}
