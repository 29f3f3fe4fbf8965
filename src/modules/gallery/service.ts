import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { OutboxMessageInput } from "../../lib/outbox"
import { sqlManager } from "../common/sql-manager"
import * as addresses from "./addresses"
import type { ArtistAddressOutcome } from "./addresses"
import * as cart from "./cart"
import type { AddCartItemResult, CartItemRow } from "./cart"
import * as checkout from "./checkout"
import type { CheckoutOrderInput, CreatedCheckoutOrder, MarkOrderPaidResult } from "./checkout"
import * as fulfilment from "./fulfilment"
import type { NewLedgerEntry } from "./ledger"
import type {
  ArtistOrderStatusChangeRecord,
  MarkOrderCancelledResult,
  ShipArtistOrderInput,
  ShippedArtistOrderRecord,
} from "./fulfilment"
import { ArtistOrder } from "./models/artist-order"
import { ArtistOrderAddressChange } from "./models/artist-order-address-change"
import { ArtistOrderItem } from "./models/artist-order-item"
import { CartItem } from "./models/cart-item"
import { Dispute } from "./models/dispute"
import * as disputes from "./disputes"
import type { DisputeChange } from "./disputes"
import type { DisputeFacts } from "../../lib/disputes"
import { GalleryOrder } from "./models/gallery-order"
import { LedgerEntry } from "./models/ledger-entry"
import { OrderTransition } from "./models/order-transition"
import { OutboxMessage } from "./models/outbox-message"
import { Payout } from "./models/payout"
import { Refund } from "./models/refund"
import { Return } from "./models/return"
import { StorePayment } from "./models/store-payment"
import * as outbox from "./outbox"
import type { ClaimedOutboxMessage, NewOutboxMessage } from "./outbox"
import * as payouts from "./payouts"
import * as refunds from "./refunds"
import * as returns from "./returns"
import type { MoveReturnInput, RequestReturnInput, ReturnRecord } from "./returns"
import type { RecordRefundInput } from "./refunds"
import type { FailingPayout, NewPayoutInput, PayoutAttemptClaim } from "./payouts"
import * as storePayments from "./store-payments"
import type { NewStorePayment, StorePaymentRow } from "./store-payments"

// The module's types and constants, importable from here as before the split.
export type { ArtistAddressOutcome } from "./addresses"
export type {
  CheckoutArtistOrderInput,
  CheckoutOrderInput,
  CheckoutOrderItemInput,
  CreatedCheckoutOrder,
  MarkOrderPaidResult,
} from "./checkout"
export { MARK_ORDER_PAID, PUBLIC_ID_TAKEN } from "./checkout"
export type { NewLedgerEntry } from "./ledger"
export type { ClaimedOutboxMessage, NewOutboxMessage } from "./outbox"
export type { CreatedPayout, FailingPayout, NewPayoutInput, PayoutAttemptClaim } from "./payouts"
export type { NewStorePayment, StorePaymentRow } from "./store-payments"
export type { RecordRefundInput } from "./refunds"
export type { DisputeChange } from "./disputes"
export type { MoveReturnInput, RequestReturnInput, ReturnRecord } from "./returns"

/**
 * Gallery module: cart items, parent and artist orders, items, payouts, transitions.
 *
 * The generated CRUD methods (MedusaService) serve tooling and tests. The order lifecycle writes below are custom,
 * each ONE SQL statement (data-modifying CTEs): PostgreSQL runs a statement atomically (its own transaction, or
 * the caller's when a transactionManager is passed in the context), so an order is never half-written, without
 * the two extra round trips of BEGIN/COMMIT on these hot paths. A status guard (`WHERE status = 'pending'`) makes
 * every transition idempotent, even across processes.
 *
 * This class is the module's one service and owner of its tables: each method takes its manager from the context
 * (@InjectManager, or @InjectTransactionManager for the fulfilment writes that lock rows) and runs the concern's
 * SQL, which lives in a file of its own, documented there: checkout.ts, cart.ts, addresses.ts, fulfilment.ts,
 * payouts.ts, outbox.ts, store-payments.ts.
 */
class GalleryModuleService extends MedusaService({
  CartItem,
  GalleryOrder,
  ArtistOrder,
  ArtistOrderItem,
  ArtistOrderAddressChange,
  Payout,
  OrderTransition,
  OutboxMessage,
  StorePayment,
  Refund,
  Return,
  LedgerEntry,
  Dispute,
}) {
  // ---- Checkout (checkout.ts): the order as checkout records it, then what its payment makes of it.

  /** Records a checkout's order, artist orders, items and transitions atomically (PUBLIC_ID_TAKEN on a collision). */
  @InjectManager()
  async createCheckoutOrder(
    input: CheckoutOrderInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<CreatedCheckoutOrder> {
    return await checkout.createCheckoutOrder(this.manager_(sharedContext), input)
  }

  /** Compensation of createCheckoutOrder: removes the order with its artist orders, items and transitions. */
  @InjectManager()
  async deleteCheckoutOrder(
    orderId: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await checkout.deleteCheckoutOrder(this.manager_(sharedContext), orderId)
  }

  /** pending -> paid in one statement, with transitions, payouts, the emptied cart and the outbox messages. */
  @InjectManager()
  async markOrderPaid(
    input: {
      orderId: string
      paidAt: Date
      artistOrderIds: string[]
      payouts: NewPayoutInput[]
      /** The outbox messages the payment causes: written by the same statement, so they exist iff it committed. */
      outbox: NewOutboxMessage[]
      /** Its ledger entries (earnings per artist order), written by the same statement for the orders that moved. */
      ledger?: NewLedgerEntry[]
    },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<MarkOrderPaidResult> {
    return await checkout.markOrderPaid(this.manager_(sharedContext), input)
  }

  /** pending -> cancelled because stock ran out before the payment was settled (the payment is refunded). */
  @InjectManager()
  async cancelOrderOutOfStock(
    input: { orderId: string; refundId: string | null },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    return await checkout.cancelOrderOutOfStock(this.manager_(sharedContext), input)
  }

  /** A declined payment attempt: recorded on the order while it is pending (the order and cart stay as they are). */
  @InjectManager()
  async recordPaymentFailure(
    input: { paymentIntentId: string; message: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    return await checkout.recordPaymentFailure(this.manager_(sharedContext), input)
  }

  // ---- Cart (spec 4.3): each write ONE named prepared statement and no transaction of its own (cart.ts).

  /** Adds a quantity of a product to a session's cart: not_found, ineligible, or the created or merged row. */
  @InjectManager()
  async addCartItem(
    input: { sessionId: string; productId: string; quantity: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<AddCartItemResult> {
    return await cart.addCartItem(this.manager_(sharedContext), input)
  }

  /** Sets the quantity (1..99) of one of the session's items; null when the session has no such item. */
  @InjectManager()
  async setCartItemQuantity(
    input: { sessionId: string; itemId: string; quantity: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<CartItemRow | null> {
    return await cart.setCartItemQuantity(this.manager_(sharedContext), input)
  }

  /** Deletes one of the session's items (hard delete); null when the session has no such item. */
  @InjectManager()
  async removeCartItem(
    input: { sessionId: string; itemId: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<CartItemRow | null> {
    return await cart.removeCartItem(this.manager_(sharedContext), input)
  }

  /** Deletes every row of the sessions inactive since the cutoff (default 30 days); returns the rows deleted. */
  @InjectManager()
  async deleteExpiredCartItems(
    input: { cutoff?: Date } = {},
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<number> {
    return await cart.deleteExpiredCartItems(this.manager_(sharedContext), input)
  }

  // ---- The buyer's per-artist shipping address (addresses.ts).

  /** Sets one organization's artist order's shipping address in a per_artist order, recorded and emailed. */
  @InjectManager()
  async setArtistOrderShippingAddress(
    input: {
      publicId: string
      organizationId: string
      shippingAddress: Record<string, unknown>
      /** The requesting client's address (IP), recorded with the change; null when unknown. */
      clientAddress?: string | null
    },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ArtistAddressOutcome> {
    return await addresses.setArtistOrderShippingAddress(this.manager_(sharedContext), input)
  }

  // ---- Fulfilment: ship, artist status changes, cancellation (each in a transaction, under the parent order's row
  // lock), and what the cancellation's money steps record afterwards (fulfilment.ts).

  /** Ships one artist order under the parent order's row lock, and stores the parent's status. */
  @InjectTransactionManager()
  async shipArtistOrder(
    input: ShipArtistOrderInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ShippedArtistOrderRecord> {
    return await fulfilment.shipArtistOrder(this.manager_(sharedContext), input)
  }

  /** The transitions the artist makes (paid -> processing, shipped -> delivered), under the parent's row lock. */
  @InjectTransactionManager()
  async setArtistOrderStatus(
    input: {
      artistOrderId: string
      organizationId: string
      status: string
      /** The outbox messages a delivery causes (the Medusa order book), written in its transaction. */
      deliveredOutbox?: OutboxMessageInput[]
    },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ArtistOrderStatusChangeRecord> {
    return await fulfilment.setArtistOrderStatus(this.manager_(sharedContext), input)
  }

  /** The state change of a cancellation, under the order's row lock; its pending payouts become failed (ledger entries). */
  @InjectTransactionManager()
  async markOrderCancelled(
    orderId: string,
    /** The outbox messages the cancellation causes (the Medusa order book), written in its transaction. */
    outbox: OutboxMessageInput[] = [],
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<MarkOrderCancelledResult> {
    return await fulfilment.markOrderCancelled(this.manager_(sharedContext), orderId, outbox)
  }

  /** Stores the refund of a cancelled order; the first refund stored wins. */
  @InjectManager()
  async recordCancellationRefund(
    input: { orderId: string; refundId: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await fulfilment.recordCancellationRefund(this.manager_(sharedContext), input)
  }

  // ---- Refunds (refunds.ts): recorded under the order's row lock, their money moved through the outbox.

  /** Records a planned refund with its effects and outbox message, in one transaction (INVALID_DATA past a limit). */
  @InjectTransactionManager()
  async recordRefund(
    input: RecordRefundInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await refunds.recordRefund(this.manager_(sharedContext), input)
  }

  /** Stores the provider's refund id of a refund (first writer wins). */
  @InjectManager()
  async recordProviderRefund(
    input: { refundId: string; providerRefundId: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await refunds.recordProviderRefund(this.manager_(sharedContext), input)
  }

  /** pending -> succeeded with its reversal, ledger entries and outbox messages; false when no longer pending. */
  @InjectTransactionManager()
  async completeRefund(
    input: { refundId: string; reversalId: string | null; ledger: NewLedgerEntry[]; outbox: OutboxMessageInput[] },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    return await refunds.completeRefund(this.manager_(sharedContext), input)
  }

  /** Why a refund's money could not be moved yet (it stays pending). */
  @InjectManager()
  async recordRefundFailure(
    input: { refundId: string; reason: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await refunds.recordRefundFailure(this.manager_(sharedContext), input)
  }

  // ---- Returns (returns.ts): each step in one transaction under the order's row lock, with its outbox messages.

  /** A customer's return request, planned and recorded under the lock (400 past the window or the items). */
  @InjectTransactionManager()
  async requestReturn(
    input: RequestReturnInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ReturnRecord> {
    return await returns.requestReturn(this.manager_(sharedContext), input)
  }

  /** The artist's accept / refuse / receive step (404 another organization's return, 400 a step out of order). */
  @InjectTransactionManager()
  async moveReturn(
    input: MoveReturnInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ReturnRecord> {
    return await returns.moveReturn(this.manager_(sharedContext), input)
  }

  // ---- Disputes (disputes.ts): each event recorded with its holds, cuts and outbox messages in one transaction.

  /** Records a `charge.dispute.*` event on its gallery order or store payment (docs/disputes.md). */
  @InjectTransactionManager()
  async recordDisputeEvent(
    facts: DisputeFacts,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<DisputeChange> {
    return await disputes.recordDisputeEvent(this.manager_(sharedContext), facts)
  }

  /** A lost dispute's reversal of one sent payout with its ledger entry, once; false when recorded before. */
  @InjectTransactionManager()
  async recordDisputeReversal(
    input: { disputeId: string; payoutId: string; reversalId: string; ledger: NewLedgerEntry },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    return await disputes.recordDisputeReversal(this.manager_(sharedContext), input)
  }

  /** What the provider reports refunded on a gallery order's charge, and the emails of refunds Atelier did not make. */
  @InjectTransactionManager()
  async recordProviderRefundReport(
    input: { paymentIntentId: string; amountRefundedCents: number; unknownRefundIds: string[] },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ galleryOrderId: string; queued: boolean } | null> {
    return await disputes.recordProviderRefundReport(this.manager_(sharedContext), input)
  }

  // ---- Payouts: transfers, failures, reversals and the payouts job's retries (payouts.ts).

  /**
   * pending -> transferred with each transfer's id and its `transfer_sent` ledger entry; returns the ids of the
   * payouts that were still pending.
   */
  @InjectManager()
  async recordPayoutTransfers(
    transfers: { payoutId: string; transferId: string; destination: string }[],
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string[]> {
    return await payouts.recordPayoutTransfers(this.manager_(sharedContext), transfers)
  }

  /** Why the last transfer attempt failed; the payout stays pending, so the payouts job tries again. */
  @InjectManager()
  async recordPayoutFailure(
    input: { payoutId: string; reason: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await payouts.recordPayoutFailure(this.manager_(sharedContext), input)
  }

  /** transferred -> reversed with the reversal's id and its ledger entry (guarded by the status: recorded once). */
  @InjectManager()
  async recordPayoutReversal(
    input: { payoutId: string; reversalId: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await payouts.recordPayoutReversal(this.manager_(sharedContext), input)
  }

  /** Why a payout's reversal failed (the payout stays transferred, so a repeated cancellation tries again). */
  @InjectManager()
  async recordPayoutReversalFailure(
    input: { payoutId: string; reason: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await payouts.recordPayoutReversalFailure(this.manager_(sharedContext), input)
  }

  /** Records the start of a transfer attempt per payout (before the provider is called); returns the ids claimed. */
  @InjectManager()
  async claimPayoutAttempts(
    input: { attemptedAt: Date; claims: PayoutAttemptClaim[] },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string[]> {
    return await payouts.claimPayoutAttempts(this.manager_(sharedContext), input)
  }

  /** Pending payouts that have been attempted and whose failure has not been reported yet, first attempted first. */
  @InjectManager()
  async listUnreportedFailingPayouts(
    input: { limit: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<FailingPayout[]> {
    return await payouts.listUnreportedFailingPayouts(this.manager_(sharedContext), input)
  }

  /** Records that the administrators were told about these payouts' failures (the first time only). */
  @InjectManager()
  async markPayoutFailuresReported(
    input: { payoutIds: string[]; reportedAt: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await payouts.markPayoutFailuresReported(this.manager_(sharedContext), input)
  }

  // ---- Outbox: the dispatcher's claim, delivery and release, and messages queued for other modules (outbox.ts).

  /** Claims up to `limit` due outbox messages for `leaseSeconds` (FOR UPDATE SKIP LOCKED). */
  @InjectManager()
  async claimOutboxMessages(
    input: { limit: number; leaseSeconds: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ClaimedOutboxMessage[]> {
    return await outbox.claimOutboxMessages(this.manager_(sharedContext), input)
  }

  /**
   * Queues outbox messages for a state change committed elsewhere (another module's): a message whose key exists
   * already is not queued again. Callers queue before they acknowledge the change (a webhook is recorded as processed
   * only after this), so a crash in between is healed by the change's redelivery.
   */
  @InjectManager()
  async queueOutboxMessages(
    messages: NewOutboxMessage[],
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await outbox.insertOutboxMessages(this.manager_(sharedContext), messages)
  }

  /** Claimed messages whose handler succeeded: they are never claimed again. */
  @InjectManager()
  async markOutboxMessagesDelivered(
    ids: string[],
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await outbox.markOutboxMessagesDelivered(this.manager_(sharedContext), ids)
  }

  /** A claimed message's handler failed: it is due again after `retryInSeconds`, with the reason kept. */
  @InjectManager()
  async releaseOutboxMessage(
    input: { id: string; error: string; retryInSeconds: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await outbox.releaseOutboxMessage(this.manager_(sharedContext), input)
  }

  // ---- Store payments: the artist-store checkout's payments (store-payments.ts).

  /** Records a store payment (pending) for its intent, once per intent; the row as stored and whether it is new. */
  @InjectManager()
  async recordStorePayment(
    input: NewStorePayment,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ payment: StorePaymentRow; created: boolean }> {
    return await storePayments.recordStorePayment(this.manager_(sharedContext), input)
  }

  /** The store payment of an intent, or null. */
  @InjectManager()
  async getStorePaymentByIntent(
    paymentIntentId: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<StorePaymentRow | null> {
    return await storePayments.getStorePaymentByIntent(this.manager_(sharedContext), paymentIntentId)
  }

  /** pending -> paid with its Medusa order, the outbox messages and ledger entries the sale causes, in one statement. */
  @InjectManager()
  async markStorePaymentPaid(
    input: { id: string; orderId: string; paidAt: Date; outbox: NewOutboxMessage[]; ledger?: NewLedgerEntry[] },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    return await storePayments.markStorePaymentPaid(this.manager_(sharedContext), input)
  }

  /** pending -> cancelled: the payment succeeded but the stock was gone; it was refunded (`refundId`). */
  @InjectManager()
  async cancelStorePaymentOutOfStock(
    input: { id: string; refundId: string | null },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    return await storePayments.cancelStorePaymentOutOfStock(this.manager_(sharedContext), input)
  }

  /** Records why a pending store payment was not settled; false when no pending store payment has that intent. */
  @InjectManager()
  async recordStorePaymentFailure(
    input: { paymentIntentId: string; message: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    return await storePayments.recordStorePaymentFailure(this.manager_(sharedContext), input)
  }

  /** Intents of pending store payments created between `maxAgeSeconds` and `minAgeSeconds` ago, oldest first. */
  @InjectManager()
  async listPendingStorePaymentIntents(
    input: { minAgeSeconds: number; maxAgeSeconds: number; limit: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string[]> {
    return await storePayments.listPendingStorePaymentIntents(this.manager_(sharedContext), input)
  }

  protected manager_(sharedContext: Context<SqlEntityManager>): SqlEntityManager {
    return sqlManager(sharedContext)
  }
}

export default GalleryModuleService
