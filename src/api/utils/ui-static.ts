import fs from "node:fs"
import path from "node:path"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { isCompressible, resolveUiRequest, uiContentType } from "../../lib/ui-assets"

/**
 * Where `npm run build:ui` puts the apps: `UI_DIST_DIR`, else `dist/ui` below the working directory (the project
 * root under `npm run dev`, `.medusa/server` under `npm start`, into which `npm run build` builds them too).
 */
export function uiDistDir(): string {
  return path.resolve(process.env.UI_DIST_DIR || path.join(process.cwd(), "dist/ui"))
}

function notBuilt(res: MedusaResponse, app: string) {
  res
    .status(503)
    .type("text/plain")
    .set("Cache-Control", "no-store")
    .send(`The ${app} app is not built: run \`npm run build:ui\` (\`npm run dev\` and \`npm run build\` build it too).\n`)
}

function sendFile(req: MedusaRequest, res: MedusaResponse, file: string, relative: string, cacheControl: string) {
  const gzipped = isCompressible(relative) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) && fs.existsSync(`${file}.gz`)
  const served = gzipped ? `${file}.gz` : file
  const stat = fs.statSync(served)
  res.status(200)
  res.setHeader("Content-Type", uiContentType(relative) ?? "application/octet-stream")
  res.setHeader("Content-Length", String(stat.size))
  res.setHeader("Cache-Control", cacheControl)
  res.setHeader("X-Content-Type-Options", "nosniff")
  if (isCompressible(relative)) res.setHeader("Vary", "Accept-Encoding")
  if (gzipped) res.setHeader("Content-Encoding", "gzip")
  if (req.method === "HEAD") return void res.end()
  fs.createReadStream(served).pipe(res)
}

/**
 * Serves the built single-page app `app` (mounted at `/<app>`): its files, and its index.html for every page path so
 * that the app's router shows the page (SPA fallback). Hashed assets are cached for a year, index.html revalidated
 * every time; a `.gz` beside a file is sent to clients that accept gzip. Before the app is built every path answers
 * 503 with the command that builds it, so a fresh clone still serves the API.
 */
export function serveUiApp(app: string) {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next()
    const dir = path.join(uiDistDir(), app)
    const index = path.join(dir, "index.html")
    if (!fs.existsSync(index)) return notBuilt(res, app)
    // Mounted with app.use("/<app>"), so req.path is below the mount.
    const target = resolveUiRequest(req.path)
    if (target.kind === "page") return sendFile(req, res, index, "index.html", "no-cache")
    const file = target.kind === "file" ? path.join(dir, target.relative) : null
    if (target.kind !== "file" || !file?.startsWith(dir + path.sep) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      return void res.status(404).type("text/plain").send("Not found\n")
    }
    sendFile(req, res, file, target.relative, target.immutable ? "public, max-age=31536000, immutable" : "no-cache")
  }
}
