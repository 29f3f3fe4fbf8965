import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { updateOrganizationWorkflow } from "../../../../../workflows/organization/workflows/update-organization"
import { organizationView } from "../../../../utils/organization-view"
import type { AdminUpdateOrganizationBody } from "../validators"

export async function PATCH(req: AuthenticatedMedusaRequest<AdminUpdateOrganizationBody>, res: MedusaResponse) {
  const { galleryApproved, plan, foundingArtistSince } = req.validatedBody
  const { result } = await updateOrganizationWorkflow(req.scope).run({
    input: {
      id: req.params.id,
      ...(galleryApproved === undefined ? {} : { gallery_approved: galleryApproved }),
      ...(plan === undefined ? {} : { plan }),
      ...(foundingArtistSince === undefined
        ? {}
        : { founding_artist_since: foundingArtistSince === null ? null : new Date(foundingArtistSince) }),
    },
  })
  res.json({ organization: organizationView(result) })
}
