import { model } from "@medusajs/framework/utils"
import { Referral } from "./referral"

export const REFERRAL_ORDER_TYPES = ["gallery", "store"] as const
export type ReferralOrderType = (typeof REFERRAL_ORDER_TYPES)[number]

/**
 * A purchase credited to a referral: a gallery order id or a Medusa (artist store) order id, the referred
 * organization's share of it in cents, and when it happened. Unique per (referral, order): a replay never counts twice.
 */
export const ReferralConversion = model
  .define("referral_conversion", {
    id: model.id({ prefix: "rconv" }).primaryKey(),
    order_id: model.text(),
    order_type: model.enum([...REFERRAL_ORDER_TYPES]),
    amount_cents: model.number(),
    converted_at: model.dateTime(),
    referral: model.belongsTo(() => Referral, { mappedBy: "conversions" }),
  })
  .indexes([
    { on: ["referral_id", "order_id"], unique: true },
    // A replay looks the order up: an organization's share of an order is credited once.
    { on: ["order_id"] },
    { on: ["converted_at"] },
  ])
