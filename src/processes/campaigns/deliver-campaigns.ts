import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, NotificationStatus } from "@medusajs/framework/utils"
import { CAMPAIGN_BATCH_SIZE, CAMPAIGN_LEASE_SECONDS, CAMPAIGN_RETRY_SECONDS, campaignEmailKey } from "../../lib/campaigns"
import { errorMessage } from "../../lib/error-message"
import { MARKETING_MODULE } from "../../modules/marketing"
import type MarketingModuleService from "../../modules/marketing/service"
import type { ClaimedCampaign, PendingRecipient, SentRecipient } from "../../modules/marketing/service"
import { notificationsByKey, sendNotificationsOnce } from "../../workflows/common/notifications"
import { campaignNotification, campaignStoreName } from "./campaign-email"

export type CampaignDelivery = {
  campaignId: string
  sent: number
  skipped: number
  failed: number
  /** The campaign's status when the run let it go: `sending` means recipients are still pending (a later run). */
  status: "sending" | "sent" | "failed"
}

/**
 * Sends one batch of a held campaign: suppressed addresses are skipped (they unsubscribed, bounced or complained
 * since the campaign started), the others are emailed through the Notification module under one idempotency key per
 * recipient, and each recipient row follows what the module recorded. A recipient whose notification was recorded
 * as sent by a run that died before updating its row is found here as sent, never emailed again. Returns how many
 * were sent, skipped and failed in this batch.
 */
async function sendBatch(
  container: MedusaContainer,
  campaign: ClaimedCampaign,
  storeName: string,
  batch: PendingRecipient[]
): Promise<{ sent: number; skipped: number; failed: number }> {
  const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
  const suppressed = await marketing.suppressedAmong({
    organizationId: campaign.organization_id,
    emails: batch.map((r) => r.email),
  })
  const skipped = batch.filter((r) => suppressed.has(r.email))
  await marketing.markRecipientsSkipped({ campaignId: campaign.id, recipientIds: skipped.map((r) => r.id) })
  const due = batch.filter((r) => !suppressed.has(r.email))
  if (!due.length) return { sent: 0, skipped: skipped.length, failed: 0 }

  let failure: string | null = null
  try {
    await sendNotificationsOnce(
      container,
      due.map((r) => campaignNotification(marketing, campaign, storeName, r)),
      { retryFailed: true }
    )
  } catch (error) {
    // Some (or all) failed: the module has recorded which; the rows below follow it.
    failure = errorMessage(error)
  }
  const recorded = await notificationsByKey(container, due.map((r) => campaignEmailKey(campaign.id, r.id)))
  const sent: SentRecipient[] = []
  const notSent: string[] = []
  for (const recipient of due) {
    const notification = recorded.get(campaignEmailKey(campaign.id, recipient.id))
    if (notification?.status === NotificationStatus.SUCCESS) {
      sent.push({ id: recipient.id, notificationId: notification.id, messageId: notification.external_id })
    } else {
      notSent.push(recipient.id)
    }
  }
  await marketing.markRecipientsSent({ campaignId: campaign.id, recipients: sent, at: new Date() })
  const failed = await marketing.markRecipientAttemptsFailed({
    campaignId: campaign.id,
    recipientIds: notSent,
    error: failure ?? "The email provider did not accept the email",
  })
  if (notSent.length) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`Campaign ${campaign.id}: ${notSent.length} emails not sent (${failed} given up), retried at the next run: ${failure}`)
  }
  return { sent: sent.length, skipped: skipped.length, failed: notSent.length }
}

/**
 * Delivers one campaign that is sending (the one named, or the oldest whose lease is free): batch after batch
 * under a renewed lease until no recipient is pending, then closes it (`sent`, or `failed` when nobody could be
 * emailed). A batch with failures ends the run: the campaign is held for CAMPAIGN_RETRY_SECONDS more, and the next
 * run (the `send-campaigns` job, every minute) tries those recipients again, up to RECIPIENT_MAX_ATTEMPTS. Null when there is nothing to claim
 * (another run holds it, or nothing is sending).
 */
export async function deliverCampaign(
  container: MedusaContainer,
  input: { campaignId?: string; now?: Date } = {}
): Promise<CampaignDelivery | null> {
  const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
  // The run's clock: leases and retry pauses count from it, so a run never takes back what it just let go.
  const now = input.now ?? new Date()
  const campaign = await marketing.claimSendingCampaign({ now, campaignId: input.campaignId })
  if (!campaign) return null
  const storeName = await campaignStoreName(container, campaign.organization_id)
  const delivery: CampaignDelivery = { campaignId: campaign.id, sent: 0, skipped: 0, failed: 0, status: "sending" }
  try {
    for (;;) {
      const batch = await marketing.listPendingRecipients({ campaignId: campaign.id, limit: CAMPAIGN_BATCH_SIZE })
      if (!batch.length) {
        delivery.status = (await marketing.completeCampaign({ campaignId: campaign.id, at: new Date() })) ?? "sending"
        return delivery
      }
      const outcome = await sendBatch(container, campaign, storeName, batch)
      delivery.sent += outcome.sent
      delivery.skipped += outcome.skipped
      delivery.failed += outcome.failed
      if (outcome.failed) {
        // The last attempts may have been used up: then the campaign is done.
        const completed = await marketing.completeCampaign({ campaignId: campaign.id, at: new Date() })
        if (completed) {
          delivery.status = completed
          return delivery
        }
        // Kept out of reach of this minute's other runs; the next minute's run tries again.
        await marketing.renewCampaignClaim({
          campaignId: campaign.id,
          until: new Date(now.getTime() + CAMPAIGN_RETRY_SECONDS * 1000),
        })
        return delivery
      }
      await marketing.renewCampaignClaim({
        campaignId: campaign.id,
        until: new Date(Math.max(now.getTime(), Date.now()) + CAMPAIGN_LEASE_SECONDS * 1000),
      })
    }
  } catch (error) {
    // Unexpected (the database): the campaign is let go for the next run; its rows say what was sent.
    await marketing.releaseCampaignClaim(campaign.id).catch(() => undefined)
    throw error
  }
}

/** Delivers every campaign that is sending and free (at most `limit` per run). */
export async function deliverSendingCampaigns(container: MedusaContainer, now = new Date(), limit = 20): Promise<CampaignDelivery[]> {
  const deliveries: CampaignDelivery[] = []
  for (let i = 0; i < limit; i++) {
    const delivery = await deliverCampaign(container, { now })
    if (!delivery) break
    deliveries.push(delivery)
  }
  return deliveries
}
