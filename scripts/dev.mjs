// `npm run dev`: a database (DATABASE_URL, or an embedded PostgreSQL under .data/), migrations, demo data
// on an empty database, then `medusa develop`. Ctrl-C / SIGTERM stops the server and the embedded database.
import { spawn } from "node:child_process"
import path from "node:path"
import { prepareDatabase, runMedusa } from "./lib/medusa.mjs"

const root = path.resolve(import.meta.dirname, "..")
const { databaseUrl, stop } = await prepareDatabase(root, { log: (m) => console.log(`[atelier] ${m}`) })

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
  await stop()
  process.exit(code)
}

process.on("SIGINT", () => shutdown(0))
process.on("SIGTERM", () => shutdown(0))
server.on("exit", (code) => shutdown(code ?? 0))
