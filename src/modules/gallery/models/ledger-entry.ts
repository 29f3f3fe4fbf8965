import { model } from "@medusajs/framework/utils"
import { LEDGER_ENTRY_KINDS } from "../../../lib/ledger"

/**
 * One money movement of an organization (docs/payouts-ledger.md): written in the statement or transaction of the
 * movement it records, never updated or deleted (a database trigger refuses both). `earned_cents` and `sent_cents`
 * are what the entry does to the artist's earnings and to the money sent to their account (lib/ledger.ts);
 * `amount_cents` is its size, always positive. `entry_key` names the movement (`{kind}:{record id}`), so a replayed
 * movement writes nothing twice.
 */
export const LedgerEntry = model
  .define("gallery_ledger_entry", {
    id: model.id({ prefix: "led" }).primaryKey(),
    entry_key: model.text().unique(),
    organization_id: model.text(),
    kind: model.enum([...LEDGER_ENTRY_KINDS]),
    amount_cents: model.number(),
    earned_cents: model.number(),
    sent_cents: model.number(),
    currency_code: model.text().default("usd"),
    gallery_order_id: model.text().nullable(),
    artist_order_id: model.text().nullable(),
    store_payment_id: model.text().nullable(),
    payout_id: model.text().nullable(),
    refund_id: model.text().nullable(),
    dispute_id: model.text().nullable(),
    /** The provider's id of the movement (`tr_`, `trr_`, `pi_`), when there is one. */
    reference: model.text().nullable(),
    description: model.text(),
    occurred_at: model.dateTime(),
  })
  .indexes([
    { on: ["organization_id", "occurred_at", "id"] },
    { on: ["gallery_order_id"] },
    { on: ["store_payment_id"] },
  ])
