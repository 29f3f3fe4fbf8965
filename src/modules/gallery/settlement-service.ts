import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { DisputeFacts } from "../../lib/disputes"
import type { OutboxMessageInput } from "../../lib/outbox"
import { sqlManager } from "../common/sql-manager"
import * as disputes from "./disputes"
import type { DisputeChange } from "./disputes"
import type { NewLedgerEntry } from "./ledger"
import { ArtistOrder } from "./models/artist-order"
import { ArtistOrderAddressChange } from "./models/artist-order-address-change"
import { ArtistOrderItem } from "./models/artist-order-item"
import { CartItem } from "./models/cart-item"
import { Dispute } from "./models/dispute"
import { GalleryOrder } from "./models/gallery-order"
import { LedgerEntry } from "./models/ledger-entry"
import { OrderTransition } from "./models/order-transition"
import { OutboxMessage } from "./models/outbox-message"
import { Payout } from "./models/payout"
import { Refund } from "./models/refund"
import { Return } from "./models/return"
import { StorePayment } from "./models/store-payment"
import { StoreRefund } from "./models/store-refund"
import * as outbox from "./outbox"
import type { ClaimedOutboxMessage, NewOutboxMessage } from "./outbox"
import * as payouts from "./payouts"
import type { FailingPayout, PayoutAttemptClaim } from "./payouts"
import * as refunds from "./refunds"
import type { RecordRefundInput } from "./refunds"
import * as storePayments from "./store-payments"
import type { NewStorePayment, StorePaymentRow } from "./store-payments"
import * as storeRefunds from "./store-refunds"
import type { RecordStoreRefundInput } from "./store-refunds"

/**
 * The half of the gallery module's service that moves money: payouts, store payments, refunds, disputes, and the
 * outbox through which every provider call goes. `GalleryModuleService` (service.ts) extends it with the order's
 * lifecycle; the two are one service and one owner of the module's tables, split only to keep each file readable.
 * Each method takes its manager from the context and runs its concern's SQL, which lives in a file of its own.
 */
export class GallerySettlementService extends MedusaService({
  CartItem,
  GalleryOrder,
  ArtistOrder,
  ArtistOrderItem,
  ArtistOrderAddressChange,
  Payout,
  OrderTransition,
  OutboxMessage,
  StorePayment,
  StoreRefund,
  Refund,
  Return,
  LedgerEntry,
  Dispute,
}) {
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

  // ---- Store refunds (store-refunds.ts): artist-store orders' refunds, recorded under the store payment's row lock,
  // their money (one destination-charge refund) moved through the outbox.

  /** Records a planned store refund with its effects and outbox message, in one transaction (INVALID_DATA past a limit). */
  @InjectTransactionManager()
  async recordStoreRefund(
    input: RecordStoreRefundInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await storeRefunds.recordStoreRefund(this.manager_(sharedContext), input)
  }

  /** Stores the provider's refund id and transfer reversal of a store refund (first writer wins). */
  @InjectManager()
  async recordStoreProviderRefund(
    input: { refundId: string; providerRefundId: string; reversalId: string | null },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await storeRefunds.recordStoreProviderRefund(this.manager_(sharedContext), input)
  }

  /** pending -> succeeded with its ledger entry and outbox messages; false when no longer pending. */
  @InjectTransactionManager()
  async completeStoreRefund(
    input: { refundId: string; ledger: NewLedgerEntry[]; outbox: OutboxMessageInput[] },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    return await storeRefunds.completeStoreRefund(this.manager_(sharedContext), input)
  }

  /** Why a store refund's money could not be moved yet (it stays pending). */
  @InjectManager()
  async recordStoreRefundFailure(
    input: { refundId: string; reason: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await storeRefunds.recordStoreRefundFailure(this.manager_(sharedContext), input)
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

  /** A lost dispute's reversal of a store payment's destination transfer with its ledger entry, once; false when recorded before. */
  @InjectTransactionManager()
  async recordStoreDisputeReversal(
    input: disputes.StoreDisputeReversalRecord,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    return await disputes.recordStoreDisputeReversal(this.manager_(sharedContext), input)
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
    input: storePayments.MarkStorePaymentPaidInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    return await storePayments.markStorePaymentPaid(this.manager_(sharedContext), input)
  }

  /** A paid store payment's destination transfer id, looked up from the provider after settlement (never replaced). */
  @InjectManager()
  async recordStorePaymentTransfer(
    input: { id: string; transferId: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    return await storePayments.recordStorePaymentTransfer(this.manager_(sharedContext), input)
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
