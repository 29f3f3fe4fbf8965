/**
 * The path of a request as the router matches it, the one form every guard and family decision reads. Express (under
 * Medusa) routes case-insensitively and ignores trailing slashes, so a guard that compared the raw path would leave
 * `/API/members/me` or `/api/members/me/` open while the route still answers them. Lower-cased, without query,
 * fragment or trailing slashes; percent-escapes are left as they are, since the router does not decode them either.
 */
export function routedPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0]
  return (path.replace(/\/+$/, "") || "/").toLowerCase()
}

/** `routedPath` of an Express request: its original URL, before any mount point was cut off it. */
export function requestPath(req: { originalUrl?: string; url?: string }): string {
  return routedPath(req.originalUrl || req.url || "")
}
