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
  payment_intent: model.belongsTo(() => SandboxPaymentIntent, { mappedBy: "refunds" }),
})
