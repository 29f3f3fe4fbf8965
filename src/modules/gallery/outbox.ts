import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { entityId } from "../../lib/entity-id"
import type { OutboxMessageInput } from "../../lib/outbox"
import { currentOutboxTraceContext, type OutboxTraceContext } from "../../lib/trace-context"
import { sqlKnex } from "../common/sql-manager"

/**
 * The gallery outbox's writes (models/outbox-message.ts, docs/crash-safety.md), run by GalleryModuleService: the
 * queueing of messages in a state change's statement or transaction, and the dispatcher's claim, delivery and
 * release.
 */

/** Work a committed state change hands to the outbox dispatcher (see models/outbox-message.ts). */
export type NewOutboxMessage = OutboxMessageInput

export type ClaimedOutboxMessage = NewOutboxMessage & {
  id: string
  attempts: number
  created_at: Date
  /** The trace and request the message continues (models/outbox-message.ts); null for messages queued without. */
  trace_context: OutboxTraceContext | null
}

/**
 * The JSON array a queueing statement binds (queueOutboxIfPaid, or a CTE of the same shape): each message with a new
 * id and the trace context of the work that queues it.
 */
export function outboxRecordset(messages: NewOutboxMessage[]): string {
  const trace_context = currentOutboxTraceContext()
  return JSON.stringify(messages.map((m) => ({ ...m, id: entityId("gobx"), trace_context })))
}

/**
 * The CTE that queues a payment's outbox messages (a JSON array bound here) in the statement that records the payment,
 * only when its `paidCte` (a CTE of that statement) returned the row: the messages exist exactly when the payment does
 * (docs/crash-safety.md). The CTE is named by the caller, in whose statement it is defined.
 */
export function queueOutboxIfPaid(paidCte: string): string {
  return `outbox AS (
  INSERT INTO gallery_outbox_message
    (id, key, topic, handler, payload, trace_context, attempts, available_at, created_at, updated_at)
  SELECT m.id, m.key, m.topic, m.handler, m.payload, m.trace_context, 0, now(), now(), now()
  FROM ${paidCte},
       jsonb_to_recordset(?::jsonb) AS m(id text, key text, topic text, handler text, payload jsonb, trace_context jsonb)
  ON CONFLICT (key) WHERE deleted_at IS NULL DO NOTHING
)`
}

/** Queues outbox messages in the caller's transaction (a replayed key queues nothing). See models/outbox-message.ts. */
export async function insertOutboxMessages(manager: SqlEntityManager, messages: OutboxMessageInput[]): Promise<void> {
  if (!messages.length) return
  const values = messages.map(() => `(?, ?, ?, ?, ?::jsonb, ?::jsonb, 0, now(), now(), now())`).join(", ")
  const current = currentOutboxTraceContext()
  const traceContext = current ? JSON.stringify(current) : null
  const bindings = messages.flatMap((m) => [entityId("gobx"), m.key, m.topic, m.handler, JSON.stringify(m.payload), traceContext])
  await manager.execute(
    `INSERT INTO gallery_outbox_message
       (id, key, topic, handler, payload, trace_context, attempts, available_at, created_at, updated_at)
     VALUES ${values}
     ON CONFLICT (key) WHERE deleted_at IS NULL DO NOTHING`,
    bindings
  )
}

/**
 * Claims up to `limit` due outbox messages for `leaseSeconds`: each
 * claimed row's `available_at` moves to the lease's end and its attempts count up, in one statement that skips rows
 * another dispatcher holds (FOR UPDATE SKIP LOCKED). A claimer that dies leaves the row due again when the lease ends.
 */
export async function claimOutboxMessages(
  manager: SqlEntityManager,
  input: { limit: number; leaseSeconds: number }
): Promise<ClaimedOutboxMessage[]> {
  const rows = (await manager.execute(
    `UPDATE gallery_outbox_message m
       SET available_at = now() + make_interval(secs => ?), attempts = m.attempts + 1, updated_at = now()
       FROM (
         SELECT id FROM gallery_outbox_message
         WHERE delivered_at IS NULL AND deleted_at IS NULL AND available_at <= now()
         ORDER BY available_at
         LIMIT ?
         FOR UPDATE SKIP LOCKED
       ) due
       WHERE m.id = due.id
       RETURNING m.id, m.key, m.topic, m.handler, m.payload, m.trace_context, m.attempts, m.created_at`,
    [input.leaseSeconds, input.limit]
  )) as unknown as ClaimedOutboxMessage[]
  return rows
}

/**
 * Claimed messages whose handler succeeded: they are never claimed again. Found by primary key (`= ANY`): written as
 * `IN (SELECT jsonb_array_elements_text(...))` it was planned as a hash join over the whole table, which keeps every
 * delivered message (docs/architecture.md, "Queries and hot paths").
 */
export async function markOutboxMessagesDelivered(manager: SqlEntityManager, ids: string[]): Promise<void> {
  if (!ids.length) return
  // Through knex with a bound array (manager.execute inlines bindings and has no array literal).
  await sqlKnex(manager).raw(
    `UPDATE gallery_outbox_message SET delivered_at = now(), last_error = NULL, updated_at = now()
       WHERE id = ANY(?::text[]) AND delivered_at IS NULL`,
    [ids]
  )
}

/** A claimed message's handler failed: it is due again after `retryInSeconds`, with the reason kept. */
export async function releaseOutboxMessage(
  manager: SqlEntityManager,
  input: { id: string; error: string; retryInSeconds: number }
): Promise<void> {
  await manager.execute(
    `UPDATE gallery_outbox_message
       SET available_at = now() + make_interval(secs => ?), last_error = ?, updated_at = now()
       WHERE id = ? AND delivered_at IS NULL`,
    [input.retryInSeconds, input.error.slice(0, 1000), input.id]
  )
}

/**
 * Claimed messages this process gives back unfinished while it stops (docs/operations.md, "Stopping"): due again at
 * once, for the next dispatcher of any process, instead of at the end of their lease. Their attempt stays counted
 * (their handler ran, or ran for a group of messages with them and failed): handlers are idempotent.
 */
export async function returnOutboxMessages(manager: SqlEntityManager, ids: string[]): Promise<void> {
  if (!ids.length) return
  await sqlKnex(manager).raw(
    `UPDATE gallery_outbox_message SET available_at = now(), updated_at = now()
      WHERE id = ANY(?::text[]) AND delivered_at IS NULL`,
    [ids]
  )
}
