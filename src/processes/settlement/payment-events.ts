import type { MedusaContainer } from "@medusajs/framework/types"
import { GALLERY_MODULE } from "../../modules/gallery"
import type GalleryModuleService from "../../modules/gallery/service"
import type { ConnectedAccount, RetrievedPaymentIntent, WebhookEvent } from "../../modules/payments"
import { syncConnectedAccount, type AccountSyncOutcome } from "./connected-accounts"
import { markGalleryOrderPaid, type MarkGalleryOrderPaidResult } from "../../workflows/gallery-checkout/workflows/mark-gallery-order-paid"
import { STORE_INTENT_KIND } from "../../lib/store-checkout"
import type { SettleStorePaymentResult } from "../../workflows/store-checkout/workflows/settle-store-payment"
import { settleCheckoutSession, settleStorePayment } from "./store-payments"
import {
  DISPUTE_EVENT_TYPES,
  handleChargeRefunded,
  handleDisputeEvent,
  type DisputeEventOutcome,
  type ProviderRefundOutcome,
} from "./disputes"

export type PaymentEventOutcome =
  | { handled: "ignored"; reason: "event_type" | "unknown_intent" | "unknown_account" }
  | ({ handled: "account_updated" } & AccountSyncOutcome)
  | { handled: "payment_succeeded"; result: MarkGalleryOrderPaidResult }
  | { handled: "store_payment_succeeded"; result: SettleStorePaymentResult }
  | { handled: "checkout_session_ignored"; reason: string }
  | { handled: "payment_failed"; recorded: boolean }
  | DisputeEventOutcome
  | ProviderRefundOutcome

/** The id of the event's object (an intent, an account). */
function objectIdOf(event: WebhookEvent): string | null {
  const id = event.object.id
  return typeof id === "string" && id ? id : null
}

/** An intent created by an artist store's checkout (its metadata says so). */
function isStoreIntent(metadata: unknown): boolean {
  return Boolean(metadata && typeof metadata === "object" && (metadata as { kind?: unknown }).kind === STORE_INTENT_KIND)
}

function orderIdOf(metadata: unknown): string | null {
  const orderId = metadata && typeof metadata === "object" ? (metadata as { order_id?: unknown }).order_id : null
  return typeof orderId === "string" && orderId ? orderId : null
}

/** Stripe's `last_payment_error.message` of a failed intent (or a generic text). */
export function paymentFailureMessage(object: Record<string, unknown>): string {
  const lastError = object.last_payment_error
  if (lastError && typeof lastError === "object") {
    const message = (lastError as { message?: unknown }).message
    if (typeof message === "string" && message.trim()) return message.trim().slice(0, 1000)
  }
  return "Payment failed"
}

/**
 * What a verified payment event does (spec 6), shared by the webhook route and the sandbox confirm and onboarding
 * routes: `payment_intent.succeeded` settles the order (the same idempotent path as the confirm route);
 * `payment_intent.payment_failed` records the failure on the pending order (the order and cart stay);
 * `checkout.session.completed` records and settles an artist store's Stripe Checkout sale, and intents of store
 * checkouts settle their store payment (docs/store-checkout.md);
 * `account.updated` records a connected account's state and, once it can receive payouts, transfers its
 * organization's pending payouts (docs/payout-onboarding.md); events for intents that are not gallery orders, and
 * other types, are ignored.
 */
export async function handlePaymentEvent(
  container: MedusaContainer,
  event: WebhookEvent,
  options: {
    /** The intent as the gateway itself just returned it (sandbox); otherwise the workflow retrieves it. */
    paymentIntent?: RetrievedPaymentIntent
    /** The account as the gateway itself just returned it (sandbox onboarding); otherwise it is retrieved. */
    account?: ConnectedAccount
  } = {}
): Promise<PaymentEventOutcome> {
  if (event.type === "account.updated") {
    const accountId = objectIdOf(event)
    if (!accountId?.startsWith("acct_")) return { handled: "ignored", reason: "unknown_account" }
    return { handled: "account_updated", ...(await syncConnectedAccount(container, { accountId, reportId: event.id, account: options.account })) }
  }
  // Disputes and refunds made at the provider (docs/disputes.md).
  if ((DISPUTE_EVENT_TYPES as readonly string[]).includes(event.type)) return handleDisputeEvent(container, event)
  if (event.type === "charge.refunded") return handleChargeRefunded(container, event)
  if (event.type === "checkout.session.completed") {
    const result = await settleCheckoutSession(container, event.object)
    if (result.outcome === "ignored") return { handled: "checkout_session_ignored", reason: result.reason }
    return { handled: "store_payment_succeeded", result }
  }
  if (event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed") {
    return { handled: "ignored", reason: "event_type" }
  }
  const intentId = objectIdOf(event)
  if (!intentId) return { handled: "ignored", reason: "unknown_intent" }

  if (event.type === "payment_intent.succeeded") {
    const metadata = options.paymentIntent?.metadata ?? event.object.metadata
    if (isStoreIntent(metadata)) {
      const result = await settleStorePayment(container, { paymentIntentId: intentId, paymentIntent: options.paymentIntent })
      if (result.outcome === "unknown") return { handled: "ignored", reason: "unknown_intent" }
      return { handled: "store_payment_succeeded", result }
    }
    // Without a fresh intent from the gateway, the workflow retrieves it: the gateway's state (and charge id) is
    // authoritative, not the event's payload.
    const result = await markGalleryOrderPaid(container, {
      paymentIntentId: intentId,
      // Checkout names the order in the intent's metadata; the workflow checks that the order is paid by this intent.
      orderId: orderIdOf(options.paymentIntent?.metadata ?? event.object.metadata),
      paymentIntent: options.paymentIntent,
    })
    if (result.outcome === "unknown") {
      // Not a gallery order: a Stripe Checkout session's intent (its metadata is the session's, not the intent's).
      const store = await settleStorePayment(container, { paymentIntentId: intentId, paymentIntent: options.paymentIntent })
      if (store.outcome === "unknown") return { handled: "ignored", reason: "unknown_intent" }
      return { handled: "store_payment_succeeded", result: store }
    }
    return { handled: "payment_succeeded", result }
  }
  const gallery: GalleryModuleService = container.resolve(GALLERY_MODULE)
  const failure = { paymentIntentId: intentId, message: paymentFailureMessage(event.object) }
  // A declined store payment stays pending with its failure recorded; no stock was reserved for it.
  const recorded = (await gallery.recordPaymentFailure(failure)) || (await gallery.recordStorePaymentFailure(failure))
  return { handled: "payment_failed", recorded }
}
