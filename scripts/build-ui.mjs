// `npm run build:ui`: builds the browser apps (apps/<name>/, Vite + React) into dist/ui/<name>, which the server
// serves at /<name> (docs/storefront-ui.md); a build replaces the served one only once complete (scripts/lib/ui.mjs).
// `npm run build` runs it into .medusa/server/dist/ui after `medusa build`, `npm run dev` in watch mode.
//
//   node scripts/build-ui.mjs                    every app, into dist/ui
//   node scripts/build-ui.mjs --app gallery      one app (repeatable)
//   node scripts/build-ui.mjs --out DIR          another output folder (DIR/<name>)
//   node scripts/build-ui.mjs --if-stale         skip apps whose build is newer than their sources
//   node scripts/build-ui.mjs --watch            rebuild on changes until Ctrl-C (each build served once complete)
//   node scripts/build-ui.mjs --serve [--app X]  Vite's dev server on :5173 (hot reload), /api proxied to ATELIER_API
//                                                (default http://localhost:9000, a running `npm run dev`)
import path from "node:path"
import { parseArgs } from "node:util"
import { buildApps, listApps } from "./lib/ui.mjs"

const root = path.resolve(import.meta.dirname, "..")
const { values } = parseArgs({
  options: {
    app: { type: "string", multiple: true },
    out: { type: "string" },
    "if-stale": { type: "boolean", default: false },
    watch: { type: "boolean", default: false },
    serve: { type: "boolean", default: false },
  },
})
const log = (message) => console.log(`[ui] ${message}`)
const known = listApps(root)
const apps = values.app ?? known
for (const app of apps) {
  if (!known.includes(app)) {
    console.error(`[ui] unknown app "${app}" (apps: ${known.join(", ") || "none"})`)
    process.exit(1)
  }
}

if (values.serve) {
  const { createServer } = await import("vite")
  const app = apps[0]
  const server = await createServer({ configFile: path.join(root, "apps", app, "vite.config.mjs"), logLevel: "info" })
  await server.listen()
  server.printUrls()
} else {
  const watchers = await buildApps(root, {
    apps,
    out: values.out ? path.resolve(root, values.out) : undefined,
    ifStale: values["if-stale"],
    watch: values.watch,
    log,
  })
  if (watchers.length) {
    // Started by `npm run dev` (an IPC channel): it waits for the first build of an app that has none yet.
    for (const watcher of watchers) watcher.firstBuild.then((ok) => process.send?.({ type: "first-build", app: watcher.app, ok }))
    for (const signal of ["SIGINT", "SIGTERM"]) {
      process.on(signal, async () => {
        await Promise.all(watchers.map((watcher) => watcher.close()))
        process.exit(0)
      })
    }
  }
}
