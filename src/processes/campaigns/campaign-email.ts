import type { CreateNotificationDTO, MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { campaignEmailHtml } from "../../lib/campaign-content"
import { CAMPAIGN_EMAIL_TEMPLATE, CAMPAIGN_TEST_TEMPLATE, campaignEmailKey, campaignTestSubject } from "../../lib/campaigns"
import { renderEmail } from "../../lib/email-templates"
import { MARKETING_MODULE } from "../../modules/marketing"
import type MarketingModuleService from "../../modules/marketing/service"
import type { ClaimedCampaign } from "../../modules/marketing/service"
import { ORGANIZATION_MODULE } from "../../modules/organization"
import type OrganizationModuleService from "../../modules/organization/service"
import { sendNotificationsOnce } from "../../workflows/common/notifications"

/** The campaign's name in the sender and footer: its organization's (the store the customer bought from). */
export async function campaignStoreName(container: Pick<MedusaContainer, "resolve">, organizationId: string): Promise<string> {
  const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  const [organization] = await organizations.listOrganizations({ id: organizationId }, { select: ["id", "name"], take: 1 })
  return organization?.name ?? "our store"
}

/**
 * One recipient's email: the campaign's HTML with the store's footer and that address's one-click unsubscribe link
 * (and headers). `recipientId`: the recipient row of a send (its idempotency key); none for a preview or a test.
 */
export function campaignNotification(
  marketing: MarketingModuleService,
  campaign: ClaimedCampaign,
  storeName: string,
  recipient: { email: string; id?: string }
): CreateNotificationDTO {
  const { url, headers } = marketing.unsubscribeLink({ organizationId: campaign.organization_id, email: recipient.email })
  return {
    to: recipient.email,
    channel: "email",
    template: CAMPAIGN_EMAIL_TEMPLATE,
    trigger_type: "marketing.campaign",
    resource_type: "marketing_campaign",
    resource_id: campaign.id,
    receiver_id: recipient.id ?? null,
    idempotency_key: recipient.id ? campaignEmailKey(campaign.id, recipient.id) : null,
    data: {
      subject: campaign.subject,
      campaign_id: campaign.id,
      recipient_id: recipient.id ?? null,
      organization_id: campaign.organization_id,
      store_name: storeName,
      unsubscribe_url: url,
      headers,
    },
    // The HTML goes to the provider only: the notification row keeps the data above, not 10,000 copies of the body.
    content: { subject: campaign.subject, html: campaignEmailHtml(campaign.content, { storeName, unsubscribeUrl: url }) },
  }
}

/** The member's own address: previews and tests go to the member who asks. */
async function memberEmail(container: Pick<MedusaContainer, "resolve">, memberId: string): Promise<string> {
  const organizations: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
  const [member] = await organizations.listMembers({ id: memberId }, { select: ["id", "email"], take: 1 })
  if (!member) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Member not found")
  return member.email
}

async function campaignOf(container: Pick<MedusaContainer, "resolve">, campaignId: string): Promise<ClaimedCampaign> {
  const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
  const [campaign] = await marketing.listCampaigns(
    { id: campaignId },
    { select: ["id", "organization_id", "subject", "content"], take: 1 }
  )
  // The route's middleware found it a moment ago: gone since, it is not found.
  if (!campaign) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Campaign not found")
  return campaign
}

export type CampaignPreview = {
  /** The sender's display name (the address is the server's EMAIL_FROM). */
  from_name: string
  to: string
  subject: string
  html: string
  text: string
}

/**
 * The campaign as a recipient receives it (any status), addressed to the member asking: the subject, the HTML with
 * the store's footer and that address's own unsubscribe link, and the plain text an email provider sends beside it
 * (src/lib/email-templates.ts).
 */
export async function previewCampaign(
  container: Pick<MedusaContainer, "resolve">,
  input: { campaignId: string; memberId: string }
): Promise<CampaignPreview> {
  const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
  const campaign = await campaignOf(container, input.campaignId)
  const [storeName, to] = await Promise.all([campaignStoreName(container, campaign.organization_id), memberEmail(container, input.memberId)])
  const rendered = renderEmail(campaignNotification(marketing, campaign, storeName, { email: to }))
  return { from_name: storeName, to, ...rendered }
}

/**
 * Emails the campaign once to the member asking (their own address), as a recipient gets it but with the subject
 * marked as a test. Neither a recipient nor a send: the campaign's status, recipients and stats do not change.
 * Answers the address it went to.
 */
export async function sendCampaignTest(
  container: Pick<MedusaContainer, "resolve">,
  input: { campaignId: string; memberId: string }
): Promise<{ to: string }> {
  const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
  const campaign = await campaignOf(container, input.campaignId)
  const [storeName, to] = await Promise.all([campaignStoreName(container, campaign.organization_id), memberEmail(container, input.memberId)])
  const email = campaignNotification(marketing, campaign, storeName, { email: to })
  const subject = campaignTestSubject(campaign.subject)
  await sendNotificationsOnce(container, [
    {
      ...email,
      template: CAMPAIGN_TEST_TEMPLATE,
      trigger_type: "marketing.campaign_test",
      receiver_id: input.memberId,
      data: { ...email.data, subject, recipient_id: null },
      content: { ...email.content, subject },
    },
  ])
  return { to }
}
