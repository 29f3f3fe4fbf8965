// A multi-process Atelier for the scale-out test and the fault-injection harness: one production build, a scratch
// database with the demo data, and any number of `medusa start` processes (shared, server or worker mode) on it,
// each in its own process group with its output in a log file, restartable on the same port, and killed even if
// the harness dies (a reaper process).
import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"
import { ensureBuild } from "../../../scripts/lib/build.mjs"
import { freePort, scratchDatabase } from "../../../scripts/lib/database.mjs"
import { migrateAndSeed } from "../../../scripts/lib/medusa.mjs"
import { localGatewayProductionEnv, raisedRateLimitsEnv, startMedusa, startReaper } from "../../../scripts/lib/processes.mjs"
import { connectedAccounts, loadCatalogue } from "./gallery.mjs"

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..")

/**
 * Build (when stale), scratch database (DATABASE_URL's or DB_HOST's server, else embedded), migrations, demo seed,
 * connected-account fixture. Returns `{databaseUrl, sql, catalogue, connected, buildErrors, close}`; `close()` drops
 * the database (or stops the embedded server). On failure everything started so far is undone.
 */
export async function prepareDatabase({ prefix, log, reaper }) {
  const build = await ensureBuild(root, { log, quiet: true })
  const db = await scratchDatabase({ prefix, testEnv: true, log })
  if (db.postmasterPid) reaper?.addPid(db.postmasterPid)
  if (db.dir) reaper?.addDir(db.dir)
  let pool = null
  try {
    await migrateAndSeed(root, db.databaseUrl, { log, quiet: true })
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 4 })
    // A connection cut when the database goes away during clean-up must not crash the harness.
    pool.on("error", () => {})
    const sql = (text, params) => pool.query(text, params)
    const connected = await connectedAccounts(sql, { log })
    const catalogue = await loadCatalogue(sql)
    return {
      databaseUrl: db.databaseUrl,
      sql,
      catalogue,
      connected,
      buildErrors: build.errors,
      close: async () => {
        await pool.end().catch(() => {})
        await db.stop()
      },
    }
  } catch (error) {
    await pool?.end().catch(() => {})
    await db.stop().catch(() => {})
    throw error
  }
}

/**
 * Atelier processes on `databaseUrl` (and `redisUrl` when given: event bus, workflow engine and locks in Redis).
 * Every process shares the secrets (so tokens and webhook signatures hold across processes and restarts) and runs
 * in production mode on the local payment gateway. Processes log at `logLevel` into `<logDir>/<name>.log`.
 */
export function createCluster({ databaseUrl, redisUrl = null, logDir, reconcileSeconds = null, logLevel = "info", reaper }) {
  const secrets = {
    JWT_SECRET: crypto.randomBytes(24).toString("hex"),
    COOKIE_SECRET: crypto.randomBytes(24).toString("hex"),
    STRIPE_WEBHOOK_SECRET: `whsec_harness_${crypto.randomBytes(16).toString("hex")}`,
  }
  const members = new Map()

  async function launch(member) {
    member.handle = await startMedusa({
      root,
      port: member.port,
      output: member.logFile,
      env: {
        ...localGatewayProductionEnv(),
        ...raisedRateLimitsEnv(),
        ...secrets,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl ?? undefined,
        WORKER_MODE: member.mode,
        LOG_LEVEL: logLevel,
        ...(reconcileSeconds != null ? { SETTLEMENT_RECONCILE_SECONDS: String(reconcileSeconds) } : {}),
        ...member.env,
      },
      onGroup: (pgid) => reaper?.addGroup(pgid),
      onGroupGone: (pgid) => reaper?.removeGroup(pgid),
    })
    return member
  }

  return {
    webhookSecret: secrets.STRIPE_WEBHOOK_SECRET,
    /**
     * Starts process `name` in `mode` (shared | server | worker) on a free port, with `env` added to its environment;
     * resolves once /health answers.
     */
    async start(name, mode, env = {}) {
      const member = { name, mode, env, port: await freePort(), logFile: path.join(logDir, `${name}.log`), handle: null }
      members.set(name, member)
      fs.appendFileSync(member.logFile, `--- ${new Date().toISOString()} start (${mode})\n`)
      return launch(member)
    },
    baseUrl: (name) => `http://127.0.0.1:${members.get(name).port}`,
    logFile: (name) => members.get(name).logFile,
    /** SIGKILL to the process group of `name`; resolves once nothing of it is left. */
    async kill(name) {
      await members.get(name).handle.kill("SIGKILL")
    },
    /** SIGTERM (a clean stop) to `name`; resolves with `{code, signal}` of its exit once nothing of it is left. */
    async terminate(name) {
      return members.get(name).handle.terminate("SIGTERM")
    },
    /** Starts `name` again on its port after a kill; resolves once /health answers. */
    async restart(name) {
      const member = members.get(name)
      fs.appendFileSync(member.logFile, `\n--- ${new Date().toISOString()} restart\n`)
      return launch(member)
    },
    /** Stops every process (SIGTERM, then SIGKILL after 5 s). */
    async stopAll() {
      await Promise.all([...members.values()].map((m) => m.handle?.stop().catch(() => {})))
    },
  }
}

/** A scratch folder for the processes' logs (removed by the reaper, if given, when the harness dies). */
export function logFolder(prefix, reaper = null) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  reaper?.addDir(dir)
  return dir
}

export { startReaper }
