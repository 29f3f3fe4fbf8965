/**
 * The statements of the outbound webhook queue (platform service, docs/outbound-webhooks.md). Arrays are bound as
 * PostgreSQL arrays (`?::text[]`), so these run on the manager's knex (`sqlKnex`), never through `manager.execute`
 * (which inlines bindings into the text).
 */

/** Enabled endpoints of these organizations (`?::text[]`) that subscribed to any of these types (`?::text[]`). */
export const LISTENING_ENDPOINTS_SQL = `
SELECT id, organization_id, events FROM platform_webhook_endpoint
WHERE organization_id = ANY(?::text[]) AND status = 'enabled' AND deleted_at IS NULL AND events && ?::text[]`

/**
 * Queues deliveries (a JSON array of rows); a row whose (endpoint, event_key) is queued already is skipped, so a
 * replayed cause queues nothing twice. Returns the ids queued.
 */
export const QUEUE_DELIVERIES_SQL = `
INSERT INTO platform_webhook_delivery
  (id, endpoint_id, organization_id, event_id, event_type, event_key, payload, status, attempt, next_retry_at,
   redelivery_of, created_at, updated_at)
SELECT r.id, r.endpoint_id, r.organization_id, r.event_id, r.event_type, r.event_key, r.payload, 'pending', 0,
       ?::timestamptz, r.redelivery_of, now(), now()
FROM jsonb_to_recordset(?::jsonb) AS r(id text, endpoint_id text, organization_id text, event_id text, event_type text,
                                       event_key text, payload text, redelivery_of text)
ON CONFLICT DO NOTHING
RETURNING id`

/**
 * Claims up to `limit` due deliveries of enabled endpoints (bindings: lease end, now, now, limit): each gets its attempt
 * number and a lease (next_retry_at = lease end), so concurrent claimers never share one and a claimer that dies
 * leaves it due again when the lease ends. Returns what an attempt needs, the endpoint's URL and secret included.
 */
export const CLAIM_DELIVERIES_SQL = `
UPDATE platform_webhook_delivery d
SET attempt = d.attempt + 1, next_retry_at = ?::timestamptz, last_attempt_at = ?::timestamptz, updated_at = now()
FROM (
  SELECT d.id, e.url, e.secret
  FROM platform_webhook_delivery d
  JOIN platform_webhook_endpoint e ON e.id = d.endpoint_id AND e.status = 'enabled' AND e.deleted_at IS NULL
  WHERE d.status = 'pending' AND d.deleted_at IS NULL AND d.next_retry_at <= ?::timestamptz
  ORDER BY d.next_retry_at, d.id
  LIMIT ?
  FOR UPDATE OF d SKIP LOCKED
) due
WHERE d.id = due.id
RETURNING d.id, d.endpoint_id, d.organization_id, d.event_id, d.event_type, d.payload, d.attempt, due.url, due.secret`

/** Records a claimed attempt's outcome, only while the claim is still this attempt's (bindings in the order used). */
export const RECORD_ATTEMPT_SQL = `
UPDATE platform_webhook_delivery
SET status = ?, status_code = ?, duration_ms = ?, error = ?, next_retry_at = ?::timestamptz,
    delivered_at = ?::timestamptz, updated_at = now()
WHERE id = ? AND attempt = ? AND status = 'pending' AND deleted_at IS NULL
RETURNING id, endpoint_id`

/** An endpoint's failure streak after a success (reset) or a failure (one more; the streak's start kept). */
export const ENDPOINT_SUCCESS_SQL = `
UPDATE platform_webhook_endpoint SET consecutive_failures = 0, failing_since = NULL, updated_at = now()
WHERE id = ? AND (consecutive_failures <> 0 OR failing_since IS NOT NULL)`

export const ENDPOINT_FAILURE_SQL = `
UPDATE platform_webhook_endpoint
SET consecutive_failures = consecutive_failures + 1, failing_since = coalesce(failing_since, ?::timestamptz), updated_at = now()
WHERE id = ? AND deleted_at IS NULL
RETURNING id, status, consecutive_failures, failing_since`

/** Disables an enabled endpoint (bindings: at, reason, id). */
export const DISABLE_ENDPOINT_SQL = `
UPDATE platform_webhook_endpoint
SET status = 'disabled', disabled_at = ?::timestamptz, disabled_reason = ?, disabled_notified_at = NULL, updated_at = now()
WHERE id = ? AND status = 'enabled' AND deleted_at IS NULL
RETURNING id`

/** The pending deliveries of an endpoint that stopped (disabled or deleted) fail with `error` (bindings: error, id). */
export const FAIL_PENDING_DELIVERIES_SQL = `
UPDATE platform_webhook_delivery SET status = 'failed', next_retry_at = NULL, error = ?, updated_at = now()
WHERE endpoint_id = ? AND status = 'pending' AND deleted_at IS NULL`
