import { model } from "@medusajs/framework/utils"
import type { StoreRefundedItem } from "../../../lib/store-refunds"
import { REFUND_SOURCES, REFUND_STATUSES } from "./refund"

/**
 * A refund of (part of) an artist-store order (docs/refunds.md, "Store orders"): the store payment's destination
 * charge refunded with one provider call that reverses the artist's transfer and returns the application fee in
 * proportion. Written with the store payment's refunded amounts and per-line quantities and the outbox message that
 * moves the money (`refund-money:{id}`, provider key `refund-{id}`), in one transaction; `pending` until the provider
 * refunded it, then `succeeded` with the artist's reversal in the ledger.
 */
export const StoreRefund = model
  .define("store_refund", {
    id: model.id({ prefix: "sref" }).primaryKey(),
    store_payment_id: model.text(),
    /** The Medusa order the store payment became. */
    order_id: model.text(),
    organization_id: model.text(),
    source: model.enum([...REFUND_SOURCES]),
    reason: model.text(),
    items: model.json<StoreRefundedItem[]>(),
    /** The parts of `amount_cents`: merchandise and shipping. */
    merchandise_cents: model.number(),
    shipping_cents: model.number(),
    /** What the customer gets back. */
    amount_cents: model.number(),
    /** The application fee the platform returns with it (in proportion; the last refund returns the rest). */
    application_fee_cents: model.number(),
    /** What comes back from the artist's account: amount − the returned application fee. */
    artist_share_cents: model.number(),
    status: model.enum([...REFUND_STATUSES]).default("pending"),
    provider_refund_id: model.text().nullable(),
    /** The provider's reversal of the artist's transfer made by that refund (Stripe's `transfer_reversal`). */
    reversal_id: model.text().nullable(),
    requested_by: model.text().nullable(),
    failure_reason: model.text().nullable(),
    refunded_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["store_payment_id"] }, { on: ["status"] }])
