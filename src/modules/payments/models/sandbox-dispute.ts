import { model } from "@medusajs/framework/utils"

/**
 * A dispute of a local charge (the sandbox's stand-in for a Stripe dispute, docs/disputes.md): opened by
 * `POST /api/sandbox/payment-intents/{id}/dispute`, closed won or lost by `.../dispute/close`. One per charge, as
 * Stripe allows.
 */
export const SandboxDispute = model.define("sandbox_dispute", {
  id: model.id({ prefix: "du" }).primaryKey(),
  payment_intent_id: model.text(),
  charge_id: model.text().unique(),
  amount: model.number(),
  currency: model.text(),
  reason: model.text(),
  status: model.enum(["needs_response", "under_review", "won", "lost"]).default("needs_response"),
  evidence_due_by: model.dateTime(),
  closed_at: model.dateTime().nullable(),
})
