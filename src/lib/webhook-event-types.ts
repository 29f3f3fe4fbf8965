// The outbound webhooks' event types (docs/outbound-webhooks.md), apart from src/lib/webhooks.ts so that the
// dashboard's bundle can list them without Node's crypto.
export const WEBHOOK_EVENT_TYPES = [
  "order.created",
  "order.paid",
  "order.shipped",
  "order.cancelled",
  "order.refunded",
  "return.requested",
  "return.accepted",
  "return.refused",
  "product.created",
  "product.updated",
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === "string" && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value)
}
