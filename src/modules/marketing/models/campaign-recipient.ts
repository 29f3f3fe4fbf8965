import { model } from "@medusajs/framework/utils"
import { CAMPAIGN_RECIPIENT_STATUSES } from "../../../lib/campaigns"

/**
 * One address of a campaign, written when the campaign starts sending (the segment's audience at that moment, one
 * row per address: the unique index is what keeps a campaign from reaching anyone twice). `message_id` is the email
 * provider's id of the email (the notification's `external_id`), which the provider's events name; the `*_at`
 * columns record the first event of each kind.
 */
export const CampaignRecipient = model
  .define("marketing_campaign_recipient", {
    id: model.id({ prefix: "crec" }).primaryKey(),
    campaign_id: model.text(),
    organization_id: model.text(),
    email: model.text(),
    status: model.enum([...CAMPAIGN_RECIPIENT_STATUSES]).default("pending"),
    attempts: model.number().default(0),
    last_error: model.text().nullable(),
    notification_id: model.text().nullable(),
    message_id: model.text().nullable(),
    sent_at: model.dateTime().nullable(),
    delivered_at: model.dateTime().nullable(),
    opened_at: model.dateTime().nullable(),
    clicked_at: model.dateTime().nullable(),
    bounced_at: model.dateTime().nullable(),
    complained_at: model.dateTime().nullable(),
    open_count: model.number().default(0),
    click_count: model.number().default(0),
  })
  .indexes([
    { on: ["campaign_id", "email"], unique: true, where: "deleted_at IS NULL" },
    { on: ["campaign_id", "status"], where: "deleted_at IS NULL" },
    { on: ["message_id"], where: "deleted_at IS NULL AND message_id IS NOT NULL" },
  ])
