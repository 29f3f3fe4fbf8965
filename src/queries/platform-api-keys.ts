import { preparedStatement, runPrepared, toKnex, type PgSource } from "./pg"

/** What authenticating a /v1 request needs to know about a key, read in one indexed query. */
export type ApiKeyRecord = {
  id: string
  organization_id: string
  data_organization_id: string
  environment: "live" | "sandbox"
  scopes: string[]
  /** The plan of the organization the key belongs to (its rate limits). */
  plan: string
  revoked: boolean
  last_used_at: Date | null
  /** The key's organization as a guest workspace: an expired one is read-only (docs/settings-and-guest-workspaces.md). */
  is_guest: boolean
  expires_at: Date | null
}

// The unique partial index on (hash) WHERE deleted_at IS NULL answers it; the organization by its primary key.
const BY_HASH = preparedStatement(
  "platform_api_key_by_hash",
  `SELECT k.id, k.organization_id, k.data_organization_id, k.environment, k.scopes, k.revoked_at IS NOT NULL AS revoked,
          k.last_used_at, o.plan, o.is_guest, o.expires_at
     FROM platform_api_key k
     JOIN organization o ON o.id = k.organization_id AND o.deleted_at IS NULL
    WHERE k.hash = ? AND k.deleted_at IS NULL`
)

/** The key whose SHA-256 is `hash` (revoked ones included, marked), or null. */
export async function findApiKeyByHash(source: PgSource, hash: string): Promise<ApiKeyRecord | null> {
  const result = await runPrepared(toKnex(source), BY_HASH, [hash])
  type Row = Omit<ApiKeyRecord, "last_used_at" | "expires_at"> & { last_used_at: Date | string | null; expires_at: Date | string | null }
  const row = result.rows?.[0] as Row | undefined
  if (!row) return null
  return {
    ...row,
    scopes: Array.isArray(row.scopes) ? row.scopes : [],
    last_used_at: row.last_used_at ? new Date(row.last_used_at) : null,
    is_guest: Boolean(row.is_guest),
    expires_at: row.expires_at ? new Date(row.expires_at) : null,
  }
}
