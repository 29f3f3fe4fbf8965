import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { updateMemberWorkflow } from "../../../../workflows/member/workflows/update-member"
import type { UpdateMemberBody } from "../validators"

type MembershipRow = { role: string; organization: { id: string; name: string; slug: string; gallery_approved: boolean } } | null

/**
 * The logged-in member and the organizations it belongs to: its role in each, and whether the gallery administrators
 * approved it (`gallery_approved`: until then its works sell in its own store only, docs/artist-dashboard.md).
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "member",
    fields: ["id", "email", "first_name", "last_name", "memberships.role", "memberships.organization.*"],
    filters: { id: req.auth_context.actor_id },
  })
  const [member] = data
  res.json({
    member: { id: member.id, email: member.email, first_name: member.first_name, last_name: member.last_name },
    organizations: member.memberships.flatMap((m: MembershipRow) =>
      m
        ? [
            {
              id: m.organization.id,
              name: m.organization.name,
              slug: m.organization.slug,
              role: m.role,
              gallery_approved: m.organization.gallery_approved,
            },
          ]
        : []
    ),
  })
}

/** The logged-in member changes its names (e.g. to complete its account before promoting a guest workspace). */
export async function PATCH(req: AuthenticatedMedusaRequest<UpdateMemberBody>, res: MedusaResponse) {
  const { result } = await updateMemberWorkflow(req.scope).run({ input: { id: req.auth_context.actor_id, ...req.validatedBody } })
  res.json({ member: { id: result.id, email: result.email, first_name: result.first_name, last_name: result.last_name } })
}
