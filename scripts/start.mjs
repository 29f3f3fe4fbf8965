// `npm start`: serves the production build (`npm run build` -> .medusa/server) against DATABASE_URL.
import { spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { announceWhenReady, loadPublicUrls } from "./lib/public-urls.mjs"
import { medusaProductionCommand, serverNodeOptions } from "./lib/server-runtime.mjs"

const root = path.resolve(import.meta.dirname, "..")
const serverDir = path.join(root, ".medusa/server")
if (!process.env.DATABASE_URL) {
  console.error("DATABASE_URL must be set for `npm start` (use `npm run dev` for a local database).")
  process.exit(1)
}
if (!fs.existsSync(path.join(serverDir, "medusa-config.js"))) {
  console.error("No build found: run `npm run build` first.")
  process.exit(1)
}
const medusa = medusaProductionCommand(root, ["start"])
const server = spawn(medusa.command, medusa.args, {
  cwd: serverDir,
  env: { NODE_ENV: "production", ...process.env, NODE_OPTIONS: serverNodeOptions() },
  stdio: "inherit",
})
let exited = false
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal))
server.on("exit", (code) => {
  exited = true
  process.exit(code ?? 0)
})
// The addresses as the built server builds its links (its own compiled src/lib/public-urls.js; a build older than it
// lists none). A malformed PUBLIC_URL, APP_URL or PORT is the server's to refuse, in its own words.
const urls = await loadPublicUrls(root, { built: true })
  .then((rule) => rule.publicUrls(process.env))
  .catch(() => null)
if (urls) void announceWhenReady({ urls, port: process.env.PORT || 9000, log: (m) => console.log(`[atelier] ${m}`), stopped: () => exited })
