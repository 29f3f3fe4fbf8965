import type { MedusaResponse } from "@medusajs/framework/http"
import { MARKETING_MODULE } from "../../../../modules/marketing"
import type MarketingModuleService from "../../../../modules/marketing/service"
import type { OrganizationScopedRequest } from "../../../utils/access"
import { CAMPAIGN_VIEW_FIELDS, campaignView } from "../campaign-view"

/** GET /api/campaigns/{id} -> {campaign} with its status and stats. */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const marketing: MarketingModuleService = req.scope.resolve(MARKETING_MODULE)
  const campaign = await marketing.retrieveCampaign(req.params.id, { select: [...CAMPAIGN_VIEW_FIELDS] })
  res.json({ campaign: campaignView(campaign) })
}
