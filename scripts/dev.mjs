// `npm run dev`: a database (DATABASE_URL, or an embedded PostgreSQL under .data/), migrations, demo data
// on an empty database, then `medusa develop`, and the browser apps (apps/*, served at /gallery) built into dist/ui
// and rebuilt on every change. Ctrl-C / SIGTERM stops the server, the app builds and the embedded database.
import { spawn } from "node:child_process"
import path from "node:path"
import { prepareDatabase } from "./lib/medusa.mjs"
import { buildApps } from "./lib/ui.mjs"

const root = path.resolve(import.meta.dirname, "..")
const { databaseUrl, stop } = await prepareDatabase(root, { log: (m) => console.log(`[atelier] ${m}`) })

// Watch mode builds each app first; medusa develop boots meanwhile (it serves 503 on /gallery until the build is
// there). dist/ is outside medusa develop's watch, so a rebuild does not restart the server.
const uiWatchers = buildApps(root, { watch: true, log: (m) => console.log(`[atelier] ui ${m}`) }).catch((error) => {
  console.error(`[atelier] ui build failed: ${error.message} (the API still runs; /gallery answers 503)`)
  return []
})

let shuttingDown = false
const server = spawn(path.join(root, "node_modules/.bin/medusa"), ["develop"], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: databaseUrl },
  stdio: "inherit",
  // Its own process group: `medusa develop` forks the server, and only a group signal stops both.
  detached: true,
})

async function shutdown(code) {
  if (shuttingDown) return
  shuttingDown = true
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
  await Promise.all((await uiWatchers).map((watcher) => watcher.close()))
  await stop()
  process.exit(code)
}

process.on("SIGINT", () => shutdown(0))
process.on("SIGTERM", () => shutdown(0))
server.on("exit", (code) => shutdown(code ?? 0))
