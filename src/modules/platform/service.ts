import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import { entityId } from "../../lib/entity-id"
import {
  isSuccessfulWebhookStatus,
  shouldDisableWebhookEndpoint,
  webhookRetryDelaySeconds,
} from "../../lib/webhooks"
import { sqlKnex, sqlManager } from "../common/sql-manager"
import { PlatformApiKey } from "./models/platform-api-key"
import { SandboxOrganization } from "./models/sandbox-organization"
import { WebhookDelivery } from "./models/webhook-delivery"
import { WebhookEndpoint } from "./models/webhook-endpoint"
import {
  CLAIM_DELIVERIES_SQL,
  DISABLE_ENDPOINT_SQL,
  ENDPOINT_FAILURE_SQL,
  ENDPOINT_SUCCESS_SQL,
  FAIL_PENDING_DELIVERIES_SQL,
  LISTENING_ENDPOINTS_SQL,
  QUEUE_DELIVERIES_SQL,
  RECORD_ATTEMPT_SQL,
} from "./webhook-sql"

/** How stale `last_used_at` may get: a key used all day costs one write a minute, not one per request. */
export const LAST_USED_RESOLUTION_MS = 60_000

/** An event to queue for every enabled endpoint of its organization that subscribed to its type. */
export type WebhookEventToQueue = {
  organization_id: string
  type: string
  /** One per event and resource (`order.paid:order_1`): queued once per endpoint; null for events that may repeat. */
  key: string | null
  event_id: string
  /** The serialized event, the exact body of every attempt. */
  payload: string
}

/** A delivery claimed for one attempt, with what that attempt needs. */
export type ClaimedWebhookDelivery = {
  id: string
  endpoint_id: string
  organization_id: string
  event_id: string
  event_type: string
  payload: string
  attempt: number
  url: string
  secret: string
}

/** What one attempt gave: a status code (null when no response came), its duration, and why it failed. */
export type WebhookAttemptOutcome = { statusCode: number | null; durationMs: number; error: string | null }

/** Why the pending deliveries of an endpoint failed without being attempted again. */
export const WEBHOOK_STOPPED_ERRORS = {
  disabled: "Endpoint disabled",
  deleted: "Endpoint deleted",
} as const

/**
 * Platform module: API keys of the platform API and the sandbox organizations they may act on; organizations' outbound
 * webhook endpoints and the durable queue of their deliveries (docs/outbound-webhooks.md).
 */
class PlatformModuleService extends MedusaService({
  PlatformApiKey,
  SandboxOrganization,
  WebhookEndpoint,
  WebhookDelivery,
}) {
  /**
   * Records that a key was used at `at`, unless it was recorded less than LAST_USED_RESOLUTION_MS before (so that
   * concurrent requests and several processes write at most about once a minute per key). True when written.
   */
  @InjectManager()
  async touchApiKey(id: string, at: Date, @MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<boolean> {
    const rows: unknown[] = await sqlManager(sharedContext).execute(
      `UPDATE platform_api_key SET last_used_at = ? WHERE id = ? AND revoked_at IS NULL
         AND (last_used_at IS NULL OR last_used_at <= ?::timestamptz - make_interval(secs => ?)) RETURNING id`,
      [at.toISOString(), id, at.toISOString(), LAST_USED_RESOLUTION_MS / 1000]
    )
    return rows.length > 0
  }

  /** Revokes a key of the organization (once: a revoked key keeps its first revocation time). Null when unknown. */
  @InjectManager()
  async revokeApiKey(
    organizationId: string,
    id: string,
    at: Date,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ id: string; hash: string; revoked_at: Date } | null> {
    const rows: { id: string; hash: string; revoked_at: Date | string }[] = await sqlManager(sharedContext).execute(
      `UPDATE platform_api_key SET revoked_at = COALESCE(revoked_at, ?::timestamptz), updated_at = now()
         WHERE id = ? AND organization_id = ? AND deleted_at IS NULL RETURNING id, hash, revoked_at`,
      [at.toISOString(), id, organizationId]
    )
    const [row] = rows
    return row ? { id: row.id, hash: row.hash, revoked_at: new Date(row.revoked_at) } : null
  }

  // ----------------------------------------------------------------------------------------------------------
  // Outbound webhooks

  /**
   * The organizations among `organizationIds` with an enabled endpoint subscribed to any of `types`: one indexed
   * query, which is all an event costs when nobody listens.
   */
  @InjectManager()
  async listeningOrganizations(
    organizationIds: string[],
    types: string[],
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<Set<string>> {
    if (!organizationIds.length || !types.length) return new Set()
    const { rows } = await sqlKnex(sqlManager(sharedContext)).raw(LISTENING_ENDPOINTS_SQL, [[...new Set(organizationIds)], types])
    return new Set((rows as { organization_id: string }[]).map((row) => row.organization_id))
  }

  /**
   * Queues one delivery per event and enabled endpoint of its organization subscribed to its type, due at `now`.
   * Finds the endpoints first (one indexed query; nothing more when none listens); an event key queued already for
   * an endpoint queues nothing again. Returns the ids of the deliveries queued.
   */
  @InjectManager()
  async queueWebhookDeliveries(
    input: { now: Date; events: WebhookEventToQueue[] },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string[]> {
    if (!input.events.length) return []
    const knex = sqlKnex(sqlManager(sharedContext))
    const { rows: endpoints } = (await knex.raw(LISTENING_ENDPOINTS_SQL, [
      [...new Set(input.events.map((e) => e.organization_id))],
      [...new Set(input.events.map((e) => e.type))],
    ])) as { rows: { id: string; organization_id: string; events: string[] }[] }
    if (!endpoints.length) return []
    const deliveries = input.events.flatMap((event) =>
      endpoints
        .filter((endpoint) => endpoint.organization_id === event.organization_id && endpoint.events.includes(event.type))
        .map((endpoint) => ({
          id: entityId("whdel"),
          endpoint_id: endpoint.id,
          organization_id: event.organization_id,
          event_id: event.event_id,
          event_type: event.type,
          event_key: event.key,
          payload: event.payload,
          redelivery_of: null,
        }))
    )
    if (!deliveries.length) return []
    const { rows } = await knex.raw(QUEUE_DELIVERIES_SQL, [input.now.toISOString(), JSON.stringify(deliveries)])
    return (rows as { id: string }[]).map((row) => row.id)
  }

  /**
   * Claims up to `limit` deliveries due at `now` for one attempt each, leased until `now + leaseMs` (longer than an
   * attempt can take). Deliveries of disabled or deleted endpoints are never claimed.
   */
  @InjectManager()
  async claimWebhookDeliveries(
    input: { now: Date; limit: number; leaseMs: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ClaimedWebhookDelivery[]> {
    const leaseEnd = new Date(input.now.getTime() + input.leaseMs).toISOString()
    const { rows } = await sqlKnex(sqlManager(sharedContext)).raw(CLAIM_DELIVERIES_SQL, [
      leaseEnd,
      input.now.toISOString(),
      input.now.toISOString(),
      input.limit,
    ])
    return (rows as ClaimedWebhookDelivery[]).map((row) => ({ ...row, attempt: Number(row.attempt) }))
  }

  /**
   * Records a claimed attempt's outcome at `now`, in one transaction with its endpoint's failure streak: a 2xx
   * delivers it and resets the streak; a failure schedules the next attempt (the Standard Webhooks schedule) or,
   * after the last one, fails the delivery, and counts against the endpoint, which is disabled after sustained
   * failure (its pending deliveries then fail too). `recorded` is false when the claim was no longer this attempt's
   * (its endpoint was disabled or deleted meanwhile); `disabled` when this attempt disabled the endpoint.
   */
  @InjectTransactionManager()
  async recordWebhookAttempt(
    input: { delivery: Pick<ClaimedWebhookDelivery, "id" | "attempt" | "endpoint_id">; now: Date; outcome: WebhookAttemptOutcome },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ recorded: boolean; delivered: boolean; disabled: boolean }> {
    const knex = sqlKnex(sqlManager(sharedContext))
    const { delivery, now, outcome } = input
    const delivered = isSuccessfulWebhookStatus(outcome.statusCode)
    const retryIn = delivered ? null : webhookRetryDelaySeconds(delivery.attempt)
    const status = delivered ? "succeeded" : retryIn === null ? "failed" : "pending"
    const nextRetryAt = retryIn === null ? null : new Date(now.getTime() + retryIn * 1000).toISOString()
    const { rows } = await knex.raw(RECORD_ATTEMPT_SQL, [
      status,
      outcome.statusCode,
      Math.round(outcome.durationMs),
      delivered ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`).slice(0, 1000),
      nextRetryAt,
      delivered ? now.toISOString() : null,
      delivery.id,
      delivery.attempt,
    ])
    if (!rows.length) return { recorded: false, delivered: false, disabled: false }
    if (delivered) {
      await knex.raw(ENDPOINT_SUCCESS_SQL, [delivery.endpoint_id])
      return { recorded: true, delivered: true, disabled: false }
    }
    const { rows: endpoints } = await knex.raw(ENDPOINT_FAILURE_SQL, [now.toISOString(), delivery.endpoint_id])
    const endpoint = endpoints[0] as { status: string; consecutive_failures: number; failing_since: Date | string } | undefined
    const disable =
      endpoint?.status === "enabled" &&
      shouldDisableWebhookEndpoint({
        consecutiveFailures: Number(endpoint.consecutive_failures),
        failingSince: new Date(endpoint.failing_since),
        now,
      })
    if (!disable) return { recorded: true, delivered: false, disabled: false }
    const disabled = await this.disableEndpoint_(knex, delivery.endpoint_id, "failing", now)
    return { recorded: true, delivered: false, disabled }
  }

  private async disableEndpoint_(knex: ReturnType<typeof sqlKnex>, id: string, reason: "manual" | "failing", at: Date) {
    const { rows } = await knex.raw(DISABLE_ENDPOINT_SQL, [at.toISOString(), reason, id])
    if (!rows.length) return false
    await knex.raw(FAIL_PENDING_DELIVERIES_SQL, [WEBHOOK_STOPPED_ERRORS.disabled, id])
    return true
  }

  /**
   * An owner disables (its pending deliveries fail) or enables an endpoint (the failure streak starts afresh; failed
   * deliveries stay failed: redeliver the ones still wanted). Nothing changes when it is already so.
   */
  @InjectTransactionManager()
  async setWebhookEndpointEnabled(
    input: { id: string; enabled: boolean; now: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    const knex = sqlKnex(sqlManager(sharedContext))
    if (!input.enabled) {
      await this.disableEndpoint_(knex, input.id, "manual", input.now)
      return
    }
    await knex.raw(
      `UPDATE platform_webhook_endpoint
       SET status = 'enabled', disabled_at = NULL, disabled_reason = NULL, disabled_notified_at = NULL,
           consecutive_failures = 0, failing_since = NULL, updated_at = now()
       WHERE id = ? AND status = 'disabled' AND deleted_at IS NULL`,
      [input.id]
    )
  }

  /** Deletes an endpoint of the organization (soft: its log stays readable in the database); its pending deliveries fail. */
  @InjectTransactionManager()
  async deleteWebhookEndpoint(
    input: { organizationId: string; id: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const knex = sqlKnex(sqlManager(sharedContext))
    const { rows } = await knex.raw(
      `UPDATE platform_webhook_endpoint SET deleted_at = now(), updated_at = now()
       WHERE id = ? AND organization_id = ? AND deleted_at IS NULL RETURNING id`,
      [input.id, input.organizationId]
    )
    if (!rows.length) return false
    await knex.raw(FAIL_PENDING_DELIVERIES_SQL, [WEBHOOK_STOPPED_ERRORS.deleted, input.id])
    return true
  }

  /**
   * A manual redelivery: a new delivery of the same event (same event id and body) to the same endpoint, due at
   * `now`, with its own attempts and retries. Null when the delivery is not the endpoint's.
   */
  @InjectManager()
  async redeliverWebhookDelivery(
    input: { endpointId: string; deliveryId: string; now: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string | null> {
    const knex = sqlKnex(sqlManager(sharedContext))
    const { rows } = await knex.raw(
      `SELECT id, endpoint_id, organization_id, event_id, event_type, payload FROM platform_webhook_delivery
       WHERE id = ? AND endpoint_id = ? AND deleted_at IS NULL`,
      [input.deliveryId, input.endpointId]
    )
    const original = rows[0] as Omit<ClaimedWebhookDelivery, "attempt" | "url" | "secret"> | undefined
    if (!original) return null
    const copy = { ...original, id: entityId("whdel"), event_key: null, redelivery_of: original.id }
    const { rows: queued } = await knex.raw(QUEUE_DELIVERIES_SQL, [input.now.toISOString(), JSON.stringify([copy])])
    return (queued[0] as { id: string }).id
  }

  /** Withdraws queued deliveries not attempted yet (a workflow that queued them is compensating). */
  @InjectManager()
  async withdrawWebhookDeliveries(ids: string[], @MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<void> {
    if (!ids.length) return
    await sqlKnex(sqlManager(sharedContext)).raw(
      `UPDATE platform_webhook_delivery SET deleted_at = now(), updated_at = now()
       WHERE id = ANY(?::text[]) AND status = 'pending' AND attempt = 0 AND deleted_at IS NULL`,
      [ids]
    )
  }

  /** Endpoints disabled for failing whose owners have not been told yet (the delivery job tells them). */
  @InjectManager()
  async listEndpointsDisabledUnnotified(
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ id: string; organization_id: string; url: string; disabled_at: Date; failing_since: Date | null; consecutive_failures: number }[]> {
    const { rows } = await sqlKnex(sqlManager(sharedContext)).raw(
      `SELECT id, organization_id, url, disabled_at, failing_since, consecutive_failures FROM platform_webhook_endpoint
       WHERE status = 'disabled' AND disabled_reason = 'failing' AND disabled_notified_at IS NULL AND deleted_at IS NULL
       ORDER BY disabled_at LIMIT 100`
    )
    return rows
  }

  /** The owners were told about this disabling (the one that started at `disabledAt`). */
  @InjectManager()
  async markEndpointDisabledNotified(
    input: { id: string; disabledAt: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await sqlKnex(sqlManager(sharedContext)).raw(
      `UPDATE platform_webhook_endpoint SET disabled_notified_at = now(), updated_at = now()
       WHERE id = ? AND disabled_at = ?::timestamptz AND disabled_notified_at IS NULL`,
      [input.id, input.disabledAt.toISOString()]
    )
  }
}

export default PlatformModuleService
