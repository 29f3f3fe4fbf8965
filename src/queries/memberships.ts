import type { MembershipRole } from "../modules/organization/models/membership"
import { preparedStatement, runPrepared, toKnex, type PgSource } from "./pg"

/**
 * A member's memberships (not deleted), read on every creator-dashboard request (access.ts): one named prepared
 * statement over the organization module's `membership` table (its unique index on member_id, organization_id)
 * instead of an ORM query, which cost a third of a product list request (docs/products.md, benchmark).
 */
export type MembershipRow = {
  id: string
  role: MembershipRole
  organization_id: string
  /** The organization's guest-workspace fields: an expired guest workspace is read-only (access.ts, actFor). */
  is_guest: boolean
  expires_at: Date | string | null
}

const MEMBERSHIPS = preparedStatement(
  "memberships_of_member_with_guest_state",
  `SELECT m.id, m.role, m.organization_id, o.is_guest, o.expires_at
     FROM membership m JOIN organization o ON o.id = m.organization_id AND o.deleted_at IS NULL
    WHERE m.member_id = ? AND m.deleted_at IS NULL AND (?::text IS NULL OR m.organization_id = ?::text)
    ORDER BY m.organization_id
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
