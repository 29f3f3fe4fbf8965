// `npm run dev`: a database (DATABASE_URL, or an embedded PostgreSQL under .data/), migrations, demo data
// on an empty database, then `medusa develop`, and the browser apps (apps/*, served at /gallery and /dashboard) built
// into dist/ui and rebuilt on every change. Ctrl-C / SIGTERM stops the server, the app builds and the embedded
// database.
import { spawn } from "node:child_process"
import path from "node:path"
import { prepareDatabase } from "./lib/medusa.mjs"
import { announceWhenReady, loadPublicUrls } from "./lib/public-urls.mjs"
import { defaultUiOut, isBuilt, listApps } from "./lib/ui.mjs"

const root = path.resolve(import.meta.dirname, "..")
const log = (m) => console.log(`[atelier] ${m}`)
// A malformed PUBLIC_URL, APP_URL or PORT is said now, in the words the server would refuse to start with.
const urls = await loadPublicUrls(root)
  .then((rule) => rule.publicUrls(process.env))
  .catch((error) => {
    console.error(`[atelier] ${error.message}`)
    process.exit(1)
  })

// The apps build in their own process (Vite sets NODE_ENV=production where it builds), watching for changes, while
// the database starts. A build replaces the served one only once complete (scripts/lib/ui.mjs), so an app built
// before is served at once and stays served while it is rebuilt; one never built is waited for below, so that every
// app is served from the moment the server answers.
const unbuilt = new Set(listApps(root).filter((app) => !isBuilt(defaultUiOut(root), app)))
const ui = spawn(process.execPath, [path.join(root, "scripts/build-ui.mjs"), "--watch"], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit", "ipc"],
})
const firstBuilds = new Promise((resolve) => {
  const settle = () => unbuilt.size === 0 && resolve()
  settle()
  ui.on("message", (message) => {
    if (message?.type !== "first-build") return
    if (!message.ok) console.error(`[atelier] ui: ${message.app} did not build: /${message.app} answers 503 until a build succeeds`)
    unbuilt.delete(message.app)
    settle()
  })
  ui.on("exit", () => {
    unbuilt.clear()
    settle()
  })
})

let shuttingDown = false
let server = null

async function shutdown(code, stopDatabase) {
  if (shuttingDown) return
  shuttingDown = true
  if (server) {
    try {
      process.kill(-server.pid, "SIGTERM")
    } catch {}
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-server.pid, "SIGKILL")
        } catch {}
        resolve()
      }, 5000)
      server.once("exit", () => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
  if (ui.exitCode === null) {
    ui.kill("SIGTERM")
    await new Promise((resolve) => ui.once("exit", resolve))
  }
  await stopDatabase?.()
  process.exit(code)
}

let stopDatabase
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => shutdown(0, stopDatabase))

const database = await prepareDatabase(root, { log }).catch(async (error) => {
  console.error(`[atelier] ${error.message}`)
  await shutdown(1)
})
stopDatabase = database.stop
if (unbuilt.size) log(`waiting for the first build of ${[...unbuilt].join(", ")}`)
await firstBuilds
// Ctrl-C while the database started or the apps built: shutdown() is on its way to exit.
if (shuttingDown) await new Promise(() => {})

server = spawn(path.join(root, "node_modules/.bin/medusa"), ["develop"], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: database.databaseUrl },
  stdio: "inherit",
  // Its own process group: `medusa develop` forks the server, and only a group signal stops both.
  detached: true,
})
server.on("exit", (code) => shutdown(code ?? 0, stopDatabase))
void announceWhenReady({ urls, port: process.env.PORT || 9000, log, stopped: () => shuttingDown })
