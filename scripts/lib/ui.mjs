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

/** Whether `<out>/<app>` holds a build the server can serve. */
export const isBuilt = (out, app) => fs.existsSync(path.join(out, app, "index.html"))

// A build is written to `<out>/.staging/<app>`, then kept as `<out>/.builds/<app>@<id>`, which `<out>/<app>` (a
// symbolic link, what the server serves) points at.
const stagingDir = (out, app) => path.join(out, ".staging", app)
const BUILDS = ".builds"
/** Builds of an app kept besides the served one: a page loaded from an earlier build still finds its lazy chunks. */
const KEEP_PREVIOUS_BUILDS = 2
let published = 0

/**
 * Makes the complete build in `<out>/.staging/<app>` the one served, at once: it moves to `<out>/.builds/<app>@<id>`
 * and the link `<out>/<app>` is replaced by a rename (atomic), so a request reads the whole previous build or the
 * whole new one, never a half-written folder, never none (docs/storefront-ui.md, "Builds"). A folder left at
 * `<out>/<app>` by an older layout is moved aside first (the one moment the app is briefly missing).
 */
export function publishBuild(out, app) {
  const staged = stagingDir(out, app)
  if (!fs.existsSync(path.join(staged, "index.html"))) throw new Error(`${app}: no complete build in ${staged}`)
  const id = `${app}@${Date.now().toString(36)}-${process.pid}-${++published}`
  fs.mkdirSync(path.join(out, BUILDS), { recursive: true })
  fs.renameSync(staged, path.join(out, BUILDS, id))
  const served = path.join(out, app)
  const link = path.join(out, `.${app}.${process.pid}.link`)
  fs.rmSync(link, { force: true })
  fs.symlinkSync(path.join(BUILDS, id), link)
  if (fs.lstatSync(served, { throwIfNoEntry: false })?.isDirectory()) {
    fs.renameSync(served, path.join(out, BUILDS, `${app}@${Date.now().toString(36)}-replaced`))
  }
  fs.renameSync(link, served)
  pruneBuilds(out, app, id)
}

/** Removes the app's builds older than the served one and the KEEP_PREVIOUS_BUILDS before it. */
function pruneBuilds(out, app, servedId) {
  const dir = path.join(out, BUILDS)
  const builds = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(`${app}@`) && name !== servedId)
    .map((name) => ({ name, mtime: fs.statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)
  for (const { name } of builds.slice(KEEP_PREVIOUS_BUILDS)) fs.rmSync(path.join(dir, name), { recursive: true, force: true })
}

async function viteConfig(root, app, out) {
  const { loadConfigFromFile } = await import("vite")
  const configFile = path.join(root, "apps", app, "vite.config.mjs")
  const loaded = await loadConfigFromFile({ command: "build", mode: "production" }, configFile)
  const config = loaded.config
  return { ...config, configFile: false, build: { ...config.build, outDir: stagingDir(out, app) } }
}

/**
 * A watched app: `firstBuild` settles when its first build is served (`true`) or failed (`false`: whatever was
 * served before stays served). Every later rebuild replaces the served build once complete; a failed one changes
 * nothing.
 */
function watchApp(watcher, out, app, log) {
  let failed = false
  let settleFirst
  const firstBuild = new Promise((resolve) => (settleFirst = resolve))
  watcher.on("event", (event) => {
    if (event.code === "START") failed = false
    else if (event.code === "ERROR") {
      failed = true
      log(`${app}: build failed (${event.error?.message ?? "unknown error"}); the previous build stays served`)
      settleFirst(false)
    } else if (event.code === "END" && !failed) {
      try {
        publishBuild(out, app)
        log(`${app}: built, now served`)
        settleFirst(true)
      } catch (error) {
        log(`${app}: ${error.message}`)
        settleFirst(false)
      }
    }
  })
  return { app, firstBuild, close: () => watcher.close() }
}

/**
 * Builds `apps` (default: every app) into `<out>/<app>`, each build served only once complete (publishBuild).
 * `ifStale` skips an app whose build is newer than its sources. `watch` keeps rebuilding on changes and resolves
 * with the watchers (`{app, firstBuild, close()}`). Logs each app's JavaScript size.
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
      watchers.push(watchApp(result, out, app, log))
      log(`${app}: watching apps/${app} (rebuilds replace ${path.relative(root, path.join(out, app))} once complete)`)
      continue
    }
    publishBuild(out, app)
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
