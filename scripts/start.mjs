// `npm start`: serves the production build (`npm run build` -> .medusa/server) against DATABASE_URL.
import { spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
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
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal))
server.on("exit", (code) => process.exit(code ?? 0))
