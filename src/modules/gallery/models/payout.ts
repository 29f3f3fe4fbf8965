import { model } from "@medusajs/framework/utils"

/**
 * The money owed to an artist for one artist order: a Stripe Connect transfer once the payment succeeded.
 * `pending` waits for a usable connected account; one row per artist order, so a transfer is never made twice.
 * The payouts job's attempts are counted here: it backs off until `next_attempt_at`, alerts the administrators once
 * (`failure_alerted_at`) when a payout has been failing for a day since `first_attempted_at`.
 */
export const Payout = model
  .define("gallery_payout", {
    id: model.id({ prefix: "pay" }).primaryKey(),
    artist_order_id: model.text().unique(),
    gallery_order_id: model.text(),
    organization_id: model.text(),
    amount_cents: model.number(),
    status: model.enum(["pending", "transferred", "reversed", "failed"]).default("pending"),
    destination: model.text().nullable(),
    transfer_id: model.text().nullable(),
    reversal_id: model.text().nullable(),
    failure_reason: model.text().nullable(),
    transferred_at: model.dateTime().nullable(),
    reversed_at: model.dateTime().nullable(),
    attempt_count: model.number().default(0),
    first_attempted_at: model.dateTime().nullable(),
    next_attempt_at: model.dateTime().nullable(),
    failure_alerted_at: model.dateTime().nullable(),
    /** Set while an open dispute of its gallery order holds the payout back (docs/refunds.md, "Disputes"). */
    held_at: model.dateTime().nullable(),
    held_reason: model.text().nullable(),
  })
  .indexes([{ on: ["status"] }, { on: ["gallery_order_id"] }, { on: ["organization_id"] }])
