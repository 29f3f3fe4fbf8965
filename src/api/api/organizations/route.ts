import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createOrganizationWorkflow } from "../../../workflows/organization/workflows/create-organization"
import { organizationView } from "../../utils/organization-view"
import type { CreateOrganizationBody } from "./validators"

/** A member opens a new organization and becomes its owner; gallery approval is the administrators' call. */
export async function POST(req: AuthenticatedMedusaRequest<CreateOrganizationBody>, res: MedusaResponse) {
  const { result } = await createOrganizationWorkflow(req.scope).run({
    input: { organization: req.validatedBody, owner_member_id: req.auth_context.actor_id },
  })
  res.status(201).json({ organization: organizationView(result) })
}
