import { model } from "@medusajs/framework/utils"

/** Webhook events already handled, by provider event id: the unique index makes de-duplication race-safe. */
export const ProcessedWebhookEvent = model.define("processed_webhook_event", {
  id: model.id({ prefix: "whevt" }).primaryKey(),
  event_id: model.text().unique(),
  type: model.text(),
  processed_at: model.dateTime(),
})
