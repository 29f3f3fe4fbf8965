import { model } from "@medusajs/framework/utils"
import { ReferralConversion } from "./referral-conversion"

/**
 * An anonymous gallery visitor (the `gallery_ref` cookie's UUID) sent to an artist's store. Valid 30 days:
 * `expires_at` = `created_at` + 30 days, both set when it is tracked. No name, email, address or IP is stored.
 */
export const Referral = model
  .define("referral", {
    id: model.id({ prefix: "ref" }).primaryKey(),
    organization_id: model.text(),
    session_id: model.text(),
    expires_at: model.dateTime(),
    conversions: model.hasMany(() => ReferralConversion, { mappedBy: "referral" }),
  })
  .cascades({ delete: ["conversions"] })
  .indexes([{ on: ["session_id"] }, { on: ["organization_id", "created_at"] }])
