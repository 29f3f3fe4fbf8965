import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import {
  generateEntityId,
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaError,
  MedusaService,
} from "@medusajs/framework/utils"
import { sqlManager } from "../common/sql-manager"
import { referralExpiresAt } from "../../lib/referral-window"
import { Referral } from "./models/referral"
import { REFERRAL_ORDER_TYPES, ReferralConversion, type ReferralOrderType } from "./models/referral-conversion"

export type ReferralRecord = {
  id: string
  organization_id: string
  session_id: string
  created_at: Date
  expires_at: Date
}

export type TrackReferralInput = { organizationId: string; sessionId: string; at: Date }

/** `created` is false when the session already had a live referral to that organization (it is returned as is). */
export type TrackReferralResult = { referral: ReferralRecord; created: boolean }

export type RecordConversionsInput = {
  /** The visitor's `gallery_ref` session id. */
  sessionId: string
  /** A gallery order id (order_type 'gallery') or a Medusa store order id (order_type 'store'). */
  orderId: string
  orderType: ReferralOrderType
  /** Each organization's share of the order in integer cents (gallery: the artist order's merchandise subtotal). */
  amountsByOrganization: Record<string, number>
  /** When the purchase happened (payment time); a referral counts when it was live at that instant. */
  at: Date
}

export type RecordedConversion = {
  id: string
  referral_id: string
  organization_id: string
  order_id: string
  order_type: ReferralOrderType
  amount_cents: number
  converted_at: Date
}

const REFERRAL_COLUMNS = "id, organization_id, session_id, created_at, expires_at"

function toReferral(row: ReferralRecord): ReferralRecord {
  return {
    id: row.id,
    organization_id: row.organization_id,
    session_id: row.session_id,
    created_at: new Date(row.created_at),
    expires_at: new Date(row.expires_at),
  }
}

/** Session ids are UUIDs issued lower-case (`gallery_ref`); a caller passing the raw cookie still matches. */
function sessionKey(sessionId: string): string {
  return String(sessionId ?? "").trim().toLowerCase()
}

function assertDate(value: unknown, name: string): asserts value is Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `${name} must be a valid date`)
  }
}

/**
 * Referrals module: anonymous referrals (session -> organization, 30-day window) and the purchases credited to them.
 *
 * A referral is live at instant `at` when `created_at <= at < expires_at`. The generated CRUD methods (MedusaService)
 * serve tooling and tests; tracking and conversion are custom single statements so that they are race-safe.
 */
class ReferralsModuleService extends MedusaService({
  Referral,
  ReferralConversion,
}) {
  /**
   * Tracks a visit: returns the session's live referral to the organization when there is one (a repeat visit does
   * not start a second window nor count twice), else creates one with `created_at = at` and
   * `expires_at = at + 30 days`. Serialized per (session, organization) with a transaction-scoped advisory lock, so
   * two racing visits of one visitor create one referral (a referral created by a racing visit whose clock read a
   * few milliseconds later than this one's counts as live here: unexpired at `at` is enough).
   */
  @InjectTransactionManager()
  async trackReferral(
    input: TrackReferralInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<TrackReferralResult> {
    assertDate(input.at, "at")
    const sessionId = sessionKey(input.sessionId)
    if (!input.organizationId || !sessionId) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "A referral needs an organization and a session")
    }
    const manager = sqlManager(sharedContext)
    await manager.execute(`SELECT pg_advisory_xact_lock(hashtextextended(?, 0))`, [
      `referral:${sessionId}:${input.organizationId}`,
    ])
    const rows = (await manager.execute(
      `WITH live AS (
         SELECT ${REFERRAL_COLUMNS} FROM referral
         WHERE session_id = ? AND organization_id = ? AND deleted_at IS NULL AND expires_at > ?
         ORDER BY created_at DESC, id DESC
         LIMIT 1
       ),
       inserted AS (
         INSERT INTO referral (id, organization_id, session_id, expires_at, created_at, updated_at)
         SELECT ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM live)
         RETURNING ${REFERRAL_COLUMNS}
       )
       SELECT ${REFERRAL_COLUMNS}, false AS created FROM live
       UNION ALL
       SELECT ${REFERRAL_COLUMNS}, true AS created FROM inserted`,
      [
        sessionId,
        input.organizationId,
        input.at,
        generateEntityId(undefined, "ref"),
        input.organizationId,
        sessionId,
        referralExpiresAt(input.at),
        input.at,
        input.at,
      ]
    )) as unknown as (ReferralRecord & { created: boolean })[]
    const row = rows[0]
    if (!row) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The referral was not recorded")
    return { referral: toReferral(row), created: row.created === true }
  }

  /** The session's referrals that are live at `at` (created at or before it, not yet expired), newest first. */
  @InjectManager()
  async findLiveReferrals(
    sessionId: string,
    at: Date = new Date(),
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ReferralRecord[]> {
    assertDate(at, "at")
    const rows = (await sqlManager(sharedContext).execute(
      `SELECT ${REFERRAL_COLUMNS} FROM referral
       WHERE session_id = ? AND deleted_at IS NULL AND created_at <= ? AND expires_at > ?
       ORDER BY created_at DESC, id DESC`,
      [sessionKey(sessionId), at, at]
    )) as unknown as ReferralRecord[]
    return rows.map(toReferral)
  }

  /**
   * Credits a purchase to the session's referrals: for every organization of `amountsByOrganization` that the session
   * has a referral to which was live at `at`, one conversion (the newest such referral; an organization's share of an
   * order is credited once) with that organization's amount. Idempotent: a replay of the same order records nothing
   * more (unique (referral_id, order_id), and no second conversion of the order for the same organization), so a
   * retried webhook or confirm is harmless. Returns the conversions created by THIS call ([] on a replay).
   */
  @InjectTransactionManager()
  async recordConversions(
    input: RecordConversionsInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<RecordedConversion[]> {
    assertDate(input.at, "at")
    const sessionId = sessionKey(input.sessionId)
    if (!sessionId || !input.orderId) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "A conversion needs a session and an order")
    }
    if (!REFERRAL_ORDER_TYPES.includes(input.orderType)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Unknown referral order type: ${String(input.orderType)}`)
    }
    const amounts = Object.entries(input.amountsByOrganization ?? {}).map(([organization_id, amount_cents]) => {
      if (!Number.isSafeInteger(amount_cents) || amount_cents < 0) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `The amount of organization ${organization_id} must be a whole number of cents, 0 or more`
        )
      }
      return { id: generateEntityId(undefined, "rconv"), organization_id, amount_cents }
    })
    if (!amounts.length) return []
    const rows = (await sqlManager(sharedContext).execute(
      `WITH amounts AS (
         SELECT * FROM jsonb_to_recordset(?::jsonb) AS a(id text, organization_id text, amount_cents integer)
       ),
       live AS (
         SELECT DISTINCT ON (r.organization_id) r.id, r.organization_id
         FROM referral r
         WHERE r.session_id = ? AND r.deleted_at IS NULL AND r.created_at <= ? AND r.expires_at > ?
           AND r.organization_id IN (SELECT organization_id FROM amounts)
         ORDER BY r.organization_id, r.created_at DESC, r.id DESC
       ),
       inserted AS (
         INSERT INTO referral_conversion
           (id, referral_id, order_id, order_type, amount_cents, converted_at, created_at, updated_at)
         SELECT a.id, l.id, ?, ?, a.amount_cents, ?, now(), now()
         FROM live l JOIN amounts a ON a.organization_id = l.organization_id
         WHERE NOT EXISTS (
           SELECT 1 FROM referral_conversion c JOIN referral r2 ON r2.id = c.referral_id
           WHERE c.order_id = ? AND c.order_type = ? AND c.deleted_at IS NULL
             AND r2.organization_id = l.organization_id
         )
         ON CONFLICT (referral_id, order_id) WHERE deleted_at IS NULL DO NOTHING
         RETURNING id, referral_id, order_id, order_type, amount_cents, converted_at
       )
       SELECT i.id, i.referral_id, l.organization_id, i.order_id, i.order_type, i.amount_cents, i.converted_at
       FROM inserted i JOIN live l ON l.id = i.referral_id
       ORDER BY l.organization_id`,
      [
        JSON.stringify(amounts),
        sessionId,
        input.at,
        input.at,
        input.orderId,
        input.orderType,
        input.at,
        input.orderId,
        input.orderType,
      ]
    )) as unknown as RecordedConversion[]
    return rows.map((row) => ({ ...row, converted_at: new Date(row.converted_at) }))
  }
}

export default ReferralsModuleService
