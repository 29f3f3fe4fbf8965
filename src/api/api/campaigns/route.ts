import type { MedusaResponse } from "@medusajs/framework/http"
import { MARKETING_MODULE } from "../../../modules/marketing"
import type MarketingModuleService from "../../../modules/marketing/service"
import { createCampaignWorkflow } from "../../../workflows/marketing/workflows/create-campaign"
import type { OrganizationScopedRequest } from "../../utils/access"
import { CAMPAIGN_VIEW_FIELDS, campaignView } from "./campaign-view"
import { CAMPAIGN_MESSAGES, type CreateCampaignBody, type ListCampaignsQuery } from "./validators"

/** GET /api/campaigns?status&limit&offset -> {campaigns, count, limit, offset} (newest first). */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const query = req.validatedQuery as ListCampaignsQuery
  const marketing: MarketingModuleService = req.scope.resolve(MARKETING_MODULE)
  const [campaigns, count] = await marketing.listAndCountCampaigns(
    { organization_id: req.organization.id, ...(query.status ? { status: query.status } : {}) },
    { select: [...CAMPAIGN_VIEW_FIELDS], order: { created_at: "DESC", id: "DESC" }, take: query.limit, skip: query.offset }
  )
  res.json({ campaigns: campaigns.map(campaignView), count, limit: query.limit, offset: query.offset })
}

/** POST /api/campaigns -> 201 {campaign}: a draft (content sanitised by the validator). */
export async function POST(req: OrganizationScopedRequest<CreateCampaignBody>, res: MedusaResponse) {
  const body = req.validatedBody as CreateCampaignBody
  const { result } = await createCampaignWorkflow(req.scope).run({
    input: {
      organization_id: req.organization.id,
      name: body.name,
      subject: body.subject,
      content: body.content,
      segment_id: body.segment_id,
      scheduled_at: body.scheduled_at,
      segmentNotFoundMessage: CAMPAIGN_MESSAGES.segmentNotFound,
    },
  })
  res.status(201).json({ campaign: campaignView(result) })
}
