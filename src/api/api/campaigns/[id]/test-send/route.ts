import type { MedusaResponse } from "@medusajs/framework/http"
import { sendCampaignTest } from "../../../../../processes/campaigns/campaign-email"
import type { OrganizationScopedRequest } from "../../../../utils/access"

/**
 * POST /api/campaigns/{id}/test-send -> {success: true, to}: emails the campaign once to the member asking (their own
 * address), the subject marked "[Test]". Any member, any status; the campaign itself does not change.
 */
export async function POST(req: OrganizationScopedRequest, res: MedusaResponse) {
  const { to } = await sendCampaignTest(req.scope, { campaignId: req.params.id, memberId: req.auth_context.actor_id })
  res.json({ success: true, to })
}
