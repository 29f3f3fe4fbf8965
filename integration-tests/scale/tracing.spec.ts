// Traces across processes (docs/operations.md, "Traces"): an API server (WORKER_MODE=server) and a worker of the
// production build, exporting over OTLP/HTTP (JSON) to a collector in this test. One gallery checkout paid with
// secrets in its headers: the payment's trace holds the route, the settlement workflow and, from the worker, the
// outbox handlers it queued; nothing the collector received contains a secret. Skipped when Redis does not answer.
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import type { Cluster, PreparedDatabase } from "../faults/lib/cluster.mjs" with { "resolution-mode": "import" }
import type { ClaimedRedisDatabase } from "../../scripts/lib/redis.mjs" with { "resolution-mode": "import" }
import type { Reaper } from "../../scripts/lib/processes.mjs" with { "resolution-mode": "import" }

jest.setTimeout(15 * 60_000)

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379"
const ping = spawnSync(process.execPath, [path.join(__dirname, "../../scripts/lib/redis-ping.mjs"), REDIS_URL], {
  encoding: "utf8",
  timeout: 10_000,
})
if (ping.status !== 0) {
  console.warn(`[tracing] SKIPPED: Redis is not reachable at ${REDIS_URL} (${(ping.stdout || ping.error?.message || "").trim()}).`)
}
const describeWithRedis = ping.status === 0 ? describe : describe.skip

const log = (message: string) => console.log(`[tracing] ${message}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const libs = async () => ({
  cluster: await import("../faults/lib/cluster.mjs"),
  gallery: await import("../faults/lib/gallery.mjs"),
  redis: await import("../../scripts/lib/redis.mjs"),
})

/** An OTLP/JSON attribute value (only the kinds our spans use are read). */
type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number; arrayValue?: { values?: AnyValue[] } }
type KeyValue = { key: string; value: AnyValue }
type OtlpSpan = {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes?: KeyValue[]
  links?: { traceId: string; spanId: string }[]
}
type ExportRequest = {
  resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[]
}
/** A received span with its service's name and its attributes as a plain object. */
type Span = OtlpSpan & { service: string; attrs: Record<string, unknown> }

function plain(value: AnyValue): unknown {
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(plain)
  return value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue
}

function attributesOf(list: KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, plain(kv.value)]))
}

/** A tiny OTLP/HTTP collector: every body received (raw, for the secret search) and every span. */
async function startCollector(port: number) {
  const bodies: string[] = []
  const spans: Span[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8")
      bodies.push(body)
      if (req.url === "/v1/traces") {
        const parsed = JSON.parse(body) as ExportRequest
        for (const rs of parsed.resourceSpans ?? []) {
          const service = String(attributesOf(rs.resource?.attributes)["service.name"])
          for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push({ ...s, service, attrs: attributesOf(s.attributes) })
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve()))
  return { bodies, spans, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describeWithRedis("tracing: one trace from the API server's route to the worker's outbox handlers", () => {
  let lib: Awaited<ReturnType<typeof libs>>
  let reaper: Reaper | null = null
  let db: PreparedDatabase | null = null
  let redis: ClaimedRedisDatabase | null = null
  let cluster: Cluster | null = null
  let collector: Awaited<ReturnType<typeof startCollector>> | null = null
  let logDir: string | null = null
  let failed = false
  let server = ""

  async function cleanup() {
    await cluster?.stopAll()
    await collector?.close()
    await redis?.release().catch((error: Error) => log(`Redis clean-up: ${error.message}`))
    await db?.close().catch((error: Error) => log(`database clean-up: ${error.message}`))
    reaper?.release()
    if (logDir && !failed) fs.rmSync(logDir, { recursive: true, force: true })
    else if (logDir) log(`processes' logs kept in ${logDir}`)
  }

  beforeAll(async () => {
    lib = await libs()
    const started = Date.now()
    reaper = lib.cluster.startReaper()
    try {
      collector = await startCollector(9310)
      db = await lib.cluster.prepareDatabase({ prefix: "obs_tracing", log, reaper })
      redis = await lib.redis.claimRedisDatabase(REDIS_URL, { log })
      logDir = lib.cluster.logFolder("atelier-tracing-", reaper)
      cluster = lib.cluster.createCluster({ databaseUrl: db.databaseUrl, redisUrl: redis.url, logDir, reaper })
      // Tracing on through OpenTelemetry's standard variables alone; batches flushed often, for a short test.
      const tracing = {
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9310",
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/json",
        OTEL_BSP_SCHEDULE_DELAY: "200",
      }
      await Promise.all([cluster.start("server", "server", tracing), cluster.start("worker", "worker", tracing)])
      server = cluster.baseUrl("server")
      log(`server and worker up, ${((Date.now() - started) / 1000).toFixed(0)} s after the start of the setup`)
    } catch (error) {
      failed = true
      await cleanup()
      throw error
    }
  })

  afterAll(cleanup)

  it("a paid checkout is one trace across both processes, and no span carries a secret", async () => {
    try {
      const { request } = lib.gallery
      // What a client might send along: none of it may reach a span.
      const token = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0cmFjaW5nIn0.${"s".repeat(24)}`
      const apiKey = "atl_live_TracingTestKey0123456789abcdefghijklmn"
      const cookieSecret = `obs-cookie-${crypto.randomUUID()}`
      const buyer = `trace-buyer-${Date.now()}@scale.test`
      const requestId = `obs-trace-${crypto.randomUUID()}`

      const added = await request(server, "POST", "/api/gallery/cart/add", {
        body: { productId: db!.catalogue["studio-east-print"].productId, quantity: 1 },
      })
      expect(added.status).toBe(200)
      const cartCookie = String(added.headers.get("set-cookie")).split(";")[0]
      const sessionId = decodeURIComponent(cartCookie.split("=")[1])
      const secrets = {
        authorization: `Bearer ${token}`,
        "x-api-key": apiKey,
        cookie: `${cartCookie}; connect.sid=${cookieSecret}`,
      }
      const checkout = await request(server, "POST", "/api/gallery/checkout", {
        body: { sessionId, email: buyer, shippingOption: "single_address", shippingAddress: lib.gallery.BUYER_ADDRESS },
        headers: secrets,
      })
      expect(checkout.status).toBe(200)
      const secret = String(checkout.body.clientSecret)
      const paymentIntentId = secret.slice(0, secret.indexOf("_secret_"))
      // The payment settles the order in this request (the local gateway raises its succeeded event).
      const paid = await lib.gallery.sandboxConfirm(server, paymentIntentId, "pm_card_visa", {
        headers: { ...secrets, "x-request-id": requestId },
      })
      expect(paid.status).toBe(200)
      expect(paid.headers.get("x-request-id")).toBe(requestId)

      // The payment's trace, found by the request id on its server span.
      const until = Date.now() + 60_000
      const paymentTrace = () => collector!.spans.find((s) => s.attrs["atelier.request_id"] === requestId)?.traceId
      const workerSpans = () => collector!.spans.filter((s) => s.traceId === paymentTrace() && s.service === "atelier-worker")
      const expectedHandlers = ["transfer-payouts", "order-paid-emails"]
      const handlersSeen = () => new Set(workerSpans().map((s) => s.attrs["atelier.outbox.handler"]))
      while (Date.now() < until && !expectedHandlers.every((h) => handlersSeen().has(h))) await sleep(250)
      const traceId = paymentTrace()
      expect(traceId).toBeDefined()
      const spans = collector!.spans.filter((s) => s.traceId === traceId)
      const names = (service: string) => spans.filter((s) => s.service === service).map((s) => s.name)

      // The route's span (method, pattern, family, request id, status: nothing else)...
      const root = spans.find((s) => s.attrs["atelier.request_id"] === requestId)!
      expect(root).toMatchObject({ service: "atelier-server", name: "POST /api/sandbox/payment-intents/:id/confirm", kind: 2 })
      expect(root.parentSpanId || undefined).toBeUndefined()
      expect(root.attrs).toEqual({
        "http.request.method": "POST",
        "http.route": "/api/sandbox/payment-intents/:id/confirm",
        "atelier.route_family": "/api",
        "atelier.request_id": requestId,
        "http.response.status_code": 200,
      })
      // ...the route handler, the settlement workflow and its steps, and PostgreSQL on the server...
      expect(names("atelier-server")).toEqual(
        expect.arrayContaining([
          "route handler: /api/sandbox/payment-intents/:id/confirm",
          expect.stringMatching(/^workflow:/),
          expect.stringMatching(/^step:/),
        ])
      )
      expect(spans.some((s) => s.service === "atelier-server" && s.attrs["db.system"] === "postgresql")).toBe(true)
      // ...and the outbox handlers of the order's settlement on the worker, children of the server's spans.
      const handlers = workerSpans().filter((s) => s.name.startsWith("outbox "))
      expect(handlers.map((s) => s.attrs["atelier.outbox.handler"])).toEqual(expect.arrayContaining(expectedHandlers))
      const serverSpanIds = new Set(spans.filter((s) => s.service === "atelier-server").map((s) => s.spanId))
      for (const handler of handlers) expect(serverSpanIds.has(String(handler.parentSpanId))).toBe(true)
      // The checkout itself is a trace of its own, with its workflow.
      const checkoutTrace = collector!.spans.find((s) => s.name === "POST /api/gallery/checkout")?.traceId
      expect(collector!.spans.filter((s) => s.traceId === checkoutTrace).map((s) => s.name)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^workflow:/)])
      )

      // No secret in anything the collector received: attributes, names, statuses, resources.
      await sleep(1000) // the last batches
      const received = collector!.bodies.join("\n")
      const leaked = [token, apiKey, cookieSecret, sessionId, buyer, secret].filter((s) => received.includes(s))
      expect(leaked).toEqual([])
      log(`${collector!.spans.length} spans received; the payment's trace: ${spans.length} (${handlers.length} outbox handler spans on the worker)`)
    } catch (error) {
      failed = true
      throw error
    }
  })
})
