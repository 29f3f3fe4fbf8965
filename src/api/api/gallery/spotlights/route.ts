import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { listSpotlights } from "../../../../queries/curation"
import { spotlightView } from "../../admin/spotlights/spotlight-view"

/** GET /api/gallery/spotlights: the spotlights visible now (active, published, not expired), newest first. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const spotlights = await listSpotlights(req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION), {
    visibleAt: new Date(),
  })
  res.json({ spotlights: spotlights.map(spotlightView) })
}
