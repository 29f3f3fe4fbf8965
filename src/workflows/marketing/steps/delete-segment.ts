import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { conflictError } from "../../../lib/public-conflict"
import { MARKETING_MODULE } from "../../../modules/marketing"
import type MarketingModuleService from "../../../modules/marketing/service"

/**
 * Soft-deletes a segment that no unsent campaign (draft, scheduled, sending) names: those still need its filters.
 * Sent campaigns keep their recipient rows, so they do not need it. Compensation restores it.
 */
export const deleteSegmentStep = createStep(
  "delete-marketing-segment",
  async (input: { id: string; inUseMessage: string }, { container }) => {
    const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
    const [using] = await marketing.listCampaigns(
      { segment_id: input.id, status: ["draft", "scheduled", "sending"] },
      { select: ["id"], take: 1 }
    )
    if (using) throw conflictError(input.inUseMessage)
    await marketing.softDeleteSegments(input.id)
    return new StepResponse({ id: input.id }, input.id)
  },
  async (id, { container }) => {
    if (!id) return
    const marketing: MarketingModuleService = container.resolve(MARKETING_MODULE)
    await marketing.restoreSegments(id)
  }
)
