import { model } from "@medusajs/framework/utils"

export const SUPPRESSION_REASONS = ["unsubscribed", "bounced", "complained"] as const
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number]

/** An address an organization must not email again (it unsubscribed from that store, bounced or complained). */
export const EmailSuppression = model
  .define("email_suppression", {
    id: model.id({ prefix: "esup" }).primaryKey(),
    organization_id: model.text(),
    email: model.text(),
    reason: model.enum([...SUPPRESSION_REASONS]),
  })
  .indexes([{ on: ["organization_id", "email"], unique: true, where: "deleted_at IS NULL" }])
