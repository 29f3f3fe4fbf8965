// Atelier's browser apps (apps/<name>/, each a Vite + React app served by the server at /<name>): listing, building
// (once, when stale, or watching), and measuring what a browser downloads. Used by scripts/build-ui.mjs, `npm run
// dev` and the browser tests.
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { newestMtime } from "./build.mjs"

/** The apps: folders of apps/ with a vite.config.mjs (apps/shared holds what they share). */
export function listApps(root) {
  const dir = path.join(root, "apps")
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, "vite.config.mjs")))
    .map((entry) => entry.name)
    .sort()
}

/** Where an app's build goes by default (the server's `dist/ui`, src/api/utils/ui-static.ts). */
export const defaultUiOut = (root) => path.join(root, "dist/ui")

/** Newest source time of an app: its folder, the shared code, the SDK it imports, the dependencies. */
function sourcesMtime(root, app) {
  return Math.max(
    ...[`apps/${app}`, "apps/shared", "src/sdk", "src/lib", "package.json", "package-lock.json"].map((p) => newestMtime(path.join(root, p)))
  )
}

export function isStale(root, app, out = defaultUiOut(root)) {
  const index = path.join(out, app, "index.html")
  return !fs.existsSync(index) || fs.statSync(index).mtimeMs < sourcesMtime(root, app)
}

async function viteConfig(root, app, out) {
  const { loadConfigFromFile } = await import("vite")
  const configFile = path.join(root, "apps", app, "vite.config.mjs")
  const loaded = await loadConfigFromFile({ command: "build", mode: "production" }, configFile)
  const config = loaded.config
  return { ...config, configFile: false, build: { ...config.build, outDir: path.join(out, app) } }
}

/**
 * Builds `apps` (default: every app) into `<out>/<app>`. `ifStale` skips an app whose build is newer than its
 * sources. `watch` keeps rebuilding on changes and resolves with the watchers (`close()` each). Logs each app's
 * JavaScript size.
 */
export async function buildApps(root, { apps = listApps(root), out = defaultUiOut(root), ifStale = false, watch = false, log = () => {} } = {}) {
  const { build } = await import("vite")
  // Vite sets NODE_ENV=production in this process while it builds; what runs next (migrations, medusa develop)
  // must not inherit it.
  const nodeEnv = process.env.NODE_ENV
  const restoreNodeEnv = () => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  const watchers = []
  for (const app of apps) {
    if (!watch && ifStale && !isStale(root, app, out)) {
      log(`${app}: build is up to date (${path.relative(root, path.join(out, app)) || "."})`)
      continue
    }
    const started = Date.now()
    const config = await viteConfig(root, app, out)
    const result = await build({ ...config, build: { ...config.build, watch: watch ? {} : null } }).finally(restoreNodeEnv)
    if (watch) {
      watchers.push(result)
      log(`${app}: watching apps/${app} (rebuilds into ${path.relative(root, path.join(out, app))})`)
      continue
    }
    const stats = bundleStats(path.join(out, app))
    log(
      `${app}: built in ${((Date.now() - started) / 1000).toFixed(1)} s into ${path.relative(root, path.join(out, app))}: ` +
        `JavaScript ${(stats.js_bytes / 1024).toFixed(1)} kB, ${(stats.js_gzip_bytes / 1024).toFixed(1)} kB gzipped`
    )
  }
  return watchers
}

/**
 * What a browser downloads of a built app: the JavaScript (every chunk, raw and gzipped at level 9 as the server
 * sends it), the CSS, and the entry chunk's own share. Sizes in bytes.
 */
export function bundleStats(appDir) {
  const files = []
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else files.push(full)
    }
  }
  walk(appDir)
  const sized = (pattern) => {
    let raw = 0
    let gzip = 0
    for (const file of files.filter((f) => pattern.test(f))) {
      const content = fs.readFileSync(file)
      raw += content.length
      gzip += zlib.gzipSync(content, { level: 9 }).length
    }
    return { raw, gzip }
  }
  const js = sized(/\.m?js$/)
  const css = sized(/\.css$/)
  return { js_bytes: js.raw, js_gzip_bytes: js.gzip, css_bytes: css.raw, css_gzip_bytes: css.gzip, files: files.filter((f) => !f.endsWith(".gz")).length }
}
