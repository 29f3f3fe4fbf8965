// `npm run ops:drill`: the backup and restore of docs/deploy.md, tried on a scratch database with orders in flight.
//
// 1. A production build (`medusa build`, when stale) on a scratch database `drill_<time>_<pid>`, migrated
//    (`medusa db:migrate`, with REDIS_URL as the servers have it) and seeded with the demo data; an API server
//    (WORKER_MODE=server) and a worker (WORKER_MODE=worker) on it and on a Redis database of their own.
// 2. Orders through the server, as buyers place them: paid and settled (transfers made); paid while the worker is
//    down (transfers and emails queued in the outbox); checked out and not paid; and checked out and being paid at
//    the moment `pg_dump -Fc` runs (in flight: the backup catches each in whatever state it was).
// 3. After the backup the live system goes on: the worker comes back and makes the queued transfers, and a customer
//    pays one of the waiting orders. Then it stops (the disaster).
// 4. `psql -c 'CREATE DATABASE ...'` and `pg_restore` into `drill_restored_<time>_<pid>`; `psql` lists the outbox's
//    undelivered messages. The payment provider is not part of the backup: Stripe keeps every charge and transfer
//    made after it, so the local gateway's tables (the provider's side, `sandbox_*`) are replaced by the live ones as
//    the disaster left them.
// 5. A server and a worker started with `npm start` on the restored database and an empty Redis database (Redis
//    holds nothing to restore). Once the restored outbox has drained, every order is checked
//    (integration-tests/faults/lib/invariants.mjs): charged => paid, not charged => not paid, reservations = paid
//    quantities, emails once, one transfer of 88 % per paid artist order; and here: every order paid before the
//    disaster is paid, each paid order's ledger is balanced (earned = its payouts, sent = its transfers at the
//    provider, one entry per transfer), the provider holds no transfer more than before the restore (the restored
//    outbox's transfers were replays of their idempotency keys), nothing is left in the outbox, and the restored
//    server's GET /health/ready answers 200 (its migrations check included).
//
// PostgreSQL: the server of DATABASE_URL (else DB_HOST..., the test setup's) when a pg_dump of its major version or
// newer is installed (PG_BIN, /usr/lib/postgresql/<major>/bin, PATH); otherwise — no server configured, or the
// embedded PostgreSQL, whose package ships no pg_dump — a scratch server from the newest installed PostgreSQL's own
// binaries. That server and the processes started with `npm start` take ports of 9400-9449 (DRILL_PORTS=from-to;
// the live processes take free ports, as the other harnesses' do). Redis: REDIS_URL, else 127.0.0.1:6379 (required).
// Prints each step and, last, `ops:drill: passed in N s` or `ops:drill: FAILED: ...` (exit 1). DRILL_KEEP_LOGS=true
// keeps the processes' logs (kept anyway on failure).
import { spawn } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import pg from "pg"
import { configuredServerUrl, dropDatabase } from "./lib/database.mjs"
import { findPgTools, freePortIn, runPgTool, serverMajor, startScratchServer, toolsFor } from "./lib/postgres-tools.mjs"
import { cleanUpOnInterrupt, groupPids, localGatewayProductionEnv, raisedRateLimitsEnv, waitForHealth } from "./lib/processes.mjs"
import { claimRedisDatabase, probeRedisSync, redisUrlFromEnv } from "./lib/redis.mjs"
import { createCluster, logFolder, prepareDatabase, root, startReaper } from "../integration-tests/faults/lib/cluster.mjs"
import {
  adminToken,
  checkoutCart,
  checkoutConfirm,
  PRINT_HANDLES,
  request,
  restock,
  sandboxConfirm,
} from "../integration-tests/faults/lib/gallery.mjs"
import { checkOrders } from "../integration-tests/faults/lib/invariants.mjs"

const started = Date.now()
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
const log = (message) => console.log(`[drill] ${message}`)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const [PORT_FROM, PORT_TO] = (process.env.DRILL_PORTS ?? "9400-9449").split("-").map(Number)
/** How long a system (live, then restored) has to settle its payments and drain its outbox before a check fails. */
const DRAIN_SECONDS = 60
/** The restored processes' reconciliation period (default 60 s): the bound on settling a payment nobody reported. */
const RECONCILE_SECONDS = 2
/** One print of each studio per order: three artist orders, three transfers. */
const LINES = PRINT_HANDLES.map((handle) => [handle, 1])

/** Kept on failure, for the processes' logs. */
let keepLogs = process.env.DRILL_KEEP_LOGS === "true"
/** What to undo, last first. */
const cleanups = []
async function runCleanups() {
  while (cleanups.length) await cleanups.pop()().catch((error) => log(`clean-up: ${error.message}`))
}

/** Exits with the drill's verdict. */
class DrillFailure extends Error {}
const fail = (message) => {
  throw new DrillFailure(message)
}

/** The PostgreSQL server to run on and the tools that can dump it (a scratch server when none configured fits). */
async function choosePostgres(reaper) {
  const tools = findPgTools()
  if (!tools.length) fail("no pg_dump/pg_restore found (install PostgreSQL's client tools or set PG_BIN)")
  const configured = configuredServerUrl(true)
  if (configured) {
    const major = await serverMajor(configured.toString())
    const fit = toolsFor(tools, major)
    if (fit) {
      log(`PostgreSQL ${major} at ${configured.hostname}:${configured.port || 5432}, ${fit.version}`)
      return fit
    }
    log(`the configured PostgreSQL is ${major}; no pg_dump of ${major} or newer is installed (${tools.map((t) => t.version).join(", ")})`)
  }
  for (const candidate of tools) {
    const server = await startScratchServer(candidate, { ports: [PORT_FROM, PORT_TO], log })
    if (!server) continue
    reaper.addPid(server.pid)
    reaper.addDir(server.dir)
    cleanups.push(server.stop)
    // prepareDatabase (scratchDatabase) makes its database on DATABASE_URL's server.
    process.env.DATABASE_URL = server.url
    log(`${candidate.version}`)
    return candidate
  }
  return fail(`no PostgreSQL server binaries beside ${tools.map((t) => t.bin).join(", ")} to start a server pg_dump can dump`)
}

function pool(databaseUrl) {
  const p = new pg.Pool({ connectionString: databaseUrl, max: 4 })
  p.on("error", () => {}) // a connection cut when the database is dropped during clean-up
  cleanups.push(() => p.end())
  return (text, params) => p.query(text, params)
}

/**
 * `npm start` (scripts/start.mjs: the production build in .medusa/server), as an operator starts Atelier, in a process
 * group of its own with its output appended to `logFile`, on `port`. Resolves once /health answers with
 * `{baseUrl, stop}`; `stop()` sends SIGTERM to the group, SIGKILL after 15 s.
 */
async function npmStart({ port, env, logFile, reaper }) {
  const fd = fs.openSync(logFile, "a")
  const child = spawn("npm", ["start"], { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ["ignore", fd, fd], detached: true })
  fs.closeSync(fd)
  const pgid = child.pid
  reaper.addGroup(pgid)
  const exited = new Promise((resolve) => child.once("exit", resolve))
  const signal = (name) => {
    try {
      process.kill(-pgid, name)
    } catch {}
  }
  const stop = async () => {
    signal("SIGTERM")
    const timer = setTimeout(() => signal("SIGKILL"), 15_000)
    await exited
    while (groupPids(pgid).length) await sleep(50)
    clearTimeout(timer)
    reaper.removeGroup(pgid)
  }
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitForHealth(baseUrl, child)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseUrl, stop }
}

/** A placed order (a refused checkout fails the drill with the server's answer). */
async function placeOrder(baseUrl, catalogue, email) {
  const order = await checkoutCart(baseUrl, catalogue, LINES, { email })
  if (order.refused) fail(`checkout refused: ${order.refused.status} ${JSON.stringify(order.refused.body)}`)
  return order
}

/** The buyer pays with the local gateway's card and the storefront confirms, as the gallery's checkout page does. */
async function pay(baseUrl, order) {
  const paid = await sandboxConfirm(baseUrl, order.paymentIntentId)
  if (paid.status !== 200) fail(`card payment of ${order.publicId}: ${paid.status} ${JSON.stringify(paid.body)}`)
  const confirmed = await checkoutConfirm(baseUrl, order.paymentIntentId)
  if (confirmed.status !== 200) fail(`confirm of ${order.publicId}: ${confirmed.status} ${JSON.stringify(confirmed.body)}`)
}

/**
 * The ledger of these orders (docs/payouts-ledger.md): a paid order's artists earned its artist orders' payouts, and
 * each transfer at the provider has exactly one `transfer_sent` entry of its amount naming it; an organization
 * that can receive transfers is owed nothing after them (earned = sent). An unpaid order has no entry.
 */
async function ledgerViolations(sql, paymentIntentIds, connected) {
  const { rows } = await sql(
    `SELECT o.public_id, o.status, o.transfer_group,
            (SELECT coalesce(sum(a.payout_cents), 0)::int FROM gallery_artist_order a
              WHERE a.gallery_order_id = o.id AND a.deleted_at IS NULL) AS payouts,
            (SELECT coalesce(sum(a.payout_cents), 0)::int FROM gallery_artist_order a
              WHERE a.gallery_order_id = o.id AND a.deleted_at IS NULL AND a.organization_id = ANY($2)) AS owed,
            (SELECT coalesce(sum(e.earned_cents), 0)::int FROM gallery_ledger_entry e WHERE e.gallery_order_id = o.id) AS earned,
            (SELECT coalesce(sum(e.sent_cents), 0)::int FROM gallery_ledger_entry e WHERE e.gallery_order_id = o.id) AS sent,
            (SELECT count(*)::int FROM gallery_ledger_entry e WHERE e.gallery_order_id = o.id) AS entries,
            (SELECT coalesce(string_agg(e.reference || ':' || e.amount_cents, ',' ORDER BY e.reference), '')
               FROM gallery_ledger_entry e WHERE e.gallery_order_id = o.id AND e.kind = 'transfer_sent') AS recorded,
            (SELECT coalesce(string_agg(t.id || ':' || t.amount, ',' ORDER BY t.id), '')
               FROM sandbox_transfer t WHERE t.transfer_group = o.transfer_group AND t.deleted_at IS NULL) AS at_provider
       FROM gallery_order o WHERE o.payment_intent_id = ANY($1) AND o.deleted_at IS NULL`,
    [paymentIntentIds, Object.keys(connected)]
  )
  const violations = []
  for (const o of rows) {
    if (o.status !== "paid") {
      if (o.entries) violations.push(`${o.public_id}: ${o.status} with ${o.entries} ledger entries`)
      continue
    }
    if (o.earned !== o.payouts) violations.push(`${o.public_id}: ledger earned ${o.earned}, its artist orders' payouts ${o.payouts}`)
    if (o.sent !== o.owed) violations.push(`${o.public_id}: ledger sent ${o.sent}, owed to connected artists ${o.owed}`)
    if (o.recorded !== o.at_provider) {
      violations.push(`${o.public_id}: ledger transfers [${o.recorded}], the provider's [${o.at_provider}]`)
    }
  }
  return violations
}

/** Everything the drill checks, as messages (empty: all hold). */
async function allViolations(sql, intents, connected) {
  const { violations } = await checkOrders(sql, intents, { connected })
  const undelivered = await sql(
    `SELECT handler, count(*)::int AS n, max(last_error) AS last_error FROM gallery_outbox_message
      WHERE delivered_at IS NULL GROUP BY handler`
  )
  return [
    ...violations.map((v) => `invariant ${v.invariant}: ${v.message}`),
    ...(await ledgerViolations(sql, intents, connected)),
    ...undelivered.rows.map((r) => `outbox: ${r.n} ${r.handler} message(s) undelivered${r.last_error ? ` (${r.last_error})` : ""}`),
  ]
}

/** Polls `allViolations` until none are left or `seconds` pass; returns the last ones. */
async function settle(sql, intents, connected, seconds) {
  const until = Date.now() + seconds * 1000
  let found = await allViolations(sql, intents, connected)
  while (found.length && Date.now() < until) {
    await sleep(500)
    found = await allViolations(sql, intents, connected)
  }
  return found
}

async function main() {
  const redisBase = redisUrlFromEnv()
  const probe = probeRedisSync(redisBase)
  if (!probe.reachable) fail(`Redis is needed (a server and a worker share it) and does not answer at ${redisBase}: ${probe.reason}`)

  const reaper = startReaper()
  cleanups.push(async () => reaper.release())
  const tools = await choosePostgres(reaper)

  // 1. The live system. Its database is migrated as a deploy migrates, with the servers' environment: the Redis
  // workflow engine's own migrations run only with REDIS_URL set (docs/deploy.md, "Migrations").
  const liveRedis = await claimRedisDatabase(redisBase, { log })
  cleanups.push(liveRedis.release)
  process.env.REDIS_URL = liveRedis.url
  const db = await prepareDatabase({ prefix: "drill", log, reaper })
  cleanups.push(db.close)
  const liveUrl = db.databaseUrl
  const logDir = logFolder("atelier-drill-", reaper)
  cleanups.push(async () => (keepLogs ? log(`processes' logs kept in ${logDir}`) : fs.rmSync(logDir, { recursive: true, force: true })))
  const live = createCluster({ databaseUrl: liveUrl, redisUrl: liveRedis.url, logDir, reaper })
  cleanups.push(live.stopAll)
  await Promise.all([live.start("live-server", "server"), live.start("live-worker", "worker")])
  const api = live.baseUrl("live-server")
  log(`live server and worker up (${elapsed()})`)
  await restock(api, await adminToken(api), db.sql, db.catalogue, Object.fromEntries(PRINT_HANDLES.map((h) => [h, 100])))

  // 2. Orders in every state.
  const settled = [await placeOrder(api, db.catalogue, "settled-1@drill.test"), await placeOrder(api, db.catalogue, "settled-2@drill.test")]
  for (const order of settled) await pay(api, order)
  const settledProblems = await settle(db.sql, settled.map((o) => o.paymentIntentId), db.connected, DRAIN_SECONDS)
  if (settledProblems.length) fail(`the live system did not settle its first orders:\n  ${settledProblems.join("\n  ")}`)
  log("2 orders paid and settled (transfers made, emails sent)")

  await live.kill("live-worker")
  const queued = [await placeOrder(api, db.catalogue, "queued-1@drill.test"), await placeOrder(api, db.catalogue, "queued-2@drill.test")]
  for (const order of queued) await pay(api, order)
  const waiting = await Promise.all(["waiting-1", "waiting-2", "waiting-3"].map((n) => placeOrder(api, db.catalogue, `${n}@drill.test`)))
  const inFlight = await Promise.all(["flight-1", "flight-2", "flight-3"].map((n) => placeOrder(api, db.catalogue, `${n}@drill.test`)))
  log("worker stopped; 2 orders paid with their transfers queued in the outbox, 3 checked out and not paid")

  // The backup, while three buyers are paying.
  const dumpFile = path.join(logDir, "atelier.dump")
  const dumpStarted = Date.now()
  await Promise.all([
    runPgTool(tools, "pg_dump", ["-Fc", "--file", dumpFile, "--dbname", liveUrl]),
    ...inFlight.map((order, i) => sleep(i * 40).then(() => pay(api, order))),
  ])
  log(`pg_dump -Fc while 3 orders were being paid: ${(fs.statSync(dumpFile).size / 1e6).toFixed(1)} MB in ${((Date.now() - dumpStarted) / 1000).toFixed(1)} s`)

  // 3. Life goes on after the backup: the worker makes the queued transfers, a buyer pays a waiting order.
  await live.restart("live-worker")
  await pay(api, waiting[0])
  const orders = [...settled, ...queued, ...waiting, ...inFlight]
  const intents = orders.map((o) => o.paymentIntentId)
  const liveProblems = await settle(db.sql, intents, db.connected, DRAIN_SECONDS)
  if (liveProblems.length) fail(`the live system did not settle its orders after the backup:\n  ${liveProblems.join("\n  ")}`)
  const livePaid = (
    await db.sql(`SELECT payment_intent_id FROM gallery_order WHERE payment_intent_id = ANY($1) AND status = 'paid'`, [intents])
  ).rows.map((r) => r.payment_intent_id)
  const liveTransfers = (
    await db.sql(
      `SELECT t.id FROM sandbox_transfer t JOIN gallery_order o ON o.transfer_group = t.transfer_group
        WHERE o.payment_intent_id = ANY($1) AND t.deleted_at IS NULL ORDER BY t.id`,
      [intents]
    )
  ).rows.map((r) => r.id)
  await live.stopAll()
  log(`after the backup: the worker made the queued transfers, a waiting order was paid; ${livePaid.length} paid, ${liveTransfers.length} transfers; live system stopped`)

  // 4. The restore, into a new database; the provider's side as the disaster left it.
  // With the commands of docs/deploy.md ("Restore").
  const restoredName = `drill_restored_${Date.now()}_${process.pid}`
  const restoredUrl = new URL(liveUrl)
  restoredUrl.pathname = `/${restoredName}`
  const serverUrl = new URL(liveUrl)
  serverUrl.pathname = "/postgres"
  await runPgTool(tools, "psql", ["--dbname", serverUrl.toString(), "--quiet", "--command", `CREATE DATABASE ${restoredName}`])
  cleanups.push(() => dropDatabase(restoredUrl.toString()))
  const restoreStarted = Date.now()
  await runPgTool(tools, "pg_restore", ["--exit-on-error", "--no-owner", "--dbname", restoredUrl.toString(), dumpFile])
  log(`pg_restore into ${restoredName} in ${((Date.now() - restoreStarted) / 1000).toFixed(1)} s`)
  const undelivered = await runPgTool(tools, "psql", [
    "--dbname", restoredUrl.toString(), "--no-align", "--tuples-only", "--command",
    "SELECT handler, count(*), min(created_at) FROM gallery_outbox_message WHERE delivered_at IS NULL GROUP BY handler",
  ])
  const queuedTransfers = Number(undelivered.match(/^transfer-payouts\|(\d+)\|/m)?.[1] ?? 0)
  const restored = pool(restoredUrl.toString())
  const { rows: [caught] } = await restored(
    `SELECT (SELECT count(*)::int FROM gallery_order WHERE payment_intent_id = ANY($1) AND status = 'paid') AS paid,
            (SELECT count(*)::int FROM gallery_order WHERE payment_intent_id = ANY($2) AND status = 'paid') AS in_flight_paid`,
    [intents, inFlight.map((o) => o.paymentIntentId)]
  )
  log(`the backup holds ${caught.paid} paid orders (${caught.in_flight_paid} of the 3 in flight), ${queuedTransfers} transfer messages undelivered`)
  if (queuedTransfers === 0) fail("the backup holds no queued transfer: the drill did not exercise the outbox's redelivery")

  const providerDump = path.join(logDir, "provider.dump")
  await runPgTool(tools, "pg_dump", ["-Fc", "--data-only", "--table=sandbox_*", "--file", providerDump, "--dbname", liveUrl])
  const providerTables = (
    await restored(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename LIKE 'sandbox\\_%'`)
  ).rows.map((r) => `"${r.tablename}"`)
  await restored(`TRUNCATE ${providerTables.join(", ")}`)
  await runPgTool(tools, "pg_restore", ["--exit-on-error", "--data-only", "--dbname", restoredUrl.toString(), providerDump])

  // 5. The restored system, on an empty Redis database.
  const restoredRedis = await claimRedisDatabase(redisBase, { log })
  cleanups.push(restoredRedis.release)
  const restoredEnv = {
    ...localGatewayProductionEnv(),
    ...raisedRateLimitsEnv(),
    JWT_SECRET: crypto.randomBytes(24).toString("hex"),
    COOKIE_SECRET: crypto.randomBytes(24).toString("hex"),
    DATABASE_URL: restoredUrl.toString(),
    REDIS_URL: restoredRedis.url,
    SETTLEMENT_RECONCILE_SECONDS: String(RECONCILE_SECONDS),
    NODE_OPTIONS: "",
  }
  // Both ports chosen before either process binds one.
  const serverPort = await freePortIn(PORT_FROM, PORT_TO)
  const workerPort = await freePortIn(serverPort + 1, PORT_TO)
  const [restoredServer, restoredWorker] = await Promise.all(
    [
      ["server", serverPort],
      ["worker", workerPort],
    ].map(([mode, port]) =>
      npmStart({ port, env: { ...restoredEnv, WORKER_MODE: mode }, logFile: path.join(logDir, `restored-${mode}.log`), reaper })
    )
  )
  cleanups.push(restoredServer.stop, restoredWorker.stop)
  log(`restored server and worker up with npm start (${elapsed()})`)

  const problems = await settle(restored, intents, db.connected, DRAIN_SECONDS)
  const restoredPaid = new Set(
    (await restored(`SELECT payment_intent_id FROM gallery_order WHERE payment_intent_id = ANY($1) AND status = 'paid'`, [intents])).rows.map(
      (r) => r.payment_intent_id
    )
  )
  for (const intent of livePaid) {
    if (!restoredPaid.has(intent)) problems.push(`order of ${intent}: paid before the disaster, not after the restore`)
  }
  const restoredTransfers = (
    await restored(
      `SELECT t.id FROM sandbox_transfer t JOIN gallery_order o ON o.transfer_group = t.transfer_group
        WHERE o.payment_intent_id = ANY($1) AND t.deleted_at IS NULL ORDER BY t.id`,
      [intents]
    )
  ).rows.map((r) => r.id)
  if (restoredTransfers.join() !== liveTransfers.join()) {
    problems.push(
      `the provider holds ${restoredTransfers.length} transfers after the restore, ${liveTransfers.length} before: ` +
        "each transfer the restored outbox redelivered must be a replay of the one already made"
    )
  }
  const ready = await request(restoredServer.baseUrl, "GET", "/health/ready")
  if (ready.status !== 200) problems.push(`GET /health/ready on the restored server: ${ready.status} ${JSON.stringify(ready.body)}`)
  if (problems.length) fail(`after the restore:\n  ${problems.join("\n  ")}`)
  log(
    `after the restore: ${restoredPaid.size} of ${orders.length} orders paid (all ${livePaid.length} paid before the disaster), ` +
      `${queuedTransfers} queued transfer messages redelivered as replays (${restoredTransfers.length} transfers, none new), ` +
      `ledger balanced, outbox empty, /health/ready 200`
  )
}

const interrupted = () => runCleanups()
cleanUpOnInterrupt(interrupted, log)
let code = 0
try {
  await main()
  console.log(`ops:drill: passed in ${elapsed()}`)
} catch (error) {
  code = 1
  keepLogs = true
  if (!(error instanceof DrillFailure)) console.error(error)
  console.log(`ops:drill: FAILED after ${elapsed()}: ${error.message}`)
}
await runCleanups()
process.exit(code)
