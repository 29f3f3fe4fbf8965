import { model } from "@medusajs/framework/utils"
import { CAMPAIGN_STATUSES } from "../../../lib/campaigns"

/**
 * An organization's email to a segment of its audience. `content` is the sanitised HTML. Status: draft -> scheduled
 * (send requested before `scheduled_at`) -> sending (recipients written) -> sent | failed. The `*_count` columns are
 * the stats, kept by the same statements that change the recipient rows. A delivery run holds `claimed_until`
 * (a lease) while it sends; a run that dies leaves the campaign to the next one after it.
 */
export const Campaign = model
  .define("marketing_campaign", {
    id: model.id({ prefix: "camp" }).primaryKey(),
    organization_id: model.text(),
    segment_id: model.text(),
    name: model.text(),
    subject: model.text(),
    content: model.text(),
    status: model.enum([...CAMPAIGN_STATUSES]).default("draft"),
    scheduled_at: model.dateTime().nullable(),
    send_started_at: model.dateTime().nullable(),
    sent_at: model.dateTime().nullable(),
    claimed_until: model.dateTime().nullable(),
    recipient_count: model.number().default(0),
    sent_count: model.number().default(0),
    failed_count: model.number().default(0),
    delivered_count: model.number().default(0),
    opened_count: model.number().default(0),
    clicked_count: model.number().default(0),
    bounced_count: model.number().default(0),
    complained_count: model.number().default(0),
  })
  .indexes([
    { on: ["organization_id", "created_at"], where: "deleted_at IS NULL" },
    { on: ["status", "scheduled_at"], where: "deleted_at IS NULL AND status IN ('scheduled', 'sending')" },
  ])
