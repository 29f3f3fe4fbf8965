import type { MedusaResponse } from "@medusajs/framework/http"
import { previewCampaign } from "../../../../../processes/campaigns/campaign-email"
import type { OrganizationScopedRequest } from "../../../../utils/access"

/**
 * GET /api/campaigns/{id}/preview -> {preview: {from_name, to, subject, html, text}}: the email as a recipient gets
 * it (the store's footer and an unsubscribe link included), addressed to the member asking. Any member, any status.
 */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const preview = await previewCampaign(req.scope, { campaignId: req.params.id, memberId: req.auth_context.actor_id })
  res.json({ preview })
}
