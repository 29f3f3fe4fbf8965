// An organization's email campaigns to its customers (spec 2 "Campaign", 4.2; docs/campaigns-and-email.md): the
// statuses, what a send request does in each, the segment filters, the recipients' retry rule. Pure: no I/O.

import { ARTWORK_TYPES, type ArtworkType } from "./artwork-types"

export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "sent", "failed"] as const
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]

/** A recipient row: waiting, emailed, given up after its attempts, or left out (suppressed before its turn). */
export const CAMPAIGN_RECIPIENT_STATUSES = ["pending", "sent", "failed", "skipped"] as const
export type CampaignRecipientStatus = (typeof CAMPAIGN_RECIPIENT_STATUSES)[number]

export const ORDER_SOURCES = ["store", "gallery"] as const
export type OrderSource = (typeof ORDER_SOURCES)[number]

export { ARTWORK_TYPES }

/**
 * A segment's filters over the organization's audience (its paid orders' customers). Every filter is optional; an
 * empty object is the whole audience. Dates are ISO strings; `total_spent_gte` is USD.
 */
export type SegmentFilters = {
  ordered_since?: string | null
  ordered_before?: string | null
  total_spent_gte?: number | null
  product_type?: ArtworkType | null
  source?: OrderSource | null
}

/** Emitted when a campaign starts sending: its delivery begins at once (the job picks up whatever it misses). */
export const CAMPAIGN_SENDING_EVENT = "marketing.campaign.sending"

/** The Notification module's template of a campaign email (its HTML travels as the notification's `content`). */
export const CAMPAIGN_EMAIL_TEMPLATE = "marketing-campaign"

/** The template of a test email: a campaign sent once to the member who asked, outside its recipients and stats. */
export const CAMPAIGN_TEST_TEMPLATE = "marketing-campaign-test"

/** A test email's subject: the campaign's, marked so that it is never taken for the real send. */
export function campaignTestSubject(subject: string): string {
  return `[Test] ${subject}`
}

/** Times a recipient's email is tried (one try per delivery run) before the recipient is marked failed. */
export const RECIPIENT_MAX_ATTEMPTS = 3

/** Recipients one delivery batch sends (one createNotifications call; Resend's batch limit is 100 too). */
export const CAMPAIGN_BATCH_SIZE = 100

/** A delivery run's lease on a campaign: a run that dies leaves the campaign to the next run after this. */
export const CAMPAIGN_LEASE_SECONDS = 300

/** After a batch with failures, the campaign waits this long before a run tries again (the job runs every minute). */
export const CAMPAIGN_RETRY_SECONDS = 30

/** What `POST /api/campaigns/{id}/send` does with a campaign in `status`. */
export type SendDecision = { action: "send_now" } | { action: "schedule" } | { action: "conflict"; message: string }

export const CAMPAIGN_CONFLICTS = {
  scheduled: "Campaign is already scheduled",
  sending: "Campaign is already being sent",
  sent: "Campaign has already been sent",
} as const

/**
 * A draft is sent now, or scheduled when its `scheduled_at` is still ahead; a failed campaign is sent again (only its
 * recipients that were never emailed); scheduled, sending and sent campaigns refuse (409).
 */
export function sendDecision(status: CampaignStatus, scheduledAt: Date | null, now: Date): SendDecision {
  if (status === "scheduled" || status === "sending" || status === "sent") {
    return { action: "conflict", message: CAMPAIGN_CONFLICTS[status] }
  }
  if (status === "draft" && scheduledAt && scheduledAt.getTime() > now.getTime()) return { action: "schedule" }
  return { action: "send_now" }
}

/** A campaign whose recipients have all been dealt with: failed if nobody could be emailed though some were tried. */
export function completedStatus(counts: { sent: number; failed: number }): "sent" | "failed" {
  return counts.sent === 0 && counts.failed > 0 ? "failed" : "sent"
}

/** The Notification module's idempotency key of one recipient's email: one email per campaign and recipient. */
export function campaignEmailKey(campaignId: string, recipientId: string): string {
  return `campaign:${campaignId}:${recipientId}`
}

export type CampaignStats = { sent: number; delivered: number; opened: number; clicked: number; bounced: number; complained: number }
