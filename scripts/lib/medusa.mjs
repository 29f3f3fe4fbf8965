import { spawn } from "node:child_process"
import path from "node:path"
import { ensureDatabase, queryOnce, startEmbeddedPostgres } from "./database.mjs"

export const DEFAULT_EMBEDDED_PORT = 54329

/** Runs a Medusa CLI command in the project and resolves when it exits 0. */
export function runMedusa(root, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules/.bin/medusa"), args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: "inherit",
    })
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`medusa ${args.join(" ")} exited ${code}`))))
  })
}

/**
 * The database for a local run: DATABASE_URL, or an embedded server under `.data/postgres`.
 * Creates the database, migrates it and seeds demo data when it holds no organization yet.
 */
export async function prepareDatabase(root, { log, seed = true } = {}) {
  let databaseUrl = process.env.DATABASE_URL
  let stop = async () => {}
  if (!databaseUrl) {
    const port = Number(process.env.EMBEDDED_PG_PORT || DEFAULT_EMBEDDED_PORT)
    log(`starting embedded PostgreSQL on port ${port} (data in .data/postgres)`)
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(root, ".data/postgres"), port })
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
  return { databaseUrl, stop }
}
