import { model } from "@medusajs/framework/utils"
import { SandboxTransferReversal } from "./sandbox-transfer-reversal"

/** A transfer of the local gateway to a connected account, funded by a local charge (source_transaction). */
export const SandboxTransfer = model
  .define("sandbox_transfer", {
    id: model.id({ prefix: "tr" }).primaryKey(),
    amount: model.number(),
    currency: model.text(),
    destination: model.text(),
    transfer_group: model.text().nullable(),
    source_transaction: model.text(),
    metadata: model.json<Record<string, string>>().nullable(),
    amount_reversed: model.number().default(0),
    idempotency_key: model.text().unique(),
    request_hash: model.text(),
    reversals: model.hasMany(() => SandboxTransferReversal, { mappedBy: "transfer" }),
  })
  .indexes([{ on: ["source_transaction"] }, { on: ["transfer_group"] }])
