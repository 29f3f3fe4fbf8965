import { model } from "@medusajs/framework/utils"
import { SandboxTransfer } from "./sandbox-transfer"

/** A (partial) reversal of a local transfer. */
export const SandboxTransferReversal = model.define("sandbox_transfer_reversal", {
  id: model.id({ prefix: "trr" }).primaryKey(),
  amount: model.number(),
  idempotency_key: model.text().unique(),
  request_hash: model.text(),
  transfer: model.belongsTo(() => SandboxTransfer, { mappedBy: "reversals" }),
})
