import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context, Logger } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { DisputeFacts } from "../../lib/disputes"
import { errorMessage } from "../../lib/error-message"
import { operationsSettings, SHUTDOWN_TIMEOUT_MS_DEFAULT } from "../../lib/operations"
import { shutdownDeadline, shutdownStarted } from "../../lib/shutdown"
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
import { OutboxClaims } from "./outbox-claims"
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
  /** The outbox messages this process holds claimed, and whether it is stopping (outbox-claims.ts). */
  private readonly outboxClaims = new OutboxClaims()
  protected readonly logger_: Logger

  constructor(container: { logger: Logger }) {
    // Medusa's module services hand their constructor's arguments on as they came (as its own modules do).
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.logger_ = container.logger
  }

  /**
   * Medusa's module lifecycle hooks. `medusa start` runs `onApplicationPrepareShutdown` on SIGTERM and SIGINT, once its
   * HTTP server has finished its in-flight requests and before it closes the database pool and exits: the place
   * Medusa gives an app to stop its work (docs/operations.md, "Stopping"). The outbox stops there, alongside Medusa's
   * own workers (the Redis event bus and workflow engine close theirs in the same phase). Without a signal (a test
   * runner tearing the module down) it only stops claiming: there is no deadline to wait for, and the pool may be
   * closing already.
   */
  __hooks = {
    onApplicationPrepareShutdown: async () => {
      if (!shutdownStarted()) return void (await this.outboxClaims.stop(0))
      let timeoutMs = SHUTDOWN_TIMEOUT_MS_DEFAULT
      try {
        timeoutMs = operationsSettings(process.env).shutdownTimeoutMs
      } catch {
        // medusa-config refuses a malformed value at boot; the default stands in if it changed since.
      }
      const logger = this.logger_
      try {
        const givenBack = await this.stopOutboxDispatch(shutdownDeadline(timeoutMs))
        if (givenBack) logger?.warn(`outbox: stopped with ${givenBack} message(s) unfinished: given back, due at once`)
      } catch (error) {
        logger?.error(`outbox: the messages held while stopping could not be given back (due when their lease ends): ${errorMessage(error)}`)
      }
    },
  }

  /**
   * Stops this process's outbox dispatch: no new claim; the handlers running now are waited for until `deadline` (ms
   * since the epoch); the messages still held then are given back, due at once. Resolves to how many were given back.
   */
  async stopOutboxDispatch(deadline: number): Promise<number> {
    const unfinished = await this.outboxClaims.stop(deadline)
    await this.returnOutboxMessages(unfinished)
    return unfinished.length
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
    // A process that stops claims nothing more (stopOutboxDispatch): what is due is left for the others.
    if (this.outboxClaims.isStopping) return []
    const ids = this.outboxClaims.claiming()
    const messages = await outbox.claimOutboxMessages(this.manager_(sharedContext), input).catch((error: unknown) => {
      ids.done([])
      throw error
    })
    ids.done(messages.map((m) => m.id))
    // It began to stop while this claim ran: the claim goes back at once.
    if (this.outboxClaims.isStopping && messages.length) {
      await this.returnOutboxMessages(messages.map((m) => m.id))
      return []
    }
    return messages
  }

  /** Whether this process is stopping: a dispatcher starts no more handlers (it gives their messages back). */
  isOutboxStopping(): boolean {
    return this.outboxClaims.isStopping
  }

  /**
   * Claimed messages given back unfinished, due again at once (outbox.ts): by a dispatcher that stops before it ran
   * their handler, or by the shutdown for handlers still running when its time ran out.
   */
  @InjectManager()
  async returnOutboxMessages(ids: string[], @MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<void> {
    try {
      await outbox.returnOutboxMessages(this.manager_(sharedContext), ids)
    } finally {
      this.outboxClaims.finish(ids)
    }
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
    try {
      await outbox.markOutboxMessagesDelivered(this.manager_(sharedContext), ids)
    } finally {
      this.outboxClaims.finish(ids)
    }
  }

  /** A claimed message's handler failed: it is due again after `retryInSeconds`, with the reason kept. */
  @InjectManager()
  async releaseOutboxMessage(
    input: { id: string; error: string; retryInSeconds: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    try {
      await outbox.releaseOutboxMessage(this.manager_(sharedContext), input)
    } finally {
      this.outboxClaims.finish([input.id])
    }
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
