// Deprecations of the platform API (spec 9: announced 6 months ahead, supported 12 months after deprecation,
// warnings in response headers). One table; matching requests get `Deprecation` (RFC 9745, a structured-field
// date), `Sunset` (RFC 8594, an HTTP date) and `Link: <...>; rel="deprecation"` pointing at the migration notes.

export type Deprecation = {
  /** What is deprecated, for the docs. */
  description: string
  method: string
  /** Path under the version prefix (`/orders`), matched whole. */
  path: RegExp
  /** Whether this request uses the deprecated form. */
  applies: (query: Record<string, unknown>) => boolean
  deprecatedAt: Date
  sunsetAt: Date
  /** Migration notes. */
  link: string
}

export const DEPRECATIONS: Deprecation[] = [
  {
    description: "Offset paging (`page`) on GET /v1/orders: use the cursor (`meta.next_cursor`).",
    method: "GET",
    path: /^\/orders\/?$/,
    applies: (query) => query.page !== undefined,
    deprecatedAt: new Date("2026-11-01T00:00:00Z"),
    sunsetAt: new Date("2027-11-01T00:00:00Z"),
    link: "https://docs.atelier.test/platform-api#orders-offset-paging",
  },
]

/** The headers for a request (`path` under the version prefix); empty when nothing it uses is deprecated. */
export function deprecationHeaders(
  method: string,
  path: string,
  query: Record<string, unknown>,
  table: Deprecation[] = DEPRECATIONS
): Record<string, string> {
  const found = table.find((d) => d.method === method && d.path.test(path) && d.applies(query))
  if (!found) return {}
  return {
    Deprecation: `@${Math.floor(found.deprecatedAt.getTime() / 1000)}`,
    Sunset: found.sunsetAt.toUTCString(),
    Link: `<${found.link}>; rel="deprecation"; type="text/html"`,
  }
}
