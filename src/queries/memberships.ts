import type { MembershipRole } from "../modules/organization/models/membership"
import { preparedStatement, runPrepared, toKnex, type PgSource } from "./pg"

/**
 * A member's memberships (not deleted), read on every creator-dashboard request (access.ts): one named prepared
 * statement over the organization module's `membership` table (its unique index on member_id, organization_id)
 * instead of an ORM query, which cost a third of a product list request (docs/products.md, benchmark).
 */
export type MembershipRow = { id: string; role: MembershipRole; organization_id: string }

const MEMBERSHIPS = preparedStatement(
  "memberships_of_member",
  `SELECT id, role, organization_id FROM membership
    WHERE member_id = ? AND deleted_at IS NULL AND (?::text IS NULL OR organization_id = ?::text)
    ORDER BY organization_id
    LIMIT ?`
)

/** Up to `limit` memberships of the member: in `organizationId` only when given (at most one then). */
export async function findMemberships(
  source: PgSource,
  memberId: string,
  organizationId: string | null,
  limit: number
): Promise<MembershipRow[]> {
  const result = await runPrepared(toKnex(source), MEMBERSHIPS, [memberId, organizationId, organizationId, limit])
  return (result.rows ?? []) as MembershipRow[]
}
