import { model } from "@medusajs/framework/utils"

export const REFUND_SOURCES = ["artist", "admin", "return", "provider"] as const
export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const
/** What the artist's share of a refund did to their payout: reversed from a sent transfer, or cut from an unsent one. */
export const REFUND_PAYOUT_ACTIONS = ["reversal", "reduction", "none"] as const

/** One refunded line of a refund by items. */
export type RefundedItem = { artist_order_item_id: string; quantity: number; unit_price_cents: number }

/**
 * A refund of (part of) one artist order of a gallery order (docs/refunds.md). Written with its effects on the artist
 * order, its items and, for an unsent payout, the payout and the ledger, in one transaction; the money then moves
 * through the outbox (`refund-money:{id}`): the customer's refund at the provider under the key `refund:{id}` and, for
 * a sent payout, the reversal of the artist's share under `refund-reversal:{id}`. `pending` until both are done.
 */
export const Refund = model
  .define("gallery_refund", {
    id: model.id({ prefix: "gref" }).primaryKey(),
    gallery_order_id: model.text(),
    artist_order_id: model.text(),
    organization_id: model.text(),
    source: model.enum([...REFUND_SOURCES]),
    reason: model.text(),
    items: model.json<RefundedItem[]>(),
    /** The parts of `amount_cents`: merchandise, shipping, the buyer's gallery fee and processing fee on them. */
    merchandise_cents: model.number(),
    shipping_cents: model.number(),
    gallery_fee_cents: model.number(),
    processing_fee_cents: model.number(),
    /** What the customer gets back. */
    amount_cents: model.number(),
    /** What comes back from the artist: 88 % of the merchandise plus the shipping (lib/refunds.ts). */
    artist_share_cents: model.number(),
    payout_action: model.enum([...REFUND_PAYOUT_ACTIONS]),
    status: model.enum([...REFUND_STATUSES]).default("pending"),
    provider_refund_id: model.text().nullable(),
    reversal_id: model.text().nullable(),
    /** The return whose receipt made this refund (source `return`). */
    return_id: model.text().nullable(),
    /** The user who asked for it (null: the provider's dashboard or a system process). */
    requested_by: model.text().nullable(),
    failure_reason: model.text().nullable(),
    refunded_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["artist_order_id"] }, { on: ["gallery_order_id"] }, { on: ["status"] }])
