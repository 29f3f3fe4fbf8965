/** A key as the dashboard shows it: never its secret, nor its hash. */
export function apiKeyView(key: {
  id: string
  name: string
  prefix: string
  scopes: string[]
  environment: string
  created_at: Date | string
  last_used_at: Date | string | null
  revoked_at: Date | string | null
}) {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    environment: key.environment,
    created_at: key.created_at,
    last_used_at: key.last_used_at,
    revoked_at: key.revoked_at,
  }
}

export const API_KEY_VIEW_FIELDS = [
  "id",
  "name",
  "prefix",
  "scopes",
  "environment",
  "created_at",
  "last_used_at",
  "revoked_at",
] as const
