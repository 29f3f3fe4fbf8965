// Scopes of platform API keys (spec 2 "API key scopes", 5 rule 3). A write scope implies the read scope of the same
// resource; `admin` implies every scope.

export const API_SCOPES = ["read:products", "write:products", "read:orders", "write:orders", "admin"] as const
export type ApiScope = (typeof API_SCOPES)[number]

export function isApiScope(value: unknown): value is ApiScope {
  return typeof value === "string" && (API_SCOPES as readonly string[]).includes(value)
}

/** Whether a key holding `granted` may do what `required` allows. */
export function scopeAllows(granted: readonly string[], required: ApiScope): boolean {
  if (granted.includes("admin") || granted.includes(required)) return true
  const [action, resource] = required.split(":")
  return action === "read" && granted.includes(`write:${resource}`)
}

/** Scopes as stored: known ones only, each once, in the canonical order of API_SCOPES. */
export function normalizeScopes(scopes: readonly string[]): ApiScope[] {
  return API_SCOPES.filter((scope) => scopes.includes(scope))
}
