import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import {
  generateEntityId,
  InjectTransactionManager,
  MedusaContext,
  MedusaError,
  MedusaService,
} from "@medusajs/framework/utils"
import { sqlManager } from "../common/sql-manager"
import { isValidEmail, normalizeEmail } from "../../lib/email"
import { NewsletterSubscriber } from "./models/newsletter-subscriber"

export type SubscriberRecord = {
  id: string
  email: string
  first_name: string | null
  last_name: string | null
  is_active: boolean
  subscribed_at: Date
  unsubscribed_at: Date | null
}

/** The fields a subscribe or unsubscribe changes, as they were before: what a compensation restores. */
export type SubscriberState = Pick<
  SubscriberRecord,
  "id" | "first_name" | "last_name" | "is_active" | "subscribed_at" | "unsubscribed_at"
>

export type SubscribeInput = { email: string; firstName?: string | null; lastName?: string | null; at: Date }

/** `created`: a new record; otherwise `previous` is the existing record's state before this subscribe. */
export type SubscribeResult = { subscriber: SubscriberRecord; created: boolean; previous: SubscriberState | null }

export type UnsubscribeResult = { subscriber: SubscriberRecord; previous: SubscriberState }

const COLUMNS = "id, email, first_name, last_name, is_active, subscribed_at, unsubscribed_at"

type Row = SubscriberRecord & { previous?: SubscriberState | null }

function toState(state: SubscriberState): SubscriberState {
  return {
    id: state.id,
    first_name: state.first_name,
    last_name: state.last_name,
    is_active: state.is_active,
    subscribed_at: new Date(state.subscribed_at),
    unsubscribed_at: state.unsubscribed_at === null ? null : new Date(state.unsubscribed_at),
  }
}

function toSubscriber(row: SubscriberRecord): SubscriberRecord {
  const { id, ...state } = toState(row)
  return { id, email: row.email, ...state }
}

function checkedEmail(email: string): string {
  const normalized = normalizeEmail(email ?? "")
  if (!isValidEmail(normalized)) throw new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid email address")
  return normalized
}

/**
 * Newsletter module: one record per email (stored normalized: trimmed, lower-case, so emails compare
 * case-insensitively). Subscribe creates or reactivates; unsubscribe deactivates and keeps the record.
 * Sends nothing: the newsletter API sends no emails.
 */
class NewsletterModuleService extends MedusaService({
  NewsletterSubscriber,
}) {
  /**
   * Subscribes `email`, in one statement (an upsert on the unique email, so racing subscribes end in one row):
   * - new email: a record, active, `subscribed_at = at`;
   * - active subscriber: unchanged (its original `subscribed_at` is kept);
   * - unsubscribed one: reactivated, `subscribed_at = at`, `unsubscribed_at` cleared.
   * Names fill in only what the record lacks: an anonymous caller cannot rename an existing subscriber.
   */
  @InjectTransactionManager()
  async subscribe(
    input: SubscribeInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<SubscribeResult> {
    const email = checkedEmail(input.email)
    const rows = (await sqlManager(sharedContext).execute(
      `WITH previous AS (
         SELECT id, first_name, last_name, is_active, subscribed_at, unsubscribed_at
         FROM newsletter_subscriber WHERE email = ? AND deleted_at IS NULL
       ),
       upserted AS (
         INSERT INTO newsletter_subscriber AS s
           (id, email, first_name, last_name, is_active, subscribed_at, unsubscribed_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, true, ?, NULL, now(), now())
         ON CONFLICT (email) WHERE deleted_at IS NULL DO UPDATE SET
           is_active = true,
           subscribed_at = CASE WHEN s.is_active THEN s.subscribed_at ELSE excluded.subscribed_at END,
           unsubscribed_at = CASE WHEN s.is_active THEN s.unsubscribed_at ELSE NULL END,
           first_name = coalesce(s.first_name, excluded.first_name),
           last_name = coalesce(s.last_name, excluded.last_name),
           updated_at = now()
         RETURNING ${COLUMNS.split(", ").map((c) => `s.${c}`).join(", ")}, (s.xmax = 0) AS created
       )
       SELECT u.*, CASE WHEN p.id IS NULL THEN NULL ELSE row_to_json(p) END AS previous
       FROM upserted u LEFT JOIN previous p ON p.id = u.id`,
      [email, generateEntityId(undefined, "nsub"), email, input.firstName ?? null, input.lastName ?? null, input.at]
    )) as unknown as (Row & { created: boolean })[]
    const row = rows[0]
    if (!row) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The subscription was not recorded")
    return {
      subscriber: toSubscriber(row),
      created: row.created === true,
      previous: row.previous ? toState(row.previous) : null,
    }
  }

  /**
   * Deactivates the subscriber of `email` (`unsubscribed_at = at`; an already unsubscribed one keeps its first
   * unsubscription time). Null when no record has that email.
   */
  @InjectTransactionManager()
  async unsubscribe(
    input: { email: string; at: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<UnsubscribeResult | null> {
    const email = normalizeEmail(input.email ?? "")
    const rows = (await sqlManager(sharedContext).execute(
      `WITH previous AS (
         SELECT id, first_name, last_name, is_active, subscribed_at, unsubscribed_at
         FROM newsletter_subscriber WHERE email = ? AND deleted_at IS NULL
         FOR UPDATE
       ),
       updated AS (
         UPDATE newsletter_subscriber s SET
           is_active = false,
           unsubscribed_at = CASE WHEN s.is_active OR s.unsubscribed_at IS NULL THEN ? ELSE s.unsubscribed_at END,
           updated_at = now()
         FROM previous p WHERE s.id = p.id
         RETURNING ${COLUMNS.split(", ").map((c) => `s.${c}`).join(", ")}
       )
       SELECT u.*, row_to_json(p) AS previous FROM updated u JOIN previous p ON p.id = u.id`,
      [email, input.at]
    )) as unknown as Row[]
    const row = rows[0]
    if (!row?.previous) return null
    return { subscriber: toSubscriber(row), previous: toState(row.previous) }
  }

  /** Compensation: puts a subscriber's state back as it was. */
  @InjectTransactionManager()
  async restoreSubscriberState(
    state: SubscriberState,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await sqlManager(sharedContext).execute(
      `UPDATE newsletter_subscriber
       SET first_name = ?, last_name = ?, is_active = ?, subscribed_at = ?, unsubscribed_at = ?, updated_at = now()
       WHERE id = ?`,
      [state.first_name, state.last_name, state.is_active, state.subscribed_at, state.unsubscribed_at, state.id]
    )
  }
}

export default NewsletterModuleService
