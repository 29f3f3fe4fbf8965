// The Atelier a browser journey runs against: the production build (with the browser apps, and the Medusa admin
// when a journey needs /app), a scratch database with the demo data, and one `medusa start` on a free port in
// production mode on the local payment gateway. Processes are killed by a reaper even if the runner dies.
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
import { buildApps } from "../../../scripts/lib/ui.mjs"

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..")

/**
 * Starts the stack. `admin`: build and serve the Medusa admin at /app. Resolves with `{baseUrl, databaseUrl, sql,
 * logFile, mailboxDir, buildErrors, stop}`; `sql(text, params)` queries the scratch database; `mailboxDir` holds the
 * emails the server sent (lib/mailbox.mjs). On failure everything started is undone.
 */
export async function startStack({ admin = false, log = () => {} } = {}) {
  const reaper = startReaper()
  const undo = []
  const stop = async () => {
    while (undo.length) await undo.pop()().catch((error) => log(`clean-up: ${error.message}`))
    reaper.release()
  }
  try {
    const build = await ensureBuild(root, { log, quiet: true, admin })
    // `medusa build` empties .medusa/server, so the apps are built into it whenever it was rebuilt.
    await buildApps(root, { out: path.join(root, ".medusa/server/dist/ui"), ifStale: true, log })

    const db = await scratchDatabase({ prefix: "atelier_e2e", testEnv: true, log })
    if (db.postmasterPid) reaper.addPid(db.postmasterPid)
    if (db.dir) reaper.addDir(db.dir)
    undo.push(() => db.stop())
    const port = await freePort()
    // The demo pictures' URLs are this server's (src/scripts/seed.ts).
    await migrateAndSeed(root, db.databaseUrl, { log, quiet: true, env: { PUBLIC_URL: `http://localhost:${port}` } })
    const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 })
    pool.on("error", () => {})
    undo.push(() => pool.end())

    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-e2e-"))
    reaper.addDir(logDir)
    const logFile = path.join(logDir, "server.log")
    // The local email provider writes every email here (EMAIL_MAILBOX_DIR): the journeys read it (lib/mailbox.mjs).
    const mailboxDir = path.join(logDir, "mailbox")
    fs.mkdirSync(mailboxDir)
    log(`starting the server on port ${port} (log: ${logFile})`)
    const server = await startMedusa({
      root,
      port,
      output: logFile,
      env: {
        ...localGatewayProductionEnv(),
        ...raisedRateLimitsEnv(),
        JWT_SECRET: crypto.randomBytes(24).toString("hex"),
        COOKIE_SECRET: crypto.randomBytes(24).toString("hex"),
        STRIPE_WEBHOOK_SECRET: `whsec_e2e_${crypto.randomBytes(16).toString("hex")}`,
        DATABASE_URL: db.databaseUrl,
        // The sandbox's onboarding page is on this server, and returns to the dashboard it serves (docs/payout-onboarding.md).
        PUBLIC_URL: `http://localhost:${port}`,
        APP_URL: `http://localhost:${port}/dashboard`,
        ADMIN_DISABLED: admin ? "false" : "true",
        // The dashboard journey's webhook receiver listens on 127.0.0.1, which production's URL policy refuses: this
        // test-only switch keeps the development policy on this stack (docs/artist-dashboard.md).
        ATELIER_ALLOW_LOCAL_WEBHOOKS_IN_PRODUCTION: "true",
        EMAIL_MAILBOX_DIR: mailboxDir,
        LOG_LEVEL: "error",
      },
      onGroup: (pgid) => reaper.addGroup(pgid),
      onGroupGone: (pgid) => reaper.removeGroup(pgid),
    })
    undo.push(() => server.stop())
    // `localhost`, not 127.0.0.1: the browser treats it as a secure context, so the production build's Secure cookies stick.
    const baseUrl = `http://localhost:${port}`
    return {
      baseUrl,
      databaseUrl: db.databaseUrl,
      sql: (text, params) => pool.query(text, params),
      logFile,
      mailboxDir,
      buildErrors: build.errors,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
