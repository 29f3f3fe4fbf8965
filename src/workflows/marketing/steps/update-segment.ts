import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { SegmentFilters } from "../../../lib/campaigns"
import { MARKETING_MODULE } from "../../../modules/marketing"
import type MarketingModuleService from "../../../modules/marketing/service"

export type UpdateSegmentStepInput = { id: string; name?: string; filters?: SegmentFilters }

type Previous = { id: string; name: string; filters: SegmentFilters }

/** Changes what is given; compensation puts the previous name and filters back. */
export const updateSegmentStep = createStep(
  "update-marketing-segment",
  async (input: UpdateSegmentStepInput, { container }) => {
    const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
    const before = await marketing.retrieveSegment(input.id, { select: ["id", "name", "filters"] })
    const segment = await marketing.updateSegments({
      id: input.id,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.filters !== undefined ? { filters: input.filters } : {}),
    })
    const previous: Previous = { id: before.id, name: before.name, filters: before.filters as SegmentFilters }
    return new StepResponse(segment, previous)
  },
  async (previous, { container }) => {
    if (!previous) return
    const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
    await marketing.updateSegments(previous)
  }
)
