// Readiness through an outage (docs/operations.md, "Readiness"): one API server (WORKER_MODE=server) of the production
// build, whose DATABASE_URL and REDIS_URL name two TCP proxies run by this test in front of the real PostgreSQL and
// Redis. Cutting a proxy (it stops listening and drops every open connection) is, for the server, that service going
// away; opening it again on the same port is the service coming back. Skipped, with a message saying why, when Redis
// does not answer.
//
// - Both up: /health/ready answers 200 with every check ok.
// - Redis cut: 503 with `redis` failed for a fixed reason (no host, port or password), every other check ok; the
//   process stays alive (/health). Redis back: 200 again within a bounded wait.
// - PostgreSQL cut: 503 with `database` failed, `redis` ok; the process stays alive. PostgreSQL back: 200 again, the
//   app's pool having replaced its dropped connections.
// - No answer ever contains a connection string or the database password.
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import path from "node:path"
import type { Cluster, PreparedDatabase } from "../faults/lib/cluster.mjs" with { "resolution-mode": "import" }
import type { ClaimedRedisDatabase } from "../../scripts/lib/redis.mjs" with { "resolution-mode": "import" }
import type { Reaper } from "../../scripts/lib/processes.mjs" with { "resolution-mode": "import" }

jest.setTimeout(10 * 60_000)

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379"
const ping = spawnSync(process.execPath, [path.join(__dirname, "../../scripts/lib/redis-ping.mjs"), REDIS_URL], {
  encoding: "utf8",
  timeout: 10_000,
})
if (ping.status !== 0) {
  console.warn(
    `[readiness-outage] SKIPPED: Redis is not reachable at ${REDIS_URL} (${(ping.stdout || ping.error?.message || "").trim()}). ` +
      "Start Redis or set REDIS_URL to run it."
  )
}
const describeWithRedis = ping.status === 0 ? describe : describe.skip

const DATABASE_PROXY_PORT = 9500
const REDIS_PROXY_PORT = 9501
// The server's database password when the test's database has none (a server that trusts local connections ignores
// it): there is always one that must never be shown.
const DATABASE_PASSWORD = "ready-outage-password-5f1c"
const CHECK_TIMEOUT_MS = 1000
const RECOVERY_WAIT_MS = 60_000

const log = (message: string) => console.log(`[readiness-outage] ${message}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const libs = async () => ({
  cluster: await import("../faults/lib/cluster.mjs"),
  redis: await import("../../scripts/lib/redis.mjs"),
})

/**
 * A TCP proxy on 127.0.0.1:`port` to `target`: `cut()` stops listening and destroys every open connection (the
 * service went away, as far as a client can tell); `open()` listens again on the same port.
 */
function tcpProxy(port: number, target: { host: string; port: number }) {
  let server: net.Server | null = null
  const sockets = new Set<net.Socket>()
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.once("close", () => sockets.delete(socket))
  }
  return {
    async open() {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host)
        track(client)
        track(upstream)
        const drop = () => {
          client.destroy()
          upstream.destroy()
        }
        client.on("error", drop).on("close", drop)
        upstream.on("error", drop).on("close", drop)
        client.pipe(upstream).pipe(client)
      })
      const listening = server
      await new Promise<void>((resolve, reject) => listening.once("error", reject).listen(port, "127.0.0.1", () => resolve()))
    },
    async cut() {
      const closing = server
      server = null
      if (!closing) return
      const closed = new Promise<void>((resolve) => closing.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      await closed
    },
    get connections() {
      return sockets.size
    },
  }
}

type Check = { status: "ok" | "failed" | "skipped"; reason?: string; ms?: number }
type Readiness = { status: number; text: string; body: { status?: string; checks?: Record<string, Check> } }

describeWithRedis("readiness: /health/ready through a PostgreSQL outage and a Redis outage", () => {
  let lib: Awaited<ReturnType<typeof libs>>
  let reaper: Reaper | null = null
  let db: PreparedDatabase | null = null
  let redis: ClaimedRedisDatabase | null = null
  let cluster: Cluster | null = null
  let databaseProxy: ReturnType<typeof tcpProxy> | null = null
  let redisProxy: ReturnType<typeof tcpProxy> | null = null
  let logDir: string | null = null
  let failed = false
  let server = ""
  // What must never appear in an answer: every connection string the server was given or stands for.
  let secrets: string[] = []
  // Where each service was reached (the proxy's port, the real server's host and port): never named by a reason.
  const endpoints: Record<"database" | "redis", { host: string; port: number }[]> = { database: [], redis: [] }

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
    await databaseProxy?.cut()
    await redisProxy?.cut()
    await redis?.release().catch((error: Error) => log(`Redis clean-up: ${error.message}`))
    await db?.close().catch((error: Error) => log(`database clean-up: ${error.message}`))
    reaper?.release()
    if (logDir && !failed) fs.rmSync(logDir, { recursive: true, force: true })
    else if (logDir) log(`the server's log kept in ${logDir}`)
  }

  beforeAll(async () => {
    lib = await libs()
    const started = Date.now()
    reaper = lib.cluster.startReaper()
    failed = true // until the setup is done: a setup that fails keeps the log
    try {
      db = await lib.cluster.prepareDatabase({ prefix: "ready_outage", log, reaper })
      redis = await lib.redis.claimRedisDatabase(REDIS_URL, { log })
      // As a deployment does (docs/deploy.md): db:migrate with REDIS_URL, so that the Redis modules' migrations are
      // recorded, as the migrations check expects (the shared setup migrates without Redis).
      const migrate = spawnSync(path.join(lib.cluster.root, "node_modules/.bin/medusa"), ["db:migrate"], {
        cwd: lib.cluster.root,
        env: { ...process.env, DATABASE_URL: db.databaseUrl, REDIS_URL: redis.url, LOG_LEVEL: "error", MEDUSA_DISABLE_TELEMETRY: "true" },
        encoding: "utf8",
      })
      if (migrate.status !== 0) throw new Error(`db:migrate with Redis failed: ${migrate.stderr || migrate.stdout}`)

      const realDatabase = new URL(db.databaseUrl)
      const realRedis = new URL(redis.url)
      databaseProxy = tcpProxy(DATABASE_PROXY_PORT, { host: realDatabase.hostname, port: Number(realDatabase.port || 5432) })
      redisProxy = tcpProxy(REDIS_PROXY_PORT, { host: realRedis.hostname, port: Number(realRedis.port || 6379) })
      await databaseProxy.open()
      await redisProxy.open()
      const proxiedDatabase = new URL(db.databaseUrl)
      proxiedDatabase.hostname = "127.0.0.1"
      proxiedDatabase.port = String(DATABASE_PROXY_PORT)
      proxiedDatabase.password ||= DATABASE_PASSWORD
      const proxiedRedis = new URL(redis.url)
      proxiedRedis.hostname = "127.0.0.1"
      proxiedRedis.port = String(REDIS_PROXY_PORT)
      endpoints.database = [
        { host: "127.0.0.1", port: DATABASE_PROXY_PORT },
        { host: realDatabase.hostname, port: Number(realDatabase.port || 5432) },
      ]
      endpoints.redis = [
        { host: "127.0.0.1", port: REDIS_PROXY_PORT },
        { host: realRedis.hostname, port: Number(realRedis.port || 6379) },
      ]
      secrets = [proxiedDatabase.toString(), db.databaseUrl, proxiedRedis.toString(), redis.url, decodeURIComponent(proxiedDatabase.password)]

      logDir = lib.cluster.logFolder("ready-outage-", reaper)
      cluster = lib.cluster.createCluster({ databaseUrl: proxiedDatabase.toString(), redisUrl: proxiedRedis.toString(), logDir, reaper })
      // No worker runs here, so nothing queued would be delivered: a threshold no run reaches keeps the outbox check
      // reading the database (it fails when the database is cut) without ever failing on age.
      await cluster.start("server", "server", {
        READY_CHECK_TIMEOUT_MS: String(CHECK_TIMEOUT_MS),
        READY_OUTBOX_MAX_AGE_SECONDS: String(24 * 3600),
      })
      server = cluster.baseUrl("server")
      log(`server up behind the proxies, ${((Date.now() - started) / 1000).toFixed(0)} s after the start of the setup`)
      failed = false
    } catch (error) {
      await cleanup()
      throw error
    }
  }, 25 * 60_000) // a build (when stale), the seed and a boot on a busy machine

  afterAll(cleanup)

  async function readiness(): Promise<Readiness> {
    const response = await fetch(`${server}/health/ready`)
    const text = await response.text()
    return { status: response.status, text, body: JSON.parse(text) }
  }

  /** Polls /health/ready until `accept` holds or `waitMs` passed; returns the last answer and how long it took. */
  async function readinessUntil(accept: (answer: Readiness) => boolean, waitMs: number) {
    const started = Date.now()
    let answer = await readiness()
    while (!accept(answer) && Date.now() - started < waitMs) {
      await sleep(250)
      answer = await readiness()
    }
    return { answer, ms: Date.now() - started }
  }

  /** The process still answers its liveness route; if not, the test fails with the end of its log. */
  async function expectAlive(when: string) {
    const live = await fetch(`${server}/health`).then(
      (response) => response.status,
      (error: { message?: string; cause?: { code?: string } }) => `${error.message} (${error.cause?.code})`
    )
    if (live !== 200) {
      const tail = fs.readFileSync(cluster!.logFile("server"), "utf8").split("\n").slice(-60).join("\n")
      throw new Error(`the server does not answer /health ${when}: ${live}\n--- end of its log:\n${tail}`)
    }
  }

  /** A 503 names nothing of a connection: no URL, no password, and no failed check's reason a host or a port. */
  function expectNoConnectionDetails(answer: Readiness, service: "database" | "redis") {
    for (const secret of secrets) expect(answer.text).not.toContain(secret)
    const reasons = Object.values(answer.body.checks ?? {}).flatMap((check) => (check.status === "failed" ? [check.reason ?? ""] : []))
    expect(reasons.length).toBeGreaterThan(0)
    for (const reason of reasons) {
      expect(reason).not.toMatch(/127\.0\.0\.1|localhost|::1|postgres(ql)?:\/\/|redis:\/\//)
      for (const { host, port } of endpoints[service]) {
        expect(reason).not.toContain(host)
        expect(reason).not.toContain(String(port))
      }
    }
  }

  const everyCheckOk = {
    status: "ready",
    checks: {
      database: { status: "ok" },
      redis: { status: "ok" },
      migrations: { status: "ok" },
      outbox: { status: "ok" },
    },
  }
  const isReady = (answer: Readiness) => answer.status === 200

  step("with PostgreSQL and Redis up, /health/ready answers 200 with every check ok", async () => {
    const { answer } = await readinessUntil(isReady, 30_000)
    if (answer.status !== 200) log(`not ready with both up: ${answer.text}`)
    expect(answer.body).toMatchObject(everyCheckOk)
    expect(answer.status).toBe(200)
    expect(databaseProxy!.connections).toBeGreaterThan(0)
    expect(redisProxy!.connections).toBeGreaterThan(0)
  })

  step("Redis cut: 503 naming redis (no connection details), the rest ok; Redis back: 200 again", async () => {
    await redisProxy!.cut()
    const down = await readinessUntil((answer) => answer.status === 503, 10_000)
    log(`Redis cut: 503 after ${down.ms} ms: ${down.answer.text}`)
    expect(down.answer.status).toBe(503)
    expect(down.answer.body).toMatchObject({
      status: "not_ready",
      checks: {
        database: { status: "ok" },
        redis: { status: "failed", reason: expect.stringMatching(/^(redis unreachable|no answer within \d+ ms)$/) },
        migrations: { status: "ok" },
        outbox: { status: "ok" },
      },
    })
    expectNoConnectionDetails(down.answer, "redis")

    // Long enough for the Redis clients' reconnect attempts to fail a few times over: the process must live on.
    await sleep(5000)
    await expectAlive("with Redis cut")
    expect((await readiness()).status).toBe(503)

    await redisProxy!.open()
    const up = await readinessUntil(isReady, RECOVERY_WAIT_MS)
    log(`Redis back: 200 after ${up.ms} ms`)
    expect(up.answer.body).toMatchObject(everyCheckOk)
    expect(up.answer.status).toBe(200)
    await expectAlive("after Redis came back")
  })

  step("PostgreSQL cut: 503 naming database (no connection details), redis ok; PostgreSQL back: 200 again", async () => {
    await databaseProxy!.cut()
    const down = await readinessUntil((answer) => answer.status === 503, 10_000)
    log(`PostgreSQL cut: 503 after ${down.ms} ms: ${down.answer.text}`)
    expect(down.answer.status).toBe(503)
    expect(down.answer.body).toMatchObject({
      status: "not_ready",
      checks: {
        database: { status: "failed", reason: expect.stringMatching(/^(database unreachable|no answer within \d+ ms)$/) },
        redis: { status: "ok" },
      },
    })
    // The checks that read the database fail with it, each for its own fixed reason.
    expect(down.answer.body.checks?.migrations).toMatchObject({
      status: "failed",
      reason: expect.stringMatching(/^(migrations could not be read|no answer within \d+ ms)$/),
    })
    expect(down.answer.body.checks?.outbox).toMatchObject({
      status: "failed",
      reason: expect.stringMatching(/^(outbox could not be read|no answer within \d+ ms)$/),
    })
    expectNoConnectionDetails(down.answer, "database")

    await sleep(5000)
    await expectAlive("with PostgreSQL cut")
    expect((await readiness()).status).toBe(503)

    await databaseProxy!.open()
    const up = await readinessUntil(isReady, RECOVERY_WAIT_MS)
    log(`PostgreSQL back: 200 after ${up.ms} ms`)
    expect(up.answer.body).toMatchObject(everyCheckOk)
    expect(up.answer.status).toBe(200)
    // The pool answers again through new connections (every old one was dropped with the cut).
    expect(databaseProxy!.connections).toBeGreaterThan(0)
    await expectAlive("after PostgreSQL came back")
  })
})
