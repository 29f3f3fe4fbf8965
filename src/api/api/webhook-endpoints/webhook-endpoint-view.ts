type Time = Date | string | null

/** An endpoint as the dashboard shows it: never its secret (shown once, in the creation's answer). */
export function webhookEndpointView(endpoint: {
  id: string
  url: string
  description: string | null
  events: string[]
  status: string
  disabled_at: Time
  disabled_reason: string | null
  created_at: Date | string
  updated_at: Date | string
}) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    status: endpoint.status,
    disabled_at: endpoint.disabled_at,
    disabled_reason: endpoint.disabled_reason,
    created_at: endpoint.created_at,
    updated_at: endpoint.updated_at,
  }
}

export const WEBHOOK_ENDPOINT_VIEW_FIELDS = [
  "id",
  "url",
  "description",
  "events",
  "status",
  "disabled_at",
  "disabled_reason",
  "created_at",
  "updated_at",
] as const

/** A delivery in the log: the spec's fields, plus its status, event id, last error and redelivery origin. */
export function webhookDeliveryView(delivery: {
  id: string
  event_id: string
  event_type: string
  status: string
  attempt: number
  status_code: number | null
  duration_ms: number | null
  error: string | null
  next_retry_at: Time
  delivered_at: Time
  redelivery_of: string | null
  created_at: Date | string
}) {
  return {
    id: delivery.id,
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    status: delivery.status,
    attempt: delivery.attempt,
    status_code: delivery.status_code,
    duration_ms: delivery.duration_ms,
    error: delivery.error,
    next_retry_at: delivery.next_retry_at,
    delivered_at: delivery.delivered_at,
    redelivery_of: delivery.redelivery_of,
    created_at: delivery.created_at,
  }
}

export const WEBHOOK_DELIVERY_VIEW_FIELDS = [
  "id",
  "event_id",
  "event_type",
  "status",
  "attempt",
  "status_code",
  "duration_ms",
  "error",
  "next_retry_at",
  "delivered_at",
  "redelivery_of",
  "created_at",
] as const
