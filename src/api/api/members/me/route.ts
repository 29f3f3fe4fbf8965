import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

type MembershipRow = { role: string; organization: { id: string; name: string; slug: string } } | null

/** The logged-in member and the organizations it belongs to. */
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
      m ? [{ id: m.organization.id, name: m.organization.name, slug: m.organization.slug, role: m.role }] : []
    ),
  })
}
