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
  /** Mirrors each artist order as a Medusa order in its organization's sales channel (docs/order-book.md). */
  medusaOrderBook: "medusa-order-book",
  /** `order.created` and `order.paid` to the outbound webhooks of each artist order's organization (docs/outbound-webhooks.md). */
  organizationWebhooks: "order-paid-webhooks",
} as const

/** Emitted once per artist order, when its artist ships it. */
export const GALLERY_ARTIST_ORDER_SHIPPED_TOPIC = "gallery.artist_order.shipped"

/** The handlers of `gallery.artist_order.shipped`. */
export const GALLERY_ARTIST_ORDER_SHIPPED_HANDLERS = {
  /** The customer's shipping notification with the tracking details. */
  shipmentEmail: "shipment-email",
  /** The Medusa fulfilment and shipment of the artist order's mirror (docs/order-book.md). */
  medusaFulfilment: "medusa-order-fulfilment",
  /** `order.shipped` to the organization's outbound webhooks. */
  organizationWebhooks: "order-shipped-webhooks",
} as const

/** Emitted once per artist order, when its artist marks it delivered. */
export const GALLERY_ARTIST_ORDER_DELIVERED_TOPIC = "gallery.artist_order.delivered"
export const GALLERY_ARTIST_ORDER_DELIVERED_HANDLERS = {
  /** Marks the mirror's Medusa fulfilment delivered. */
  medusaDelivery: "medusa-order-delivery",
} as const

/**
 * Emitted once per change of a per-artist shipping address (the first one included), with the change record
 * (`gallery_artist_order_address_change`) it was written with.
 */
export const GALLERY_ARTIST_ORDER_ADDRESS_CHANGED_TOPIC = "gallery.artist_order.address_changed"
export const GALLERY_ARTIST_ORDER_ADDRESS_CHANGED_HANDLERS = {
  /** Tells the buyer (the order's email) where that artist will now ship, so a change they did not make is seen. */
  buyerEmail: "address-change-email",
} as const

/** `id`: the address change record. */
export type ArtistOrderAddressChangedPayload = { id: string }

/** The messages an address change queues, keyed by the change: each change emails the buyer exactly once. */
export function artistOrderAddressChangedMessages(changeId: string): OutboxMessageInput[] {
  const payload: ArtistOrderAddressChangedPayload = { id: changeId }
  return Object.values(GALLERY_ARTIST_ORDER_ADDRESS_CHANGED_HANDLERS).map((handler) => ({
    key: outboxMessageKey(handler, changeId),
    topic: GALLERY_ARTIST_ORDER_ADDRESS_CHANGED_TOPIC,
    handler,
    payload,
  }))
}

/** Emitted once per gallery order, when an administrator cancels it. */
export const GALLERY_ORDER_CANCELLED_TOPIC = "gallery.order.cancelled"
export const GALLERY_ORDER_CANCELLED_HANDLERS = {
  /** Cancels the Medusa orders that mirror its artist orders. */
  medusaCancel: "medusa-order-cancel",
  /** `order.cancelled` to the outbound webhooks of each paid artist order's organization. */
  organizationWebhooks: "order-cancelled-webhooks",
} as const

export type GalleryOrderCancelledPayload = { id: string }

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
  const handlers: string[] = [
    GALLERY_ORDER_PAID_HANDLERS.transferPayouts,
    GALLERY_ORDER_PAID_HANDLERS.orderPaidEmails,
    GALLERY_ORDER_PAID_HANDLERS.medusaOrderBook,
    GALLERY_ORDER_PAID_HANDLERS.organizationWebhooks,
  ]
  if (order.referral_session_id) handlers.push(GALLERY_ORDER_PAID_HANDLERS.referralConversions)
  return handlers.map((handler) => ({
    key: outboxMessageKey(handler, order.id),
    topic: GALLERY_ORDER_PAID_TOPIC,
    handler,
    payload,
  }))
}

/** The messages a shipment queues: the customer's email, the Medusa fulfilment and the organization's webhooks. */
export function artistOrderShippedMessages(artistOrderId: string): OutboxMessageInput[] {
  const payload: ArtistOrderShippedPayload = { id: artistOrderId }
  return Object.values(GALLERY_ARTIST_ORDER_SHIPPED_HANDLERS).map((handler) => ({
    key: outboxMessageKey(handler, artistOrderId),
    topic: GALLERY_ARTIST_ORDER_SHIPPED_TOPIC,
    handler,
    payload,
  }))
}

/** The messages a delivery queues. */
export function artistOrderDeliveredMessages(artistOrderId: string): OutboxMessageInput[] {
  const handler = GALLERY_ARTIST_ORDER_DELIVERED_HANDLERS.medusaDelivery
  const payload: ArtistOrderShippedPayload = { id: artistOrderId }
  return [{ key: outboxMessageKey(handler, artistOrderId), topic: GALLERY_ARTIST_ORDER_DELIVERED_TOPIC, handler, payload }]
}

/** The messages a cancellation queues: the Medusa order book's cancellation and the organizations' webhooks. */
export function galleryOrderCancelledMessages(orderId: string): OutboxMessageInput[] {
  const payload: GalleryOrderCancelledPayload = { id: orderId }
  return Object.values(GALLERY_ORDER_CANCELLED_HANDLERS).map((handler) => ({
    key: outboxMessageKey(handler, orderId),
    topic: GALLERY_ORDER_CANCELLED_TOPIC,
    handler,
    payload,
  }))
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

/** Emitted once per store payment, when it is settled and its Medusa order exists. */
export const STORE_ORDER_PAID_TOPIC = "store.order.paid"

/** The handlers of `store.order.paid`. */
export const STORE_ORDER_PAID_HANDLERS = {
  /** The customer's confirmation and the artist owners' new-order email (unless email_orders is off). */
  orderEmails: "store-order-emails",
  /** Credits the shopper's gallery referral session, when the payment carried one. */
  referralConversion: "store-referral-conversion",
  /** order.created and order.paid to the organization's outbound webhook endpoints (docs/outbound-webhooks.md). */
  organizationWebhooks: "store-order-webhooks",
  /** The order's payment collection, captured, in Medusa (docs/order-book.md, "Payments"). */
  medusaPayment: "store-order-payment",
  /**
   * A first-time shopper's guest customer, set on the order. Settlement now makes it with the order; the handler
   * stays for messages queued before that change.
   */
  guestCustomer: "store-order-customer",
} as const

export type StoreOrderPaidPayload = { store_payment_id: string; order_id: string; referral_session_id: string | null }

/** The messages a settled store payment queues (the referral handler only with a referral session). */
export function storeOrderPaidMessages(payload: StoreOrderPaidPayload): OutboxMessageInput[] {
  const handlers: string[] = [
    STORE_ORDER_PAID_HANDLERS.orderEmails,
    STORE_ORDER_PAID_HANDLERS.organizationWebhooks,
    STORE_ORDER_PAID_HANDLERS.medusaPayment,
  ]
  if (payload.referral_session_id) handlers.push(STORE_ORDER_PAID_HANDLERS.referralConversion)
  return handlers.map((handler) => ({
    key: outboxMessageKey(handler, payload.store_payment_id),
    topic: STORE_ORDER_PAID_TOPIC,
    handler,
    payload: { ...payload },
  }))
}

/** Emitted once per refund record, when it is recorded: its money moves (docs/refunds.md). */
export const GALLERY_REFUND_REQUESTED_TOPIC = "gallery.refund.requested"
/** The handler that refunds the customer and takes the artist's share back from a sent transfer. */
export const GALLERY_REFUND_MONEY_HANDLER = "refund-money"

/** Emitted once per refund record, when its money has moved. */
export const GALLERY_REFUND_SUCCEEDED_TOPIC = "gallery.refund.succeeded"
export const GALLERY_REFUND_SUCCEEDED_HANDLERS = {
  /** The customer's and the artist owners' refund emails. */
  emails: "refund-emails",
  /** The refund in the Medusa order book (the mirror's payment). */
  medusaOrderBook: "refund-order-book",
  /** `order.refunded` to the organization's outbound webhooks. */
  organizationWebhooks: "refund-webhooks",
} as const

/** Which record a refund message names: a gallery artist order's refund, or an artist-store order's. */
export type RefundRecordKind = "gallery" | "store"

/**
 * `id`: the refund record — a gallery refund (`gref_...`, no `kind`) or, with `kind: "store"`, an artist-store
 * order's refund (`sref_...`, docs/refunds.md "Store orders"). The same handlers take both.
 */
export type GalleryRefundPayload = { id: string; kind?: RefundRecordKind }

function refundPayload(refundId: string, kind: RefundRecordKind): GalleryRefundPayload {
  return kind === "store" ? { id: refundId, kind } : { id: refundId }
}

/** The message a recorded refund queues: its money, once. */
export function galleryRefundRequestedMessages(refundId: string, kind: RefundRecordKind = "gallery"): OutboxMessageInput[] {
  const payload = refundPayload(refundId, kind)
  const handler = GALLERY_REFUND_MONEY_HANDLER
  return [{ key: outboxMessageKey(handler, refundId), topic: GALLERY_REFUND_REQUESTED_TOPIC, handler, payload }]
}

/** The messages a refund whose money moved queues: emails, the order book, webhooks. */
export function galleryRefundSucceededMessages(refundId: string, kind: RefundRecordKind = "gallery"): OutboxMessageInput[] {
  const payload = refundPayload(refundId, kind)
  return Object.values(GALLERY_REFUND_SUCCEEDED_HANDLERS).map((handler) => ({
    key: outboxMessageKey(handler, refundId),
    topic: GALLERY_REFUND_SUCCEEDED_TOPIC,
    handler,
    payload,
  }))
}

/** Emitted at each step of a return (docs/returns.md): requested, accepted, refused, received. */
export const GALLERY_RETURN_TOPIC = "gallery.return"
export const GALLERY_RETURN_HANDLERS = {
  /** The emails of the step: the artist owners of a request, the customer of an acceptance or refusal. */
  emails: "return-emails",
  /** `return.requested` / `return.accepted` / `return.refused` to the organization's outbound webhooks. */
  organizationWebhooks: "return-webhooks",
  /** A received return's refund of its items (docs/refunds.md), once. */
  refund: "return-refund",
  /** A received return in the Medusa order book: Medusa's return, its items received back into stock. */
  medusaOrderBook: "return-order-book",
} as const

export type GalleryReturnStep = "requested" | "accepted" | "refused" | "received"
/** `id`: the return (`gret_...`); `step`: the step that queued the message. */
export type GalleryReturnPayload = { id: string; step: GalleryReturnStep }

/** The messages a return's step queues, keyed by step and return. */
export function galleryReturnMessages(returnId: string, step: GalleryReturnStep): OutboxMessageInput[] {
  const payload: GalleryReturnPayload = { id: returnId, step }
  const handlers: string[] =
    step === "received"
      ? [GALLERY_RETURN_HANDLERS.refund, GALLERY_RETURN_HANDLERS.medusaOrderBook]
      : [GALLERY_RETURN_HANDLERS.emails, GALLERY_RETURN_HANDLERS.organizationWebhooks]
  return handlers.map((handler) => ({
    key: outboxMessageKey(handler, `${step}:${returnId}`),
    topic: `${GALLERY_RETURN_TOPIC}.${step}`,
    handler,
    payload,
  }))
}

/** Emitted once per status a dispute reaches (docs/disputes.md). */
export const GALLERY_DISPUTE_CHANGED_TOPIC = "gallery.dispute.changed"
/** The administrators' and the artist owners' emails about a dispute's new status, with its evidence due date. */
export const GALLERY_DISPUTE_EMAILS_HANDLER = "dispute-emails"
/** Emitted once per dispute closed lost on a gallery order: the artists' shares come back. */
export const GALLERY_DISPUTE_LOST_TOPIC = "gallery.dispute.lost"
/** Reverses each sent payout's share of a lost dispute (one provider reversal per dispute and payout). */
export const GALLERY_DISPUTE_REVERSALS_HANDLER = "dispute-reversals"
/** Emitted once per dispute closed on a gallery order: its held payouts (what is left of them) go out. */
export const GALLERY_DISPUTE_CLOSED_TOPIC = "gallery.dispute.closed"
/** Transfers the order's due payouts (the settlement's transfer path), now that the dispute no longer holds them. */
export const GALLERY_DISPUTE_TRANSFERS_HANDLER = "dispute-transfers"

/** `id`: the dispute record (`gdsp_...`); `status`: the status the emails tell of. */
export type GalleryDisputePayload = { id: string; status?: string }

/** The emails of a dispute's new status: keyed per dispute and status, so each status is told once. */
export function disputeChangedMessages(disputeId: string, status: string): OutboxMessageInput[] {
  const handler = GALLERY_DISPUTE_EMAILS_HANDLER
  const payload: GalleryDisputePayload = { id: disputeId, status }
  return [{ key: outboxMessageKey(handler, `${disputeId}:${status}`), topic: GALLERY_DISPUTE_CHANGED_TOPIC, handler, payload }]
}

/** The reversals of a lost dispute, once. */
export function disputeReversalMessages(disputeId: string): OutboxMessageInput[] {
  const handler = GALLERY_DISPUTE_REVERSALS_HANDLER
  const payload: GalleryDisputePayload = { id: disputeId }
  return [{ key: outboxMessageKey(handler, disputeId), topic: GALLERY_DISPUTE_LOST_TOPIC, handler, payload }]
}

/** The transfers a closed dispute releases, once. */
export function disputeTransfersMessages(disputeId: string): OutboxMessageInput[] {
  const handler = GALLERY_DISPUTE_TRANSFERS_HANDLER
  const payload: GalleryDisputePayload = { id: disputeId }
  return [{ key: outboxMessageKey(handler, disputeId), topic: GALLERY_DISPUTE_CLOSED_TOPIC, handler, payload }]
}

/** Emitted once per refund the provider reports on a gallery order's charge that Atelier did not make (its dashboard). */
export const GALLERY_PROVIDER_REFUND_TOPIC = "gallery.provider_refund.reported"
/** The administrators' email about it. */
export const GALLERY_PROVIDER_REFUND_EMAIL_HANDLER = "provider-refund-email"

/** `order_id`: the gallery order; `refund_id`: the provider's refund (`re_...`). */
export type GalleryProviderRefundPayload = { order_id: string; refund_id: string }

/** The administrators' email about one refund made outside Atelier, keyed by the refund: told once. */
export function providerRefundReportedMessages(orderId: string, refundId: string): OutboxMessageInput[] {
  const handler = GALLERY_PROVIDER_REFUND_EMAIL_HANDLER
  const payload: GalleryProviderRefundPayload = { order_id: orderId, refund_id: refundId }
  return [{ key: outboxMessageKey(handler, refundId), topic: GALLERY_PROVIDER_REFUND_TOPIC, handler, payload }]
}
