import type { MedusaResponse } from "@medusajs/framework/http"
import { sendCampaignWorkflow } from "../../../../../workflows/marketing/workflows/send-campaign"
import type { OrganizationScopedRequest } from "../../../../utils/access"

/**
 * POST /api/campaigns/{id}/send -> {success, recipients, campaign_id, status}: a draft whose `scheduled_at` is ahead
 * becomes `scheduled` (`recipients`: the audience now; the job sends it then), any other draft (or a failed
 * campaign, again) starts `sending` with one recipient row per address and is delivered in the background.
 * 409 when the campaign is already scheduled, sending or sent (also when a concurrent request won).
 */
export async function POST(req: OrganizationScopedRequest, res: MedusaResponse) {
  const { result } = await sendCampaignWorkflow(req.scope).run({
    input: { campaignId: req.params.id, trigger: "request", now: new Date().toISOString() },
  })
  res.json({ success: true, recipients: result.recipients, campaign_id: result.id, status: result.status })
}
