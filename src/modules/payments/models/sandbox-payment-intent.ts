import { model } from "@medusajs/framework/utils"
import { SandboxRefund } from "./sandbox-refund"

export const SANDBOX_INTENT_STATUSES = ["requires_payment_method", "succeeded"] as const
export type SandboxIntentStatus = (typeof SANDBOX_INTENT_STATUSES)[number]

/**
 * A payment intent of the local (offline) gateway, shaped like Stripe's: written through raw SQL by the
 * local gateway so that idempotency and locking are enforced by the database, across processes.
 */
export const SandboxPaymentIntent = model
  .define("sandbox_payment_intent", {
    id: model.id({ prefix: "pi" }).primaryKey(),
    client_secret: model.text(),
    amount: model.number(),
    currency: model.text(),
    status: model.enum([...SANDBOX_INTENT_STATUSES]).default("requires_payment_method"),
    transfer_group: model.text().nullable(),
    receipt_email: model.text().nullable(),
    metadata: model.json<Record<string, string>>().nullable(),
    /** A destination charge's platform fee and connected account (an artist's own store); null for the gallery. */
    application_fee_amount: model.number().nullable(),
    transfer_destination: model.text().nullable(),
    /** `ch_...`, set when a confirmation succeeds; transfers name it as their source_transaction. */
    charge_id: model.text().unique().nullable(),
    payment_method: model.text().nullable(),
    /** Message of the last declined confirmation (Stripe's last_payment_error). */
    last_error: model.text().nullable(),
    /** Cents transferred so far with this charge as their source_transaction; never more than `amount` (checked). */
    transferred_amount: model.number().default(0),
    idempotency_key: model.text().unique(),
    /** Hash of the creating request's parameters: a replayed key with other parameters is refused. */
    request_hash: model.text(),
    refunds: model.hasMany(() => SandboxRefund, { mappedBy: "payment_intent" }),
  })
  .checks([
    {
      name: "sandbox_payment_intent_transfers_within_amount",
      expression: (columns) => `${columns.transferred_amount} <= ${columns.amount}`,
    },
  ])
