import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { listSpotlights } from "../../../../../queries/curation"
import { deleteSpotlightWorkflow } from "../../../../../workflows/curation/workflows/delete-spotlight"
import { updateSpotlightWorkflow } from "../../../../../workflows/curation/workflows/update-spotlight"
import { spotlightView } from "../spotlight-view"
import { SPOTLIGHT_MESSAGES, type UpdateSpotlightBody } from "../validators"

/** GET /api/admin/spotlights/{id} (beyond the spec's table, for editing): the full spotlight. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const [spotlight] = await listSpotlights(req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION), {
    id: req.params.id,
  })
  if (!spotlight) throw new MedusaError(MedusaError.Types.NOT_FOUND, SPOTLIGHT_MESSAGES.notFound)
  res.json({ spotlight: spotlightView(spotlight) })
}

/** PATCH /api/admin/spotlights/{id}: title, description, isActive, expiresAt, featuredImage, publishedAt, orgId. */
export async function PATCH(req: AuthenticatedMedusaRequest<UpdateSpotlightBody>, res: MedusaResponse) {
  const { result } = await updateSpotlightWorkflow(req.scope).run({ input: { id: req.params.id, ...req.validatedBody } })
  res.json({ spotlight: { id: result.id, title: result.title, updatedAt: result.updated_at } })
}

/** DELETE /api/admin/spotlights/{id}. */
export async function DELETE(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  await deleteSpotlightWorkflow(req.scope).run({ input: { id: req.params.id } })
  res.json({ success: true })
}
