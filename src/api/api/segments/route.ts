import type { MedusaResponse } from "@medusajs/framework/http"
import { MARKETING_MODULE } from "../../../modules/marketing"
import type MarketingModuleService from "../../../modules/marketing/service"
import { countAudience } from "../../../queries/medusa/audience"
import { createSegmentWorkflow } from "../../../workflows/marketing/workflows/create-segment"
import type { OrganizationScopedRequest } from "../../utils/access"
import { SEGMENT_VIEW_FIELDS, segmentFilters, segmentView } from "./segment-view"
import type { CreateSegmentBody } from "./validators"

/** GET /api/segments -> {segments} (newest first), each with its audience's live `count`. */
export async function GET(req: OrganizationScopedRequest, res: MedusaResponse) {
  const marketing: MarketingModuleService = req.scope.resolve(MARKETING_MODULE)
  const segments = await marketing.listSegments(
    { organization_id: req.organization.id },
    { select: [...SEGMENT_VIEW_FIELDS], order: { created_at: "DESC", id: "DESC" }, take: null }
  )
  const counts = await Promise.all(
    segments.map((segment) => countAudience(req.scope, req.organization.id, segmentFilters(segment.filters)))
  )
  res.json({ segments: segments.map((segment, i) => segmentView(segment, counts[i])) })
}

/** POST /api/segments -> 201 {segment}. */
export async function POST(req: OrganizationScopedRequest<CreateSegmentBody>, res: MedusaResponse) {
  const body = req.validatedBody as CreateSegmentBody
  const { result } = await createSegmentWorkflow(req.scope).run({
    input: { organization_id: req.organization.id, name: body.name, filters: body.filters },
  })
  const count = await countAudience(req.scope, req.organization.id, body.filters)
  res.status(201).json({ segment: segmentView(result, count) })
}
