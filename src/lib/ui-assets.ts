// The browser apps Atelier serves itself (the gallery storefront at /gallery; an artist dashboard may sit beside it):
// which file a request under an app's mount names. Pure: the static middleware (src/api/utils/ui-static.ts) does
// the I/O. Built by `npm run build:ui` (scripts/build-ui.mjs) into `<UI dir>/<app>/`.

/** What a request path below an app's mount asks for. */
export type UiRequest =
  /** A built file, relative to the app's folder (`assets/index-3f2a.js`). */
  | { kind: "file"; relative: string; immutable: boolean }
  /** A page of the single-page app: answered with its index.html, whose router shows the page. */
  | { kind: "page" }
  | { kind: "not_found" }

const CONTENT_TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json; charset=utf-8",
  map: "application/json; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  ico: "image/x-icon",
  woff2: "font/woff2",
  txt: "text/plain; charset=utf-8",
}

/** The Content-Type of a built file by its extension; null for a kind the apps never build (served as 404). */
export function uiContentType(relative: string): string | null {
  const dot = relative.lastIndexOf(".")
  if (dot < 0) return null
  return CONTENT_TYPES[relative.slice(dot + 1).toLowerCase()] ?? null
}

/** Types worth sending gzipped (the build writes a `.gz` beside each). */
export function isCompressible(relative: string): boolean {
  return /\.(?:js|mjs|css|html|json|svg|map|txt)$/i.test(relative)
}

/**
 * `path` is the request path below the mount (`/`, `/cart`, `/assets/index-3f2a.js`), still URL-encoded. A last
 * segment with an extension names a file (a missing one is a 404, never the page, so that a stale asset URL fails
 * loudly); anything else is a page. Paths that could leave the app's folder (`..`, backslashes, NUL, dot-files,
 * bad encoding) are not found. Files under `assets/` carry a content hash in their name and may be cached forever.
 */
export function resolveUiRequest(path: string): UiRequest {
  let decoded: string
  try {
    decoded = decodeURIComponent(path.split("?")[0])
  } catch {
    return { kind: "not_found" }
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return { kind: "not_found" }
  const segments = decoded.split("/").filter((segment) => segment.length > 0)
  if (segments.some((segment) => segment.startsWith("."))) return { kind: "not_found" }
  const last = segments[segments.length - 1]
  if (!last || !last.includes(".")) return { kind: "page" }
  const relative = segments.join("/")
  if (relative === "index.html") return { kind: "page" }
  if (!uiContentType(relative)) return { kind: "not_found" }
  return { kind: "file", relative, immutable: segments[0] === "assets" }
}
