import { spawn } from "node:child_process"
import path from "node:path"
import { ensureDatabase, queryOnce, startEmbeddedPostgres } from "./database.mjs"

export const DEFAULT_EMBEDDED_PORT = 54329

/**
 * Runs a Medusa CLI command in the project and resolves when it exits 0. `quiet` collects its output and prints it
 * only when the command fails (unless `printFailure` is false: the error then carries it as `output`).
 */
export function runMedusa(root, args, env, { quiet = false, printFailure = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules/.bin/medusa"), args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    })
    let output = ""
    child.stdout?.on("data", (chunk) => (output += chunk))
    child.stderr?.on("data", (chunk) => (output += chunk))
    child.on("error", reject)
    child.on("exit", (code) => {
      if (code === 0) return resolve()
      if (output && printFailure) console.error(output)
      reject(Object.assign(new Error(`medusa ${args.join(" ")} exited ${code}`), { output }))
    })
  })
}

/**
 * The database for a local run: DATABASE_URL, or an embedded server on EMBEDDED_PG_PORT (54329) with its data in
 * EMBEDDED_PG_DATA_DIR (`.data/postgres`). Creates the database, migrates it and seeds demo data when it holds no
 * organization yet. `dataDir`: the embedded server's data folder (null with DATABASE_URL).
 */
export async function prepareDatabase(root, { log, seed = true, onEmbeddedStart = () => {} } = {}) {
  let databaseUrl = process.env.DATABASE_URL
  let stop = async () => {}
  let dataDir = null
  if (!databaseUrl) {
    const port = Number(process.env.EMBEDDED_PG_PORT || DEFAULT_EMBEDDED_PORT)
    dataDir = path.resolve(root, process.env.EMBEDDED_PG_DATA_DIR || ".data/postgres")
    const shown = path.relative(root, dataDir)
    log(`starting embedded PostgreSQL on port ${port} (data in ${shown.startsWith("..") ? dataDir : shown})`)
    // Said before the start, so that a wrapper killed while the server starts still has it stopped.
    onEmbeddedStart(dataDir)
    const embedded = await startEmbeddedPostgres({ dataDir, port })
    databaseUrl = embedded.url("atelier")
    stop = embedded.stop
  }
  try {
    await ensureDatabase(databaseUrl)
    log("applying migrations")
    await runMedusa(root, ["db:migrate"], { DATABASE_URL: databaseUrl })
    if (seed) {
      const { rows } = await queryOnce(databaseUrl, "SELECT count(*)::int AS n FROM organization")
      if (rows[0].n === 0) {
        log("empty database: seeding demo data")
        await runMedusa(root, ["exec", "./src/scripts/seed.ts"], { DATABASE_URL: databaseUrl })
      }
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { databaseUrl, stop, dataDir }
}

/**
 * Migrations and demo data on `databaseUrl` (the project's own CLI commands, as `npm run dev` runs them). `env`: more
 * of the server's environment, e.g. the PUBLIC_URL the demo pictures' URLs are built on.
 */
export async function migrateAndSeed(root, databaseUrl, { log = () => {}, quiet = false, env: serverEnv = {} } = {}) {
  const env = { ...serverEnv, DATABASE_URL: databaseUrl, LOG_LEVEL: "error", MEDUSA_DISABLE_TELEMETRY: "true" }
  log("applying migrations")
  await runMedusa(root, ["db:migrate"], env, { quiet })
  log("seeding demo data")
  await runMedusa(root, ["exec", "./src/scripts/seed.ts"], env, { quiet })
}
