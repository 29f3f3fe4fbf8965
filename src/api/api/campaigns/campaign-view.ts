import type { CampaignStatus } from "../../../lib/campaigns"

export const CAMPAIGN_VIEW_FIELDS = [
  "id",
  "organization_id",
  "segment_id",
  "name",
  "subject",
  "content",
  "status",
  "scheduled_at",
  "send_started_at",
  "sent_at",
  "recipient_count",
  "sent_count",
  "failed_count",
  "delivered_count",
  "opened_count",
  "clicked_count",
  "bounced_count",
  "complained_count",
  "created_at",
  "updated_at",
] as const

type CampaignRecord = { [K in (typeof CAMPAIGN_VIEW_FIELDS)[number]]: unknown } & { status: CampaignStatus }

/**
 * A campaign as the routes answer it. `recipients` is the number of addresses written when it started sending;
 * `stats` counts recipients: emailed (`sent`), with at least one event of each kind, and `failed` (never emailed
 * after every attempt).
 */
export function campaignView(campaign: CampaignRecord) {
  return {
    id: campaign.id,
    org_id: campaign.organization_id,
    name: campaign.name,
    subject: campaign.subject,
    content: campaign.content,
    segment_id: campaign.segment_id,
    status: campaign.status,
    scheduled_at: campaign.scheduled_at ?? null,
    send_started_at: campaign.send_started_at ?? null,
    sent_at: campaign.sent_at ?? null,
    recipients: campaign.recipient_count,
    stats: {
      sent: campaign.sent_count,
      delivered: campaign.delivered_count,
      opened: campaign.opened_count,
      clicked: campaign.clicked_count,
      bounced: campaign.bounced_count,
      complained: campaign.complained_count,
      failed: campaign.failed_count,
    },
    created_at: campaign.created_at,
    updated_at: campaign.updated_at,
  }
}
