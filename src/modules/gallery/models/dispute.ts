import { model } from "@medusajs/framework/utils"
import { DISPUTE_STATUSES, type DisputePlanItem } from "../../../lib/disputes"

/**
 * A payment dispute (a chargeback, or an inquiry) the provider opened on a gallery order's charge or an artist store's
 * payment (docs/disputes.md), keyed by the provider's dispute id: every `charge.dispute.*` event of one dispute writes
 * this one row. Opening it holds its gallery order's unsent payouts (`gallery_payout.held_at`); closing it won
 * releases them, closing it lost takes each artist's share back as planned in `loss_plan` (lib/disputes.ts
 * planDisputeLoss; a store payment's: planStoreDisputeReversal), each reversal recorded there with its ledger entry. Each change is written with its effects and
 * outbox messages in one transaction (disputes.ts).
 */
export const Dispute = model
  .define("gallery_dispute", {
    id: model.id({ prefix: "gdsp" }).primaryKey(),
    provider_dispute_id: model.text().unique(),
    gallery_order_id: model.text().nullable(),
    store_payment_id: model.text().nullable(),
    charge_id: model.text().nullable(),
    payment_intent_id: model.text().nullable(),
    amount_cents: model.number(),
    currency_code: model.text().default("usd"),
    reason: model.text(),
    status: model.enum([...DISPUTE_STATUSES]),
    evidence_due_by: model.dateTime().nullable(),
    opened_at: model.dateTime(),
    closed_at: model.dateTime().nullable(),
    /** `won` or `lost` once closed. */
    outcome: model.enum(["won", "lost"]).nullable(),
    /**
     * What a lost dispute takes from each payout (reversal or cut), or from a store payment's destination transfer
     * (`store_reversal`), and, per reversal, its provider id once made.
     */
    loss_plan: model.json<DisputePlanItem[]>().nullable(),
  })
  .indexes([{ on: ["status", "evidence_due_by"] }, { on: ["gallery_order_id"] }, { on: ["store_payment_id"] }])
