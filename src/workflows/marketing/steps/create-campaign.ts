import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MARKETING_MODULE } from "../../../modules/marketing"
import type MarketingModuleService from "../../../modules/marketing/service"

export type CreateCampaignStepInput = {
  organization_id: string
  name: string
  subject: string
  /** Already sanitised. */
  content: string
  segment_id: string
  scheduled_at: string | null
  segmentNotFoundMessage: string
}

/** A draft campaign of a segment of the same organization (another organization's segment reads as unknown). */
export const createCampaignStep = createStep(
  "create-marketing-campaign",
  async ({ segmentNotFoundMessage, ...input }: CreateCampaignStepInput, { container }) => {
    const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
    const [segment] = await marketing.listSegments(
      { id: input.segment_id, organization_id: input.organization_id },
      { select: ["id"], take: 1 }
    )
    if (!segment) {
      throw Object.assign(new MedusaError(MedusaError.Types.NOT_FOUND, segmentNotFoundMessage), { field: "segment_id" })
    }
    const campaign = await marketing.createCampaigns({
      ...input,
      scheduled_at: input.scheduled_at ? new Date(input.scheduled_at) : null,
      status: "draft",
    })
    return new StepResponse(campaign, campaign.id)
  },
  async (id, { container }) => {
    if (!id) return
    const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
    await marketing.deleteCampaigns(id)
  }
)
