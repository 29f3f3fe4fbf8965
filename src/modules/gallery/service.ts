import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import type { OutboxMessageInput } from "../../lib/outbox"
import * as addresses from "./addresses"
import type { ArtistAddressOutcome } from "./addresses"
import * as cart from "./cart"
import type { AddCartItemResult, CartItemRow } from "./cart"
import * as checkout from "./checkout"
import type { CheckoutOrderInput, CreatedCheckoutOrder, MarkOrderPaidResult } from "./checkout"
import * as fulfilment from "./fulfilment"
import type {
  ArtistOrderStatusChangeRecord,
  MarkOrderCancelledResult,
  ShipArtistOrderInput,
  ShippedArtistOrderRecord,
} from "./fulfilment"
import type { NewLedgerEntry } from "./ledger"
import type { NewOutboxMessage } from "./outbox"
import type { NewPayoutInput } from "./payouts"
import * as returns from "./returns"
import type { MoveReturnInput, RequestReturnInput, ReturnRecord } from "./returns"
import { GallerySettlementService } from "./settlement-service"

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
export type { ProviderRefund, RecordRefundInput } from "./refunds"
export type { RecordStoreRefundInput } from "./store-refunds"
export type { DisputeChange } from "./disputes"
export type { MoveReturnInput, RequestReturnInput, ReturnRecord } from "./returns"

/**
 * Gallery module: cart items, parent and artist orders, items, payouts, transitions, store payments, refunds,
 * returns, disputes, the ledger and the outbox.
 *
 * The generated CRUD methods (MedusaService) serve tooling and tests. The order lifecycle writes below are custom,
 * each ONE SQL statement (data-modifying CTEs): PostgreSQL runs a statement atomically (its own transaction, or
 * the caller's when a transactionManager is passed in the context), so an order is never half-written, without
 * the two extra round trips of BEGIN/COMMIT on these hot paths. A status guard (`WHERE status = 'pending'`) makes
 * every transition idempotent, even across processes.
 *
 * This class is the module's one service and owner of its tables. It holds the order's lifecycle (checkout, cart,
 * addresses, fulfilment, returns) and extends the half that moves money (settlement-service.ts: payouts, store
 * payments, refunds, disputes, outbox). Each method takes its manager from the context (@InjectManager, or
 * @InjectTransactionManager for the writes that lock rows) and runs the concern's SQL, which lives in a file of its
 * own, documented there.
 */
class GalleryModuleService extends GallerySettlementService {
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

}

export default GalleryModuleService
