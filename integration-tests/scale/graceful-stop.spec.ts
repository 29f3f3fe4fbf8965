// Stopping cleanly and a worker's own operations port (docs/operations.md, "Stopping" and "Workers"): two API servers
// and a worker, real `medusa start` processes of the production build on one PostgreSQL and one Redis (as
// scale-out.spec.ts), with an outbox lease of 600 s (SETTLEMENT_RECONCILE_SECONDS), so that a message left claimed by
// a stopped process would visibly wait for it. Skipped, with a message saying why, when Redis does not answer.
//
// - The worker serves /metrics (METRICS_TOKEN) and /health/ready (with its scheduled jobs) on WORKER_OPERATIONS_PORT.
// - SIGTERM to an API server in the middle of a burst of checkouts: it exits 0; every buyer's checkout is paid or
//   refused (a buyer whose server went away goes on at the other, as behind a load balancer); the money invariants
//   hold (integration-tests/faults/lib/invariants.mjs).
// - SIGTERM to the worker in the middle of a burst: it exits 0 holding no outbox claim (nothing is due later than
//   now), and a new worker delivers everything at once, long before the lease would have ended.
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import type { Cluster, PreparedDatabase } from "../faults/lib/cluster.mjs" with { "resolution-mode": "import" }
import type { CheckedOut } from "../faults/lib/gallery.mjs" with { "resolution-mode": "import" }
import type { ClaimedRedisDatabase } from "../../scripts/lib/redis.mjs" with { "resolution-mode": "import" }
import type { Reaper } from "../../scripts/lib/processes.mjs" with { "resolution-mode": "import" }

jest.setTimeout(10 * 60_000)

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379"
const ping = spawnSync(process.execPath, [path.join(__dirname, "../../scripts/lib/redis-ping.mjs"), REDIS_URL], {
  encoding: "utf8",
  timeout: 10_000,
})
const redisReachable = ping.status === 0
if (!redisReachable) {
  console.warn(
    `[graceful-stop] SKIPPED: Redis is not reachable at ${REDIS_URL} (${(ping.stdout || ping.error?.message || "").trim()}). ` +
      "Start Redis or set REDIS_URL to run it."
  )
}
const describeWithRedis = redisReachable ? describe : describe.skip

const WORKER_OPERATIONS_PORT = 9360
const METRICS_TOKEN = "stop-metrics-token"
const SHUTDOWN_TIMEOUT_MS = 10_000
const LEASE_SECONDS = 600

const log = (message: string) => console.log(`[graceful-stop] ${message}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const libs = async () => ({
  cluster: await import("../faults/lib/cluster.mjs"),
  gallery: await import("../faults/lib/gallery.mjs"),
  invariants: await import("../faults/lib/invariants.mjs"),
  redis: await import("../../scripts/lib/redis.mjs"),
})

/** A request that never reached a server's app: refused connection, or a kept-alive connection closed under it. */
function unreachable(error: unknown): boolean {
  // fetch's errors come from Node's realm, not the test's: told apart by name, not instanceof.
  const { name, message, cause } = (error ?? {}) as { name?: string; message?: string; cause?: { code?: string } }
  return (
    name === "TypeError" &&
    /fetch failed/.test(message ?? "") &&
    ["ECONNREFUSED", "ECONNRESET", "UND_ERR_SOCKET", "EPIPE"].includes(cause?.code ?? "")
  )
}

describeWithRedis("stopping cleanly: SIGTERM to API servers and the worker; the worker's operations port", () => {
  let lib: Awaited<ReturnType<typeof libs>>
  let reaper: Reaper | null = null
  let db: PreparedDatabase | null = null
  let redis: ClaimedRedisDatabase | null = null
  let cluster: Cluster | null = null
  let logDir: string | null = null
  let failed = false
  const workerOps = `http://127.0.0.1:${WORKER_OPERATIONS_PORT}`
  const env = { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), METRICS_TOKEN }
  const workerEnv = { ...env, WORKER_OPERATIONS_PORT: String(WORKER_OPERATIONS_PORT) }

  function step(name: string, fn: () => Promise<void>) {
    it(name, async () => {
      try {
        await fn()
      } catch (error) {
        failed = true
        throw error
      }
    })
  }

  async function cleanup() {
    await cluster?.stopAll()
    await redis?.release().catch((error: Error) => log(`Redis clean-up: ${error.message}`))
    await db?.close().catch((error: Error) => log(`database clean-up: ${error.message}`))
    reaper?.release()
    if (logDir && !failed) fs.rmSync(logDir, { recursive: true, force: true })
    else if (logDir) log(`processes' logs kept in ${logDir}`)
  }

  beforeAll(async () => {
    lib = await libs()
    reaper = lib.cluster.startReaper()
    failed = true // until the setup is done: a setup that times out keeps the logs
    try {
      db = await lib.cluster.prepareDatabase({ prefix: "stop_graceful", log, reaper })
      redis = await lib.redis.claimRedisDatabase(REDIS_URL, { log })
      // As a deployment does (docs/deploy.md): db:migrate with the processes' REDIS_URL, so that the Redis modules'
      // migrations (the Redis workflow engine's are named apart from the in-process one's) are recorded, as the
      // readiness check expects; the shared setup migrates without Redis.
      const migrate = spawnSync(path.join(lib.cluster.root, "node_modules/.bin/medusa"), ["db:migrate"], {
        cwd: lib.cluster.root,
        env: { ...process.env, DATABASE_URL: db.databaseUrl, REDIS_URL: redis.url, LOG_LEVEL: "error", MEDUSA_DISABLE_TELEMETRY: "true" },
        encoding: "utf8",
      })
      if (migrate.status !== 0) throw new Error(`db:migrate with Redis failed: ${migrate.stderr || migrate.stdout}`)
      logDir = lib.cluster.logFolder("stop-graceful-", reaper)
      cluster = lib.cluster.createCluster({
        databaseUrl: db.databaseUrl,
        redisUrl: redis.url,
        logDir,
        reaper,
        reconcileSeconds: LEASE_SECONDS,
      })
      await Promise.all([
        cluster.start("server-a", "server", env),
        cluster.start("server-b", "server", env),
        cluster.start("worker", "worker", workerEnv),
      ])
      // Enough prints for every burst.
      const token = await lib.gallery.adminToken(cluster.baseUrl("server-b"))
      await lib.gallery.restock(
        cluster.baseUrl("server-b"),
        token,
        db.sql,
        db.catalogue,
        Object.fromEntries(lib.gallery.PRINT_HANDLES.map((h) => [h, 500]))
      )
      failed = false
    } catch (error) {
      await cleanup()
      throw error
    }
  }, 25 * 60_000) // a build, the seed and three processes' boots on a busy machine

  afterAll(cleanup)

  type Outcome = { paid: CheckedOut } | { refused: number }

  /**
   * One buyer: cart, checkout, card payment, confirm, each at the first server of `servers` that takes the
   * connection (a buyer whose server went away goes on at the next, as behind a load balancer). Any answer other
   * than success or a 4xx refusal of the checkout fails the test.
   */
  async function buyer(i: number, servers: string[]): Promise<Outcome> {
    const { checkoutCart, sandboxConfirm, checkoutConfirm, PRINT_HANDLES } = lib.gallery
    let at = 0
    const atServer = async <T>(fn: (baseUrl: string) => Promise<T>): Promise<T> => {
      for (;;) {
        try {
          return await fn(servers[at])
        } catch (error) {
          if (!unreachable(error) || at === servers.length - 1) throw error
          at += 1
        }
      }
    }
    const handle = PRINT_HANDLES[i % PRINT_HANDLES.length]
    const order = await atServer((url) => checkoutCart(url, db!.catalogue, [[handle, 1]], { email: `stop-${i}@stop.test` }))
    if (order.refused) return { refused: order.refused.status }
    const payment = await atServer((url) => sandboxConfirm(url, order.paymentIntentId))
    expect(payment.status).toBe(200)
    const confirmed = await atServer((url) => checkoutConfirm(url, order.paymentIntentId))
    expect({ status: confirmed.status, body: confirmed.body }).toMatchObject({ status: 200 })
    return { paid: order }
  }

  /** `count` buyers, `concurrency` at a time; `during` runs once `startAfter` of them have started. */
  async function burst(count: number, servers: string[], startAfter: number, during: () => Promise<void>) {
    const outcomes: Outcome[] = []
    let next = 0
    let duringRun: Promise<void> | null = null
    const concurrency = 6
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          const i = next++
          if (i === startAfter) duringRun = during()
          outcomes.push(await buyer(i, servers))
        }
      })
    )
    await duringRun
    return outcomes
  }

  async function moneyViolations(orders: CheckedOut[]) {
    const scarce = new Set(lib.gallery.ORIGINAL_HANDLES.map((h) => db!.catalogue[h].productId))
    const check = async () => {
      const { violations, stats } = await lib.invariants.checkOrders(
        db!.sql,
        orders.map((o) => o.paymentIntentId),
        { connected: db!.connected, scarceProductIds: scarce, inventoryItemIds: Object.values(db!.catalogue).map((c) => c.inventoryItemId) }
      )
      return { violations: violations.filter((v) => v.invariant !== 4).map((v) => v.message), stats }
    }
    const until = Date.now() + 30_000
    let found = await check()
    while (found.violations.length && Date.now() < until) {
      await sleep(250)
      found = await check()
    }
    return found
  }

  const undeliveredOutbox = async () =>
    Number((await db!.sql(`SELECT count(*)::int AS n FROM gallery_outbox_message WHERE delivered_at IS NULL AND deleted_at IS NULL`)).rows[0].n)

  step("the worker serves /metrics behind METRICS_TOKEN and /health/ready with its scheduled jobs on its own port", async () => {
    const anonymous = await fetch(`${workerOps}/metrics`)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/)
    expect(await anonymous.json()).toEqual({ error: "Unauthorized", message: "A valid metrics token is required" })
    expect((await fetch(`${workerOps}/metrics`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401)

    const scrape = await fetch(`${workerOps}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(scrape.status).toBe(200)
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain/)
    const body = await scrape.text()
    expect(body).toMatch(/^atelier_process_info\{mode="worker"\} 1$/m)
    expect(body).toMatch(/^process_resident_memory_bytes \d+/m)
    expect(body).toMatch(/^atelier_metrics_database_up 1$/m)
    expect(body).toMatch(/^atelier_outbox_undelivered_messages\{kind="transfer-payouts"\} \d+$/m)

    // Ready once a scheduled job ran here (deliver-webhooks runs every minute) and the outbox is current: the demo
    // seed's messages wait for a dispatch, which a payment's nudge starts (the job's own runs are 600 s apart here).
    expect("paid" in (await buyer(0, [cluster!.baseUrl("server-b")]))).toBe(true)
    const until = Date.now() + 150_000
    let ready = await fetch(`${workerOps}/health/ready`)
    let report = await ready.json()
    while ((ready.status !== 200 || report.checks?.jobs?.last_run_seconds_ago == null) && Date.now() < until) {
      await sleep(2000)
      ready = await fetch(`${workerOps}/health/ready`)
      report = await ready.json()
    }
    if (ready.status !== 200) {
      const server = await (await fetch(`${cluster!.baseUrl("server-b")}/health/ready`)).json()
      log(`worker not ready: ${JSON.stringify(report.checks)}; server-b: ${JSON.stringify(server.checks?.migrations)}`)
    }
    expect(report).toMatchObject({
      status: "ready",
      checks: {
        database: { status: "ok" },
        redis: { status: "ok" },
        migrations: { status: "ok" },
        outbox: { status: "ok" },
        jobs: { status: "ok", last_run_seconds_ago: expect.any(Number), threshold_seconds: 300 },
      },
    })
    expect(ready.status).toBe(200)
  })

  step("SIGTERM to an API server mid-burst: it exits 0, every checkout is paid or refused, the money balances", async () => {
    const serverA = cluster!.baseUrl("server-a")
    const serverB = cluster!.baseUrl("server-b")
    let stopped: { code: number | null; signal: string | null } | null = null
    let stopMs = 0
    const outcomes = await burst(20, [serverA, serverB], 6, async () => {
      const started = Date.now()
      stopped = await cluster!.terminate("server-a")
      stopMs = Date.now() - started
    })
    log(`server-a stopped in ${stopMs} ms; ${outcomes.filter((o) => "paid" in o).length} paid, ${outcomes.filter((o) => "refused" in o).length} refused`)
    expect(stopped).toEqual({ code: 0, signal: null })
    expect(stopMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 5000)
    expect(outcomes).toHaveLength(20)
    const paid = outcomes.flatMap((o) => ("paid" in o ? [o.paid] : []))
    // Prints in stock: nothing to refuse, so every buyer paid (some after going on at server-b).
    expect(paid).toHaveLength(20)
    const { violations, stats } = await moneyViolations(paid)
    expect(violations).toEqual([])
    expect(stats).toMatchObject({ orders: 20, paid: 20, pending: 0 })

    const serverLog = fs.readFileSync(cluster!.logFile("server-a"), "utf8")
    expect(serverLog).toMatch(/SIGTERM: stopping \(in-flight work has 10000 ms\)/)
    expect(serverLog).not.toMatch(/still not stopped/)
    await cluster!.restart("server-a")
  })

  step("SIGTERM to the worker mid-burst: it exits 0 holding no outbox claim; a new worker delivers everything at once", async () => {
    const serverA = cluster!.baseUrl("server-a")
    const serverB = cluster!.baseUrl("server-b")
    let stopped: { code: number | null; signal: string | null } | null = null
    let heldAfterStop = -1
    const outcomes = await burst(20, [serverB, serverA], 6, async () => {
      stopped = await cluster!.terminate("worker")
      // Claimed messages carry their lease in available_at (600 s ahead); none may be left so.
      heldAfterStop = Number(
        (
          await db!.sql(
            `SELECT count(*)::int AS n FROM gallery_outbox_message
              WHERE delivered_at IS NULL AND deleted_at IS NULL AND available_at > now() + interval '60 seconds'`
          )
        ).rows[0].n
      )
    })
    expect(stopped).toEqual({ code: 0, signal: null })
    expect(heldAfterStop).toBe(0)
    // The worker's own port closed with it.
    await expect(fetch(`${workerOps}/health/ready`)).rejects.toThrow()
    const paid = outcomes.flatMap((o) => ("paid" in o ? [o.paid] : []))
    expect(paid).toHaveLength(20)
    log(`worker stopped; ${await undeliveredOutbox()} outbox messages wait for a worker`)

    const restarted = Date.now()
    await cluster!.restart("worker")
    // The payments' nudges wait in Redis for a worker; the new one delivers everything within seconds, not the lease.
    const until = Date.now() + 60_000
    while ((await undeliveredOutbox()) > 0 && Date.now() < until) await sleep(250)
    expect(await undeliveredOutbox()).toBe(0)
    log(`outbox empty ${Date.now() - restarted} ms after the new worker's start began`)
    const { violations, stats } = await moneyViolations(paid)
    expect(violations).toEqual([])
    expect(stats).toMatchObject({ orders: 20, paid: 20, pending: 0 })
    expect(fs.readFileSync(cluster!.logFile("worker"), "utf8")).toMatch(/SIGTERM: stopping/)
  })
})
