import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import {
  generateEntityId,
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaService,
} from "@medusajs/framework/utils"
import { Webhook } from "svix"
import {
  CAMPAIGN_LEASE_SECONDS,
  completedStatus,
  type CampaignStatus,
  RECIPIENT_MAX_ATTEMPTS,
} from "../../lib/campaigns"
import type { EmailEventKind } from "../../lib/email-events"
import { publicServerUrl } from "../../lib/public-urls"
import {
  listUnsubscribeHeaders,
  signUnsubscribeToken,
  type UnsubscribeTarget,
  verifyUnsubscribeToken,
} from "../../lib/unsubscribe-token"
import { sqlKnex, sqlManager } from "../common/sql-manager"
import { Campaign } from "./models/campaign"
import { CampaignRecipient } from "./models/campaign-recipient"
import { EmailEvent } from "./models/email-event"
import { EmailSuppression, type SuppressionReason } from "./models/email-suppression"
import { RecoverableCart } from "./models/recoverable-cart"
import { Segment } from "./models/segment"

export type MarketingModuleOptions = {
  /** Signs unsubscribe tokens (medusa-config.ts: UNSUBSCRIBE_SECRET, else JWT_SECRET). */
  unsubscribeSecret?: string
  /** Base URL of links in emails (PUBLIC_URL, else `http://localhost:$PORT`: src/lib/public-urls.ts). */
  publicUrl?: string
  /** Verifies the email provider's events (RESEND_WEBHOOK_SECRET, a Svix `whsec_...` secret); none: not configured. */
  emailWebhookSecret?: string
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

/** A campaign a delivery run holds (its lease): what each recipient's email is made of. */
export type ClaimedCampaign = { id: string; organization_id: string; subject: string; content: string }

/** A campaign moved to scheduled or sending: from which status, and (sending) how many recipient rows it has. */
export type CampaignMove = { id: string; previous_status: CampaignStatus; recipients: number | null }

export type PendingRecipient = { id: string; email: string; attempts: number }

export type SentRecipient = { id: string; notificationId: string; messageId: string | null }

export type EmailEventInput = {
  svixId: string
  type: string
  kind: EmailEventKind | null
  messageId: string | null
  occurredAt: Date
}

export type EmailEventOutcome = { duplicate: boolean; outcome: "applied" | "ignored"; recipientId: string | null }

/** Per event kind: the recipient's first-time column, its running counter (if any), and the campaign's stat. */
const EVENT_COLUMNS: Record<EmailEventKind, { at: string; counter: string | null; stat: string }> = {
  delivered: { at: "delivered_at", counter: null, stat: "delivered_count" },
  opened: { at: "opened_at", counter: "open_count", stat: "opened_count" },
  clicked: { at: "clicked_at", counter: "click_count", stat: "clicked_count" },
  bounced: { at: "bounced_at", counter: null, stat: "bounced_count" },
  complained: { at: "complained_at", counter: null, stat: "complained_count" },
}

type Rows<T> = { rows: T[] }

/**
 * Marketing module: what an organization's emails to its customers need to remember. Recoverable carts (abandoned-cart
 * reminders), the addresses an organization must not email (unsubscribed from that store, bounced, complained),
 * segments of its audience, campaigns with one row per recipient, and the email provider's events
 * (docs/campaigns-and-email.md).
 */
class MarketingModuleService extends MedusaService({
  RecoverableCart,
  EmailSuppression,
  Segment,
  Campaign,
  CampaignRecipient,
  EmailEvent,
}) {
  private readonly unsubscribeSecret: string
  private readonly publicUrl: string
  private readonly emailWebhook: Webhook | null

  constructor(dependencies: Record<string, unknown>, options: MarketingModuleOptions = {}) {
    // MedusaService reads the container; the options are this module's own.
    super(dependencies, options)
    this.unsubscribeSecret = options.unsubscribeSecret || "atelier-dev-jwt_secret"
    this.publicUrl = (options.publicUrl || publicServerUrl({})).replace(/\/+$/, "")
    this.emailWebhook = options.emailWebhookSecret ? new Webhook(options.emailWebhookSecret) : null
  }

  /** Whether email provider events can be verified (a signing secret is configured). */
  emailWebhooksConfigured(): boolean {
    return this.emailWebhook !== null
  }

  /**
   * The body of an email provider event whose Svix signature (`svix-id`, `svix-timestamp`, `svix-signature` over the
   * raw body) matches the signing secret and whose timestamp is within 5 minutes of now (svix's tolerance); null
   * otherwise (tampered, replayed late, unsigned, not configured).
   */
  verifyEmailEvent(rawBody: Buffer, headers: { id: string; timestamp: string; signature: string }): unknown | null {
    if (!this.emailWebhook) return null
    try {
      return this.emailWebhook.verify(rawBody, {
        "svix-id": headers.id,
        "svix-timestamp": headers.timestamp,
        "svix-signature": headers.signature,
      })
    } catch {
      return null
    }
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

  /** Of these addresses, those the organization must not email. */
  @InjectManager()
  async suppressedAmong(
    input: { organizationId: string; emails: string[] },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<Set<string>> {
    if (!input.emails.length) return new Set()
    const { rows } = (await sqlKnex(sqlManager(sharedContext)).raw(
      `SELECT email FROM email_suppression WHERE organization_id = ? AND email = ANY(?::text[]) AND deleted_at IS NULL`,
      [input.organizationId, input.emails]
    )) as Rows<{ email: string }>
    return new Set(rows.map((row) => row.email))
  }

  // ----------------------------------------------------------------------------------------------------------
  // Campaigns

  /**
   * Moves a campaign from one of `from` to `scheduled` (a send requested before its time). Null when the campaign is
   * not in one of those statuses any more (a concurrent request won).
   */
  @InjectTransactionManager()
  async scheduleCampaign(
    input: { campaignId: string; from: CampaignStatus[] },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<CampaignMove | null> {
    const { rows } = (await sqlKnex(sqlManager(sharedContext)).raw(
      `UPDATE marketing_campaign c SET status = 'scheduled', updated_at = now()
       FROM (SELECT id, status FROM marketing_campaign WHERE id = ? AND deleted_at IS NULL FOR UPDATE) old
       WHERE c.id = old.id AND old.status = ANY(?::text[])
       RETURNING c.id, old.status AS previous_status`,
      [input.campaignId, input.from]
    )) as Rows<{ id: string; previous_status: CampaignStatus }>
    return rows[0] ? { ...rows[0], recipients: null } : null
  }

  /**
   * Starts sending a campaign that is in one of `from`: status `sending`, and one pending recipient row per address
   * of `emails` (the audience now), in ONE transaction, so a campaign is never `sending` without its recipients. A
   * failed campaign sent again retries only its failed recipients (those emailed stay as they are). Null when the
   * campaign is not in one of those statuses any more (a concurrent request won): nothing is written.
   */
  @InjectTransactionManager()
  async startCampaignSend(
    input: { campaignId: string; from: CampaignStatus[]; emails: string[]; at: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<CampaignMove | null> {
    const knex = sqlKnex(sqlManager(sharedContext))
    const { rows } = (await knex.raw(
      `UPDATE marketing_campaign c SET status = 'sending', send_started_at = ?, claimed_until = NULL, updated_at = now()
       FROM (SELECT id, status, organization_id FROM marketing_campaign WHERE id = ? AND deleted_at IS NULL FOR UPDATE) old
       WHERE c.id = old.id AND old.status = ANY(?::text[])
       RETURNING c.id, c.organization_id, old.status AS previous_status`,
      [input.at, input.campaignId, input.from]
    )) as Rows<{ id: string; organization_id: string; previous_status: CampaignStatus }>
    const started = rows[0]
    if (!started) return null
    if (started.previous_status === "failed") {
      await knex.raw(
        `UPDATE marketing_campaign_recipient SET status = 'pending', attempts = 0, last_error = NULL, updated_at = now()
         WHERE campaign_id = ? AND status = 'failed' AND deleted_at IS NULL`,
        [started.id]
      )
      await knex.raw(`UPDATE marketing_campaign SET failed_count = 0 WHERE id = ?`, [started.id])
    } else if (input.emails.length) {
      await knex.raw(
        `INSERT INTO marketing_campaign_recipient (id, campaign_id, organization_id, email, status, created_at, updated_at)
         SELECT r.id, ?, ?, r.email, 'pending', now(), now() FROM unnest(?::text[], ?::text[]) AS r(id, email)
         ON CONFLICT (campaign_id, email) WHERE deleted_at IS NULL DO NOTHING`,
        [started.id, started.organization_id, input.emails.map(() => generateEntityId(undefined, "crec")), input.emails]
      )
    }
    const { rows: counted } = (await knex.raw(
      `UPDATE marketing_campaign SET recipient_count = (
         SELECT count(*)::int FROM marketing_campaign_recipient WHERE campaign_id = ? AND deleted_at IS NULL
       ) WHERE id = ? RETURNING recipient_count`,
      [started.id, started.id]
    )) as Rows<{ recipient_count: number }>
    return { id: started.id, previous_status: started.previous_status, recipients: counted[0].recipient_count }
  }

  /** Undoes `startCampaignSend` / `scheduleCampaign` (a later step of the send workflow failed): back to `previous`. */
  @InjectTransactionManager()
  async revertCampaignSend(
    input: { campaignId: string; previous: CampaignStatus },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    const knex = sqlKnex(sqlManager(sharedContext))
    if (input.previous === "failed") {
      await knex.raw(
        `UPDATE marketing_campaign_recipient SET status = 'failed', updated_at = now() WHERE campaign_id = ? AND status = 'pending'`,
        [input.campaignId]
      )
    } else {
      await knex.raw(`DELETE FROM marketing_campaign_recipient WHERE campaign_id = ? AND status = 'pending'`, [input.campaignId])
    }
    await knex.raw(
      `UPDATE marketing_campaign SET status = ?, send_started_at = NULL, claimed_until = NULL,
         failed_count = (SELECT count(*)::int FROM marketing_campaign_recipient WHERE campaign_id = ? AND status = 'failed'),
         recipient_count = (SELECT count(*)::int FROM marketing_campaign_recipient WHERE campaign_id = ?),
         updated_at = now()
       WHERE id = ? AND status IN ('sending', 'scheduled')`,
      [input.previous, input.campaignId, input.campaignId, input.campaignId]
    )
  }

  /** Scheduled campaigns whose time has come (oldest first). */
  @InjectManager()
  async listDueScheduledCampaigns(
    input: { now: Date; limit: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string[]> {
    const { rows } = (await sqlKnex(sqlManager(sharedContext)).raw(
      `SELECT id FROM marketing_campaign
       WHERE status = 'scheduled' AND deleted_at IS NULL AND scheduled_at <= ?
       ORDER BY scheduled_at, id LIMIT ?`,
      [input.now, input.limit]
    )) as Rows<{ id: string }>
    return rows.map((row) => row.id)
  }

  /**
   * Claims one `sending` campaign for a delivery run (the one named, or the oldest), unless another run holds it: a
   * lease of `leaseSeconds`. Concurrent runs never hold one campaign together; a dead run's lease runs out.
   *
   * A run for any campaign skips rows another transaction has locked. A run for a named campaign (the nudge after a
   * send) waits for that lock instead: the losing request of two concurrent sends holds the row for a moment, and a
   * nudge that skipped it was lost until the job's next minute. After the wait the lease is checked again, so a run
   * that took the campaign meanwhile still keeps it alone.
   */
  @InjectTransactionManager()
  async claimSendingCampaign(
    input: { now: Date; campaignId?: string; leaseSeconds?: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<ClaimedCampaign | null> {
    const { rows } = (await sqlKnex(sqlManager(sharedContext)).raw(
      `UPDATE marketing_campaign c SET claimed_until = ?::timestamptz + make_interval(secs => ?), updated_at = now()
       WHERE c.id = (
         SELECT id FROM marketing_campaign
         WHERE status = 'sending' AND deleted_at IS NULL AND (claimed_until IS NULL OR claimed_until < ?)
           ${input.campaignId ? "AND id = ?" : ""}
         ORDER BY send_started_at, id LIMIT 1
         FOR UPDATE ${input.campaignId ? "" : "SKIP LOCKED"}
       )
       RETURNING c.id, c.organization_id, c.subject, c.content`,
      [
        input.now,
        input.leaseSeconds ?? CAMPAIGN_LEASE_SECONDS,
        input.now,
        ...(input.campaignId ? [input.campaignId] : []),
      ]
    )) as Rows<ClaimedCampaign>
    return rows[0] ?? null
  }

  /** Extends a held lease (a long campaign, batch after batch). */
  @InjectTransactionManager()
  async renewCampaignClaim(
    input: { campaignId: string; until: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await sqlKnex(sqlManager(sharedContext)).raw(
      `UPDATE marketing_campaign SET claimed_until = ? WHERE id = ? AND status = 'sending'`,
      [input.until, input.campaignId]
    )
  }

  /** Lets the campaign go (the run stops early, e.g. the provider fails): due again at the next run. */
  @InjectTransactionManager()
  async releaseCampaignClaim(
    campaignId: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await sqlKnex(sqlManager(sharedContext)).raw(`UPDATE marketing_campaign SET claimed_until = NULL WHERE id = ?`, [campaignId])
  }

  /** The next recipients to email (pending, oldest rows first). */
  @InjectManager()
  async listPendingRecipients(
    input: { campaignId: string; limit: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<PendingRecipient[]> {
    const { rows } = (await sqlKnex(sqlManager(sharedContext)).raw(
      `SELECT id, email, attempts FROM marketing_campaign_recipient
       WHERE campaign_id = ? AND status = 'pending' AND deleted_at IS NULL ORDER BY id LIMIT ?`,
      [input.campaignId, input.limit]
    )) as Rows<PendingRecipient>
    return rows
  }

  /** Recipients left out: suppressed since the campaign started (they unsubscribed, bounced or complained). */
  @InjectTransactionManager()
  async markRecipientsSkipped(
    input: { campaignId: string; recipientIds: string[] },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    if (!input.recipientIds.length) return
    await sqlKnex(sqlManager(sharedContext)).raw(
      `UPDATE marketing_campaign_recipient SET status = 'skipped', updated_at = now()
       WHERE campaign_id = ? AND id = ANY(?::text[]) AND status = 'pending'`,
      [input.campaignId, input.recipientIds]
    )
  }

  /** Recipients emailed (their notification and the provider's message id), and the campaign's `sent` stat with them. */
  @InjectTransactionManager()
  async markRecipientsSent(
    input: { campaignId: string; recipients: SentRecipient[]; at: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<number> {
    if (!input.recipients.length) return 0
    const knex = sqlKnex(sqlManager(sharedContext))
    const { rows } = (await knex.raw(
      `UPDATE marketing_campaign_recipient r
       SET status = 'sent', sent_at = ?, notification_id = s.notification_id, message_id = s.message_id,
           attempts = r.attempts + 1, last_error = NULL, updated_at = now()
       FROM unnest(?::text[], ?::text[], ?::text[]) AS s(id, notification_id, message_id)
       WHERE r.id = s.id AND r.campaign_id = ? AND r.status = 'pending'
       RETURNING r.id`,
      [
        input.at,
        input.recipients.map((r) => r.id),
        input.recipients.map((r) => r.notificationId),
        // A null element is sent as SQL NULL (a provider that gives no message id); knex's type wants strings.
        input.recipients.map((r) => r.messageId) as string[],
        input.campaignId,
      ]
    )) as Rows<{ id: string }>
    if (rows.length) {
      await knex.raw(`UPDATE marketing_campaign SET sent_count = sent_count + ?, updated_at = now() WHERE id = ?`, [
        rows.length,
        input.campaignId,
      ])
    }
    return rows.length
  }

  /**
   * A failed try for these recipients: tried again at the next run, until RECIPIENT_MAX_ATTEMPTS, then marked
   * failed (counted in the campaign's `failed_count`).
   */
  @InjectTransactionManager()
  async markRecipientAttemptsFailed(
    input: { campaignId: string; recipientIds: string[]; error: string; maxAttempts?: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<number> {
    if (!input.recipientIds.length) return 0
    const knex = sqlKnex(sqlManager(sharedContext))
    const { rows } = (await knex.raw(
      `UPDATE marketing_campaign_recipient
       SET attempts = attempts + 1, last_error = ?,
           status = CASE WHEN attempts + 1 >= ? THEN 'failed' ELSE 'pending' END, updated_at = now()
       WHERE campaign_id = ? AND id = ANY(?::text[]) AND status = 'pending'
       RETURNING status`,
      [input.error.slice(0, 1000), input.maxAttempts ?? RECIPIENT_MAX_ATTEMPTS, input.campaignId, input.recipientIds]
    )) as Rows<{ status: string }>
    const failed = rows.filter((row) => row.status === "failed").length
    if (failed) {
      await knex.raw(`UPDATE marketing_campaign SET failed_count = failed_count + ?, updated_at = now() WHERE id = ?`, [
        failed,
        input.campaignId,
      ])
    }
    return failed
  }

  /**
   * Closes a campaign with no pending recipient left: `sent`, or `failed` when nobody could be emailed though some
   * were tried. Null while recipients are pending (or when the campaign is not sending).
   */
  @InjectTransactionManager()
  async completeCampaign(
    input: { campaignId: string; at: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<"sent" | "failed" | null> {
    const knex = sqlKnex(sqlManager(sharedContext))
    const { rows } = (await knex.raw(
      `SELECT sent_count, failed_count FROM marketing_campaign c
       WHERE c.id = ? AND c.status = 'sending' AND NOT EXISTS (
         SELECT 1 FROM marketing_campaign_recipient r WHERE r.campaign_id = c.id AND r.status = 'pending' AND r.deleted_at IS NULL
       ) FOR UPDATE`,
      [input.campaignId]
    )) as Rows<{ sent_count: number; failed_count: number }>
    if (!rows[0]) return null
    const status = completedStatus({ sent: rows[0].sent_count, failed: rows[0].failed_count })
    await knex.raw(
      `UPDATE marketing_campaign SET status = ?, sent_at = ?, claimed_until = NULL, updated_at = now() WHERE id = ?`,
      [status, input.at, input.campaignId]
    )
    return status
  }

  // ----------------------------------------------------------------------------------------------------------
  // Email events

  /**
   * Applies one verified provider event, once per `svixId`, in ONE transaction with its record: the event row is
   * inserted first (a redelivery finds it and changes nothing), then the recipient whose email it names gets the
   * first-time stamp and counter of the kind, the campaign's stat follows the first time only, and a bounce or a
   * complaint suppresses the address for the campaign's organization. An unknown message or an unhandled kind is
   * recorded as ignored.
   */
  @InjectTransactionManager()
  async applyEmailEvent(
    input: EmailEventInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<EmailEventOutcome> {
    const knex = sqlKnex(sqlManager(sharedContext))
    const { rows: found } = (input.messageId
      ? await knex.raw(
          `SELECT id, campaign_id, organization_id, email FROM marketing_campaign_recipient
           WHERE message_id = ? AND deleted_at IS NULL LIMIT 1`,
          [input.messageId]
        )
      : { rows: [] }) as Rows<{ id: string; campaign_id: string; organization_id: string; email: string }>
    const recipient = found[0] ?? null
    const outcome = recipient && input.kind ? "applied" : "ignored"
    const { rows: recorded } = (await knex.raw(
      `INSERT INTO marketing_email_event (id, svix_id, type, message_id, recipient_id, outcome, occurred_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, now(), now())
       ON CONFLICT (svix_id) WHERE deleted_at IS NULL DO NOTHING RETURNING id`,
      [generateEntityId(undefined, "eevt"), input.svixId, input.type, input.messageId, recipient?.id ?? null, outcome, input.occurredAt]
    )) as Rows<{ id: string }>
    if (!recorded.length) return { duplicate: true, outcome, recipientId: recipient?.id ?? null }
    if (!recipient || !input.kind) return { duplicate: false, outcome, recipientId: recipient?.id ?? null }

    const columns = EVENT_COLUMNS[input.kind]
    const { rows: updated } = (await knex.raw(
      `WITH old AS (SELECT id, ${columns.at} AS at FROM marketing_campaign_recipient WHERE id = ? FOR UPDATE)
       UPDATE marketing_campaign_recipient r
       SET ${columns.at} = coalesce(r.${columns.at}, ?), ${columns.counter ? `${columns.counter} = r.${columns.counter} + 1,` : ""}
           updated_at = now()
       FROM old WHERE r.id = old.id
       RETURNING (old.at IS NULL) AS first`,
      [recipient.id, input.occurredAt]
    )) as Rows<{ first: boolean }>
    if (updated[0]?.first) {
      await knex.raw(`UPDATE marketing_campaign SET ${columns.stat} = ${columns.stat} + 1, updated_at = now() WHERE id = ?`, [
        recipient.campaign_id,
      ])
    }
    if (input.kind === "bounced" || input.kind === "complained") {
      await knex.raw(
        `INSERT INTO email_suppression (id, organization_id, email, reason, created_at, updated_at)
         VALUES (?, ?, ?, ?, now(), now())
         ON CONFLICT (organization_id, email) WHERE deleted_at IS NULL DO NOTHING`,
        [generateEntityId(undefined, "esup"), recipient.organization_id, recipient.email, input.kind]
      )
    }
    return { duplicate: false, outcome, recipientId: recipient.id }
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
