import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import {
  generateEntityId,
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaService,
} from "@medusajs/framework/utils"
import {
  listUnsubscribeHeaders,
  signUnsubscribeToken,
  type UnsubscribeTarget,
  verifyUnsubscribeToken,
} from "../../lib/unsubscribe-token"
import { sqlManager } from "../common/sql-manager"
import { EmailSuppression, type SuppressionReason } from "./models/email-suppression"
import { RecoverableCart } from "./models/recoverable-cart"

export type MarketingModuleOptions = {
  /** Signs unsubscribe tokens (medusa-config.ts: UNSUBSCRIBE_SECRET, else JWT_SECRET). */
  unsubscribeSecret?: string
  /** Base URL of links in emails (PUBLIC_URL). */
  publicUrl?: string
}

export type RecoverableCartItem = { product_id: string; variant_id: string; quantity: number; price: number }

export type CaptureCartInput = {
  organizationId: string
  /** Normalized (trimmed, lower-case). */
  email: string
  items: RecoverableCartItem[]
  cartTotalCents: number
  at: Date
}

/** A cart the reminder job claimed: its capture instant identifies the capture (a newer one replaces the row's). */
export type ClaimedRecoverableCart = {
  id: string
  organization_id: string
  email: string
  items: RecoverableCartItem[]
  captured_at: Date
}

/** Identifies one capture of a cart row. */
export type CartCapture = { id: string; captured_at: Date }

type ClaimedRow = Omit<ClaimedRecoverableCart, "captured_at" | "items"> & { captured_at: Date | string; items: unknown }

/**
 * Marketing module: what an organization's emails to its customers need to remember. Recoverable carts (abandoned-cart
 * reminders) and the addresses an organization must not email (unsubscribed from that store, bounced, complained).
 */
class MarketingModuleService extends MedusaService({
  RecoverableCart,
  EmailSuppression,
}) {
  private readonly unsubscribeSecret: string
  private readonly publicUrl: string

  constructor(dependencies: Record<string, unknown>, options: MarketingModuleOptions = {}) {
    // MedusaService reads the container; the options are this module's own.
    super(dependencies, options)
    this.unsubscribeSecret = options.unsubscribeSecret || "atelier-dev-jwt_secret"
    this.publicUrl = (options.publicUrl || "http://localhost:9000").replace(/\/+$/, "")
  }

  /** The one-click unsubscribe link of an organization's emails to an address, and the headers that carry it. */
  unsubscribeLink(target: UnsubscribeTarget): { url: string; headers: Record<string, string> } {
    const url = `${this.publicUrl}/api/unsubscribe/${signUnsubscribeToken(target, this.unsubscribeSecret)}`
    return { url, headers: listUnsubscribeHeaders(url) }
  }

  /** The target of an unsubscribe token, or null when it was not signed by this server (tampered, malformed). */
  readUnsubscribeToken(token: string): UnsubscribeTarget | null {
    return verifyUnsubscribeToken(token, this.unsubscribeSecret)
  }

  /**
   * Records a shopper's cart for one reminder, replacing any earlier capture of the same organization and email
   * (one statement, an upsert, so racing captures end in one row); the replacement is a new capture: its reminder is
   * due from its own time, even if the earlier one was already reminded.
   */
  @InjectTransactionManager()
  async captureCart(
    input: CaptureCartInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ id: string; created: boolean }> {
    const rows = (await sqlManager(sharedContext).execute(
      `INSERT INTO recoverable_cart AS c
         (id, organization_id, email, items, cart_total_cents, captured_at, created_at, updated_at)
       VALUES (?, ?, ?, ?::jsonb, ?, ?, now(), now())
       ON CONFLICT (organization_id, email) WHERE deleted_at IS NULL DO UPDATE SET
         items = excluded.items,
         cart_total_cents = excluded.cart_total_cents,
         captured_at = excluded.captured_at,
         reminder_claimed_until = NULL,
         reminder_sent_at = NULL,
         purchased_at = NULL,
         updated_at = now()
       RETURNING c.id, (c.xmax = 0) AS created`,
      [
        generateEntityId(undefined, "rcart"),
        input.organizationId,
        input.email,
        JSON.stringify(input.items),
        input.cartTotalCents,
        input.at,
      ]
    )) as unknown as { id: string; created: boolean }[]
    return { id: rows[0].id, created: rows[0].created === true }
  }

  /**
   * Claims up to `limit` carts whose reminder is due: captured at or before `dueBefore` and after `expiredBefore`,
   * not reminded, not bought, not suppressed for that organization, and not claimed by a live lease. The lease
   * (`leaseSeconds`) lets a claim of a process that died come due again; concurrent claimers never share a cart.
   */
  @InjectTransactionManager()
  async claimDueCartReminders(
    input: { now: Date; dueBefore: Date; expiredBefore: Date; leaseSeconds: number; limit: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ClaimedRecoverableCart[]> {
    const rows = (await sqlManager(sharedContext).execute(
      `UPDATE recoverable_cart c SET reminder_claimed_until = ?::timestamptz + make_interval(secs => ?), updated_at = now()
       WHERE c.id IN (
         SELECT d.id FROM recoverable_cart d
         WHERE d.deleted_at IS NULL AND d.reminder_sent_at IS NULL AND d.purchased_at IS NULL
           AND d.captured_at <= ? AND d.captured_at > ?
           AND (d.reminder_claimed_until IS NULL OR d.reminder_claimed_until < ?)
           AND NOT EXISTS (
             SELECT 1 FROM email_suppression s
             WHERE s.organization_id = d.organization_id AND s.email = d.email AND s.deleted_at IS NULL
           )
         ORDER BY d.captured_at
         LIMIT ?
         FOR UPDATE SKIP LOCKED
       )
       RETURNING c.id, c.organization_id, c.email, c.items, c.captured_at`,
      [input.now, input.leaseSeconds, input.dueBefore, input.expiredBefore, input.now, input.limit]
    )) as unknown as ClaimedRow[]
    return rows.map((row) => ({
      ...row,
      items: (typeof row.items === "string" ? JSON.parse(row.items) : row.items) as RecoverableCartItem[],
      captured_at: new Date(row.captured_at),
    }))
  }

  /** Stamps the reminder of these captures as sent (a capture replaced meanwhile is left to its own reminder). */
  @InjectTransactionManager()
  async markCartRemindersSent(
    captures: CartCapture[],
    at: Date,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await this.closeCaptures(captures, "reminder_sent_at", at, sharedContext)
  }

  /** Closes these captures without a reminder: their shopper has bought in that store since. */
  @InjectTransactionManager()
  async markCartsPurchased(
    captures: CartCapture[],
    at: Date,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await this.closeCaptures(captures, "purchased_at", at, sharedContext)
  }

  /** Gives a claimed cart back (its reminder failed): due again at the next run. */
  @InjectTransactionManager()
  async releaseCartReminders(
    captures: CartCapture[],
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    for (const capture of captures) {
      await sqlManager(sharedContext).execute(
        `UPDATE recoverable_cart SET reminder_claimed_until = NULL, updated_at = now() WHERE id = ? AND captured_at = ?`,
        [capture.id, capture.captured_at]
      )
    }
  }

  /** Deletes carts captured before `before` (their 30 days are over), reminded or not. Returns how many. */
  @InjectTransactionManager()
  async deleteExpiredCarts(
    before: Date,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<number> {
    const rows = (await sqlManager(sharedContext).execute(
      `DELETE FROM recoverable_cart WHERE captured_at <= ? RETURNING id`,
      [before]
    )) as unknown as { id: string }[]
    return rows.length
  }

  /** The organization must not email this address again (an existing suppression keeps its first reason). */
  @InjectTransactionManager()
  async suppressEmail(
    input: { organizationId: string; email: string; reason: SuppressionReason },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await sqlManager(sharedContext).execute(
      `INSERT INTO email_suppression (id, organization_id, email, reason, created_at, updated_at)
       VALUES (?, ?, ?, ?, now(), now())
       ON CONFLICT (organization_id, email) WHERE deleted_at IS NULL DO NOTHING`,
      [generateEntityId(undefined, "esup"), input.organizationId, input.email, input.reason]
    )
  }

  @InjectManager()
  async isEmailSuppressed(
    input: { organizationId: string; email: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const rows = (await sqlManager(sharedContext).execute(
      `SELECT 1 FROM email_suppression WHERE organization_id = ? AND email = ? AND deleted_at IS NULL LIMIT 1`,
      [input.organizationId, input.email]
    )) as unknown as unknown[]
    return rows.length > 0
  }

  private async closeCaptures(
    captures: CartCapture[],
    column: "reminder_sent_at" | "purchased_at",
    at: Date,
    sharedContext: Context<SqlEntityManager>
  ) {
    for (const capture of captures) {
      await sqlManager(sharedContext).execute(
        `UPDATE recoverable_cart SET ${column} = ?, reminder_claimed_until = NULL, updated_at = now()
         WHERE id = ? AND captured_at = ? AND deleted_at IS NULL`,
        [at, capture.id, capture.captured_at]
      )
    }
  }
}

export default MarketingModuleService
