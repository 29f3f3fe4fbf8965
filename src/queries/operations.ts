import { PAID_OR_LATER } from "./gallery-orders"
import { toKnex, type PgSource } from "./pg"

/**
 * What an operator's scrape and readiness probe read from the database (docs/operations.md). Each is one statement,
 * read at scrape or probe time only (never per request), and every part of it is answered from a partial index
 * over the rows still waiting (undelivered outbox messages, pending payouts, pending webhook deliveries, recipients
 * of sending campaigns), so its cost follows the backlog, not the history the tables keep.
 */

/** One kind (handler) of undelivered outbox messages. */
export type OutboxBacklog = { kind: string; undelivered: number; failing: number; oldest_age_seconds: number }

export type OperationsFigures = {
  outbox: OutboxBacklog[]
  payouts_pending: number
  payouts_failing: number
  /** Seconds since the oldest paid order with a payout due for transfer was paid; null when none. */
  settlement_lag_seconds: number | null
  webhook_deliveries_pending: number
  webhook_deliveries_failing: number
  webhook_oldest_failing_age_seconds: number | null
  campaign_recipients_waiting: number
}

/**
 * The outbox's backlog per kind: the undelivered rows are exactly those of the partial index
 * `IDX_gallery_outbox_message_available_at` (`WHERE delivered_at IS NULL AND deleted_at IS NULL`), which the
 * delivered messages the table keeps forever never enter. The age is the message's, since it was queued (a message
 * backing off after failures keeps ageing).
 */
const OUTBOX_BACKLOG = `SELECT handler AS kind, count(*)::int AS undelivered,
           count(*) FILTER (WHERE last_error IS NOT NULL)::int AS failing,
           extract(epoch FROM now() - min(created_at))::float8 AS oldest_age_seconds
    FROM gallery_outbox_message
    WHERE delivered_at IS NULL AND deleted_at IS NULL
    GROUP BY handler`

/**
 * Payouts of paid (not cancelled) orders still pending, from the `status` index; those failing have a recorded
 * failure. The settlement lag counts only the payouts the system owes now: not held by a dispute, of an organization
 * whose account can receive transfers (a payout waiting for its artist's onboarding is the artist's wait, counted in
 * `payouts_pending` only) — the same rule as the payouts job's `listTransferablePayouts`.
 */
const FIGURES = `WITH outbox AS (${OUTBOX_BACKLOG}),
  payouts AS (
    SELECT count(*)::int AS pending,
           count(*) FILTER (WHERE p.failure_reason IS NOT NULL)::int AS failing,
           extract(epoch FROM now() - min(o.paid_at) FILTER (
             WHERE p.held_at IS NULL AND p.amount_cents > 0
               AND org.stripe_account_id IS NOT NULL AND org.stripe_account_id <> ''
               AND org.payouts_enabled AND org.transfers_active
           ))::float8 AS settlement_lag_seconds
    FROM gallery_payout p
    JOIN gallery_order o ON o.id = p.gallery_order_id AND o.deleted_at IS NULL
    LEFT JOIN organization org ON org.id = p.organization_id AND org.deleted_at IS NULL
    WHERE p.status = 'pending' AND p.deleted_at IS NULL AND o.status = ANY(?::text[])
  ),
  webhooks AS (
    SELECT count(*)::int AS pending,
           count(*) FILTER (WHERE attempt > 0)::int AS failing,
           extract(epoch FROM now() - min(created_at) FILTER (WHERE attempt > 0))::float8 AS oldest_failing_age_seconds
    FROM platform_webhook_delivery
    WHERE status = 'pending' AND deleted_at IS NULL
  ),
  campaigns AS (
    SELECT count(r.id)::int AS waiting
    FROM marketing_campaign c
    JOIN marketing_campaign_recipient r ON r.campaign_id = c.id AND r.status = 'pending' AND r.deleted_at IS NULL
    WHERE c.status = 'sending' AND c.deleted_at IS NULL
  )
SELECT (SELECT coalesce(json_agg(outbox ORDER BY outbox.kind), '[]'::json) FROM outbox) AS outbox,
       payouts.pending AS payouts_pending, payouts.failing AS payouts_failing, payouts.settlement_lag_seconds,
       webhooks.pending AS webhook_deliveries_pending, webhooks.failing AS webhook_deliveries_failing,
       webhooks.oldest_failing_age_seconds AS webhook_oldest_failing_age_seconds,
       campaigns.waiting AS campaign_recipients_waiting
FROM payouts, webhooks, campaigns`

/** Every figure of the scrape, in one statement; cancelled on the server after `timeoutMs`. */
export async function readOperationsFigures(source: PgSource, timeoutMs: number): Promise<OperationsFigures> {
  const { rows } = await toKnex(source).raw(FIGURES, [[...PAID_OR_LATER]]).timeout(timeoutMs, { cancel: true })
  const row = rows[0] as OperationsFigures & { outbox: OutboxBacklog[] | string }
  const outbox = typeof row.outbox === "string" ? (JSON.parse(row.outbox) as OutboxBacklog[]) : row.outbox
  return { ...row, outbox }
}

/** The outbox's backlog per kind alone (the same index), e.g. to look at its plan. */
export function outboxBacklogStatement(): string {
  return OUTBOX_BACKLOG
}

/** Age in seconds of the oldest undelivered outbox message (null: none), from the undelivered messages' index. */
export async function oldestUndeliveredOutboxAgeSeconds(source: PgSource, timeoutMs: number): Promise<number | null> {
  const { rows } = await toKnex(source)
    .raw(
      `SELECT extract(epoch FROM now() - min(created_at))::float8 AS age
       FROM gallery_outbox_message
       WHERE delivered_at IS NULL AND deleted_at IS NULL`
    )
    .timeout(timeoutMs, { cancel: true })
  const age = rows[0]?.age
  return age === null || age === undefined ? null : Number(age)
}

/** One round trip to PostgreSQL. */
export async function pingDatabase(source: PgSource, timeoutMs: number): Promise<void> {
  await toKnex(source).raw("SELECT 1").timeout(timeoutMs, { cancel: true })
}
