import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { listSpotlights } from "../../../../queries/curation"
import { createSpotlightWorkflow } from "../../../../workflows/curation/workflows/create-spotlight"
import { spotlightView } from "./spotlight-view"
import type { AdminListSpotlightsQuery, CreateSpotlightBody } from "./validators"

/**
 * GET /api/admin/spotlights?is_active&current (spec 4.9): newest publication first, each with its organization
 * {name, slug} (joined in the same query). current=true keeps those visible now (active, published, not expired);
 * current=false does not filter.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { is_active, current } = req.validatedQuery as unknown as AdminListSpotlightsQuery
  const spotlights = await listSpotlights(req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION), {
    is_active,
    visibleAt: current ? new Date() : undefined,
  })
  res.json({ spotlights: spotlights.map(spotlightView) })
}

/** POST /api/admin/spotlights -> 201 {spotlight: {id, orgId, title, isActive, publishedAt, createdAt}}. */
export async function POST(req: AuthenticatedMedusaRequest<CreateSpotlightBody>, res: MedusaResponse) {
  const { result } = await createSpotlightWorkflow(req.scope).run({ input: req.validatedBody })
  res.status(201).json({
    spotlight: {
      id: result.id,
      orgId: result.organization_id,
      title: result.title,
      isActive: result.is_active,
      publishedAt: result.published_at,
      createdAt: result.created_at,
    },
  })
}
