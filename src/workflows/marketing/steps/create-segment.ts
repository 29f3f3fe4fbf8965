import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { SegmentFilters } from "../../../lib/campaigns"
import { MARKETING_MODULE } from "../../../modules/marketing"
import type MarketingModuleService from "../../../modules/marketing/service"

export type CreateSegmentStepInput = { organization_id: string; name: string; filters: SegmentFilters }

export const createSegmentStep = createStep(
  "create-marketing-segment",
  async (input: CreateSegmentStepInput, { container }) => {
    const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
    const segment = await marketing.createSegments(input)
    return new StepResponse(segment, segment.id)
  },
  async (id, { container }) => {
    if (!id) return
    const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
    await marketing.deleteSegments(id)
  }
)
