import { model } from "@medusajs/framework/utils"

/**
 * An organization's outbound webhook endpoint (docs/outbound-webhooks.md, spec 5.7): where the events it subscribed to
 * are delivered, signed with `secret` (`whsec_...`, shown to the owner once; kept in clear because every delivery is
 * signed with it). `consecutive_failures` and `failing_since` (the first failed attempt since the last success) decide
 * the automatic disabling; `disabled_notified_at` records that the owners were emailed about it.
 */
export const WebhookEndpoint = model
  .define("platform_webhook_endpoint", {
    id: model.id({ prefix: "whep" }).primaryKey(),
    organization_id: model.text(),
    url: model.text(),
    description: model.text().nullable(),
    events: model.array(),
    secret: model.text(),
    status: model.enum(["enabled", "disabled"]).default("enabled"),
    disabled_at: model.dateTime().nullable(),
    /** `manual` (an owner disabled it) or `failing` (sustained failure). */
    disabled_reason: model.enum(["manual", "failing"]).nullable(),
    disabled_notified_at: model.dateTime().nullable(),
    consecutive_failures: model.number().default(0),
    failing_since: model.dateTime().nullable(),
  })
  .indexes([
    // The dispatch's "does this organization listen?" lookup, and the dashboard's list.
    { on: ["organization_id", "created_at"], where: "deleted_at IS NULL" },
  ])
