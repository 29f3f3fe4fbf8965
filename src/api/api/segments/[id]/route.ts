import type { MedusaResponse } from "@medusajs/framework/http"
import { MARKETING_MODULE } from "../../../../modules/marketing"
import type MarketingModuleService from "../../../../modules/marketing/service"
import { countAudience } from "../../../../queries/medusa/audience"
import { deleteSegmentWorkflow } from "../../../../workflows/marketing/workflows/delete-segment"
import { updateSegmentWorkflow } from "../../../../workflows/marketing/workflows/update-segment"
import type { OrganizationScopedRequest } from "../../../utils/access"
import { SEGMENT_VIEW_FIELDS, segmentFilters, segmentView } from "../segment-view"
import { SEGMENT_MESSAGES, type UpdateSegmentBody } from "../validators"

/** GET /api/segments/{id} -> {segment} with its live `count`. */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const marketing: MarketingModuleService = req.scope.resolve(MARKETING_MODULE)
  const segment = await marketing.retrieveSegment(req.params.id, { select: [...SEGMENT_VIEW_FIELDS] })
  const count = await countAudience(req.scope, req.organization.id, segmentFilters(segment.filters))
  res.json({ segment: segmentView(segment, count) })
}

/** PUT / PATCH /api/segments/{id} -> {segment}: the name and/or the filters (as a whole) change. */
export async function PUT(req: OrganizationScopedRequest<UpdateSegmentBody>, res: MedusaResponse) {
  const body = req.validatedBody as UpdateSegmentBody
  const { result } = await updateSegmentWorkflow(req.scope).run({
    input: { id: req.params.id, name: body.name, filters: body.filters },
  })
  const count = await countAudience(req.scope, req.organization.id, segmentFilters(result.filters))
  res.json({ segment: segmentView(result, count) })
}

export const PATCH = PUT

/** DELETE /api/segments/{id}: 409 while an unsent campaign uses it. */
export async function DELETE(req: OrganizationScopedRequest, res: MedusaResponse) {
  await deleteSegmentWorkflow(req.scope).run({ input: { id: req.params.id, inUseMessage: SEGMENT_MESSAGES.inUse } })
  res.json({ id: req.params.id, object: "segment", deleted: true })
}
