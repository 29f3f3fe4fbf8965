import { model } from "@medusajs/framework/utils"

/**
 * One event to one endpoint: the durable queue of outbound webhooks and their log (docs/outbound-webhooks.md).
 * `payload` holds the exact body (signed anew, with a new timestamp, on every attempt). `pending` deliveries are due
 * at `next_retry_at` (also the lease of a claimed attempt: a process that dies mid-attempt leaves it due again then);
 * `attempt` counts the attempts made; `status_code`, `duration_ms` and `error` describe the last one. `event_key`
 * (one per event and resource, e.g. `order.paid:order_123`) makes a replayed cause queue nothing twice; a manual
 * redelivery is a new row (`redelivery_of`) with the same event id and body.
 */
export const WebhookDelivery = model
  .define("platform_webhook_delivery", {
    id: model.id({ prefix: "whdel" }).primaryKey(),
    endpoint_id: model.text(),
    organization_id: model.text(),
    event_id: model.text(),
    event_type: model.text(),
    event_key: model.text().nullable(),
    payload: model.text(),
    status: model.enum(["pending", "succeeded", "failed"]).default("pending"),
    attempt: model.number().default(0),
    status_code: model.number().nullable(),
    duration_ms: model.number().nullable(),
    error: model.text().nullable(),
    next_retry_at: model.dateTime().nullable(),
    last_attempt_at: model.dateTime().nullable(),
    delivered_at: model.dateTime().nullable(),
    redelivery_of: model.text().nullable(),
  })
  .indexes([
    // The delivery job's claim: due pending deliveries, oldest first.
    { on: ["next_retry_at"], where: "status = 'pending' AND deleted_at IS NULL" },
    // The log, newest first.
    { on: ["endpoint_id", "created_at"], where: "deleted_at IS NULL" },
    { on: ["endpoint_id", "event_key"], unique: true, where: "event_key IS NOT NULL AND deleted_at IS NULL" },
  ])
