import { model } from "@medusajs/framework/utils"
import { SandboxPaymentIntent } from "./sandbox-payment-intent"

/** A refund of a local intent's charge. Local refunds succeed at once. */
export const SandboxRefund = model.define("sandbox_refund", {
  id: model.id({ prefix: "re" }).primaryKey(),
  amount: model.number(),
  status: model.text().default("succeeded"),
  charge_id: model.text(),
  idempotency_key: model.text().unique(),
  request_hash: model.text(),
  /**
   * A destination charge's refund (`reverse_transfer` and `refund_application_fee`): the application fee it returned,
   * and the reversal of the connected account's transfer it made (id and amount). Null for other refunds.
   */
  reverse_transfer: model.boolean().default(false),
  refund_application_fee: model.boolean().default(false),
  application_fee_refunded: model.number().nullable(),
  transfer_reversal_id: model.text().nullable(),
  transfer_reversal_amount: model.number().nullable(),
  payment_intent: model.belongsTo(() => SandboxPaymentIntent, { mappedBy: "refunds" }),
})
