import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { METRICS_ROUTE_FAMILIES } from "../../src/lib/operations"
import { organizationPayoutsReadyMessage } from "../../src/lib/outbox"
import { GALLERY_MODULE } from "../../src/modules/gallery"
import type GalleryModuleService from "../../src/modules/gallery/service"
import { dispatchGalleryOutbox } from "../../src/processes/outbox/dispatch"
import { outboxBacklogStatement } from "../../src/queries/operations"
import { anyStatus, bearer, type Api } from "../helpers/accounts"
import { selectRows } from "../helpers/db"
import { orgIdsBySlug, productIdsByHandle, seedDemo } from "../helpers/demo-data"
import { placePaidGalleryOrder } from "../helpers/gallery-orders"

jest.setTimeout(240000)

const TOKEN = "operations-metrics-test-token"

/** One sample of the text format: its metric name, labels and value. */
type Sample = { name: string; labels: Record<string, string>; value: number }

function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line)
    if (!match) throw new Error(`not a sample: ${line}`)
    const labels: Record<string, string> = {}
    for (const pair of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]] = pair[2]
    samples.push({ name: match[1], labels, value: Number(match[3]) })
  }
  return samples
}

/** The value of the one sample named so whose labels include these (undefined: none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} samples`)
  return found[0]?.value
}

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    let container: MedusaContainer
    let pg: Knex
    const saved = {
      METRICS_TOKEN: process.env.METRICS_TOKEN,
      READY_OUTBOX_MAX_AGE_SECONDS: process.env.READY_OUTBOX_MAX_AGE_SECONDS,
    }
    const product: Record<string, string> = {}
    const org: Record<string, string> = {}

    beforeAll(async () => {
      container = getContainer()
      pg = await seedDemo(container)
      Object.assign(product, await productIdsByHandle(container, ["studio-east-print"]))
      Object.assign(org, await orgIdsBySlug(container, ["studio-east"]))
    })

    beforeEach(() => {
      container = getContainer()
      pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      process.env.METRICS_TOKEN = TOKEN
      delete process.env.READY_OUTBOX_MAX_AGE_SECONDS
    })

    afterAll(() => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    })

    const scrape = async (): Promise<Sample[]> => {
      const res = await api.get("/metrics", bearer(TOKEN))
      expect(res.status).toBe(200)
      return parseMetrics(res.data as string)
    }
    const gallery = () => container.resolve<GalleryModuleService>(GALLERY_MODULE)
    const requests = (samples: Sample[], family: string, statusClass: string) =>
      valueOf(samples, "atelier_http_request_duration_seconds_count", { family, status_class: statusClass }) ?? 0

    describe("GET /metrics", () => {
      it("is not served without METRICS_TOKEN", async () => {
        delete process.env.METRICS_TOKEN
        const res = await api.get("/metrics", anyStatus)
        expect(res.status).toBe(404)
        expect(JSON.stringify(res.data)).not.toContain("atelier_")
      })

      it("answers 401 without the token or with a wrong one, and the metrics with it", async () => {
        for (const config of [anyStatus, bearer("wrong-token"), bearer(`${TOKEN}x`), { headers: { authorization: TOKEN }, ...anyStatus }]) {
          const refused = await api.get("/metrics", config)
          expect(refused.status).toBe(401)
          expect(refused.data).toEqual({ error: "Unauthorized", message: "A valid metrics token is required" })
          expect(refused.headers["www-authenticate"]).toBe('Bearer realm="metrics"')
        }

        const res = await api.get("/metrics", bearer(TOKEN))
        expect(res.status).toBe(200)
        expect(String(res.headers["content-type"])).toMatch(/^text\/plain;.*version=0\.0\.4/)
        expect(res.headers["cache-control"]).toBe("no-store")
        const names = new Set(parseMetrics(res.data as string).map((s) => s.name))
        for (const name of [
          "atelier_process_info",
          "atelier_http_request_duration_seconds_bucket",
          "atelier_http_request_duration_seconds_sum",
          "atelier_http_request_duration_seconds_count",
          "atelier_outbox_undelivered_messages",
          "atelier_outbox_failing_messages",
          "atelier_outbox_oldest_undelivered_age_seconds",
          "atelier_settlement_lag_seconds",
          "atelier_payouts_pending",
          "atelier_payouts_failing",
          "atelier_webhook_deliveries_pending",
          "atelier_webhook_deliveries_failing",
          "atelier_webhook_oldest_failing_delivery_age_seconds",
          "atelier_campaign_recipients_waiting",
          "atelier_metrics_database_up",
          "process_cpu_seconds_total",
          "nodejs_eventloop_lag_seconds",
        ]) {
          expect(names).toContain(name)
        }
        const samples = parseMetrics(res.data as string)
        expect(valueOf(samples, "atelier_metrics_database_up")).toBe(1)
        expect(valueOf(samples, "atelier_process_info", { mode: "shared" })).toBe(1)
      })

      it("counts each request under its route family and status class, never a raw path", async () => {
        const before = await scrape()
        const clientError = (status: number) => status >= 400 && status < 500
        expect((await api.get("/api/gallery/products", anyStatus)).status).toBe(200)
        expect(clientError((await api.get("/api/gallery/orders/no-such-order", anyStatus)).status)).toBe(true)
        expect(clientError((await api.get("/v1/orders?limit=1", anyStatus)).status)).toBe(true) // no API key
        expect(clientError((await api.get("/store/products", anyStatus)).status)).toBe(true) // no publishable key
        const after = await scrape()

        expect(requests(after, "/api/gallery", "2xx") - requests(before, "/api/gallery", "2xx")).toBeGreaterThanOrEqual(1)
        expect(requests(after, "/api/gallery", "4xx") - requests(before, "/api/gallery", "4xx")).toBeGreaterThanOrEqual(1)
        expect(requests(after, "/v1", "4xx") - requests(before, "/v1", "4xx")).toBeGreaterThanOrEqual(1)
        expect(requests(after, "/store", "4xx") - requests(before, "/store", "4xx")).toBeGreaterThanOrEqual(1)
        // The first scrape itself is counted, under `other`, by the time of the second.
        expect(requests(after, "other", "2xx")).toBeGreaterThan(requests(before, "other", "2xx"))

        const families = new Set(after.filter((s) => s.name.startsWith("atelier_http_")).map((s) => s.labels.family))
        expect([...families].every((family) => (METRICS_ROUTE_FAMILIES as readonly string[]).includes(family))).toBe(true)
        expect(after.some((s) => Object.values(s.labels).some((v) => v.includes("no-such-order")))).toBe(false)
      })

      it("reads the outbox's backlog per kind: up when a message is queued, back to 0 once it is delivered", async () => {
        const message = organizationPayoutsReadyMessage(org["studio-east"], `metrics-${Date.now()}`)
        const kind = { kind: message.handler }
        const before = await scrape()
        expect(valueOf(before, "atelier_outbox_undelivered_messages", kind)).toBe(0)
        expect(valueOf(before, "atelier_outbox_oldest_undelivered_age_seconds", kind)).toBe(0)

        await gallery().queueOutboxMessages([message])
        await pg.raw(`UPDATE gallery_outbox_message SET created_at = now() - interval '90 seconds' WHERE key = ?`, [message.key])
        const queued = await scrape()
        expect(valueOf(queued, "atelier_outbox_undelivered_messages", kind)).toBe(1)
        expect(valueOf(queued, "atelier_outbox_oldest_undelivered_age_seconds", kind)).toBeGreaterThanOrEqual(90)
        expect(valueOf(queued, "atelier_outbox_failing_messages", kind)).toBe(0)

        await dispatchGalleryOutbox(container)
        const [row] = await selectRows(pg, `SELECT delivered_at FROM gallery_outbox_message WHERE key = ?`, [message.key])
        expect(row.delivered_at).not.toBeNull()
        const delivered = await scrape()
        expect(valueOf(delivered, "atelier_outbox_undelivered_messages", kind)).toBe(0)
        expect(valueOf(delivered, "atelier_outbox_oldest_undelivered_age_seconds", kind)).toBe(0)
      })

      it("reads the outbox's backlog from its index of undelivered messages", async () => {
        const scans = (node: { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: unknown[] }): string[] => [
          ...(node["Relation Name"] === "gallery_outbox_message" ? [`${node["Node Type"]}:${node["Index Name"] ?? ""}`] : []),
          ...((node.Plans ?? []) as (typeof node)[]).flatMap(scans),
        ]
        const plan = await pg.transaction(async (trx) => {
          await trx.raw("SET LOCAL enable_seqscan = off")
          const { rows } = await trx.raw(`EXPLAIN (FORMAT JSON) ${outboxBacklogStatement()}`)
          return rows[0]["QUERY PLAN"][0].Plan
        })
        expect(scans(plan)).toEqual([expect.stringContaining("IDX_gallery_outbox_message_available_at")])
      })

      it("counts a paid gallery checkout and its money; a payout left pending shows as settlement lag", async () => {
        const before = await scrape()
        const order = await placePaidGalleryOrder(api, pg, [[product["studio-east-print"], 2]])
        const after = await scrape()
        expect((valueOf(after, "atelier_gallery_checkouts_paid_total") ?? 0) - (valueOf(before, "atelier_gallery_checkouts_paid_total") ?? 0)).toBe(1)
        const paidUsd = (valueOf(after, "atelier_gallery_checkouts_paid_usd_total") ?? 0) - (valueOf(before, "atelier_gallery_checkouts_paid_usd_total") ?? 0)
        expect(paidUsd).toBeCloseTo(order.totalCents / 100, 2)

        // Nothing owed: the order's payout went out with the outbox (or waits for its artist's onboarding, not counted).
        expect(valueOf(after, "atelier_settlement_lag_seconds")).toBe(0)

        // A payout left pending (its transfer failed) for a payable organization is the settlement lag: seconds since
        // its order was paid.
        await pg.raw(
          `UPDATE organization SET stripe_account_id = coalesce(nullif(stripe_account_id, ''), 'acct_metrics'),
             payouts_enabled = true, transfers_active = true WHERE id = ?`,
          [org["studio-east"]]
        )
        await pg.raw(`UPDATE gallery_payout SET status = 'pending', failure_reason = 'boom' WHERE gallery_order_id = ?`, [order.orderId])
        await pg.raw(`UPDATE gallery_order SET paid_at = now() - interval '10 minutes' WHERE id = ?`, [order.orderId])
        const lagging = await scrape()
        expect(valueOf(lagging, "atelier_settlement_lag_seconds")).toBeGreaterThanOrEqual(600)
        expect(valueOf(lagging, "atelier_payouts_pending")).toBeGreaterThanOrEqual(1)
        expect(valueOf(lagging, "atelier_payouts_failing")).toBeGreaterThanOrEqual(1)
      })
    })

    describe("rate limits", () => {
      it("counts each refusal under its limiter", async () => {
        const limit = process.env.APP_RATE_LIMIT_ANONYMOUS_PER_MIN
        const refusals = (samples: Sample[]) => valueOf(samples, "atelier_rate_limit_refusals_total", { limiter: "app-anonymous" }) ?? 0
        const before = await scrape()
        // A limit of its own (a limiter per value), read by the middleware within 250 ms.
        process.env.APP_RATE_LIMIT_ANONYMOUS_PER_MIN = "2"
        await new Promise((resolve) => setTimeout(resolve, 300))
        try {
          const statuses: number[] = []
          for (let i = 0; i < 4; i++) statuses.push((await api.get("/api/gallery/spotlights", anyStatus)).status)
          expect(statuses).toEqual([200, 200, 429, 429])
        } finally {
          process.env.APP_RATE_LIMIT_ANONYMOUS_PER_MIN = limit
          await new Promise((resolve) => setTimeout(resolve, 300))
        }
        const after = await scrape()
        expect(refusals(after) - refusals(before)).toBe(2)
        expect(requests(after, "/api/gallery", "4xx") - requests(before, "/api/gallery", "4xx")).toBeGreaterThanOrEqual(2)
      })
    })

    describe("GET /health/ready", () => {
      it("is ready when the database answers, migrations are applied and the outbox keeps up", async () => {
        const res = await api.get("/health/ready", anyStatus)
        expect(res.status).toBe(200)
        expect(res.data.status).toBe("ready")
        expect(res.data.checks.database.status).toBe("ok")
        expect(res.data.checks.redis.status).toBe("skipped")
        expect(res.data.checks.migrations.status).toBe("ok")
        expect(res.data.checks.migrations.migrations).toBeGreaterThan(100)
        expect(res.data.checks.outbox).toMatchObject({ status: "ok", threshold_seconds: 300 })
        expect(res.headers["cache-control"]).toBe("no-store")
        expect((await api.get("/health", anyStatus)).status).toBe(200) // liveness stays Medusa's
      })

      it("answers 503 naming the migrations when one of a module's migrations is not recorded as applied", async () => {
        const name = "Migration20261122202808" // the gallery module's outbox migration
        const [row] = await selectRows(pg, `SELECT id, name, executed_at FROM mikro_orm_migrations WHERE name = ?`, [name])
        expect(row).toBeDefined()
        await pg.raw(`DELETE FROM mikro_orm_migrations WHERE id = ?`, [row.id])
        try {
          const res = await api.get("/health/ready", anyStatus)
          expect(res.status).toBe(503)
          expect(res.data.checks.migrations).toMatchObject({
            status: "failed",
            reason: "1 migration not applied (run medusa db:migrate)",
            pending: [name],
          })
          expect(res.data.checks.database.status).toBe("ok")
        } finally {
          await pg.raw(`INSERT INTO mikro_orm_migrations (id, name, executed_at) VALUES (?, ?, ?)`, [row.id, row.name, row.executed_at])
        }
        expect((await api.get("/health/ready", anyStatus)).status).toBe(200)
      })

      it("answers 503 naming the outbox when its oldest undelivered message is older than the threshold", async () => {
        // A kind no handler serves: nothing delivers it while the test looks.
        const key = `operations-probe:${Date.now()}`
        await gallery().queueOutboxMessages([{ key, topic: "operations.probe", handler: "operations-probe", payload: {} }])
        await pg.raw(`UPDATE gallery_outbox_message SET created_at = now() - interval '1 hour' WHERE key = ?`, [key])
        try {
          const res = await api.get("/health/ready", anyStatus)
          expect(res.status).toBe(503)
          expect(res.data.status).toBe("not_ready")
          expect(res.data.checks.database.status).toBe("ok")
          expect(res.data.checks.outbox.status).toBe("failed")
          expect(res.data.checks.outbox.reason).toMatch(/^oldest undelivered outbox message is \d+ s old \(threshold 300 s\)$/)
          expect(res.data.checks.outbox.oldest_age_seconds).toBeGreaterThanOrEqual(3600)
          expect(JSON.stringify(res.data)).not.toMatch(/postgres(ql)?:\/\/|password/i)

          process.env.READY_OUTBOX_MAX_AGE_SECONDS = "7200"
          expect((await api.get("/health/ready", anyStatus)).status).toBe(200)
          process.env.READY_OUTBOX_MAX_AGE_SECONDS = "0"
          const skipped = await api.get("/health/ready", anyStatus)
          expect(skipped.status).toBe(200)
          expect(skipped.data.checks.outbox.status).toBe("skipped")
        } finally {
          const [row] = await selectRows(pg, `SELECT id FROM gallery_outbox_message WHERE key = ?`, [key])
          await gallery().markOutboxMessagesDelivered([row.id])
        }
        delete process.env.READY_OUTBOX_MAX_AGE_SECONDS
        expect((await api.get("/health/ready", anyStatus)).status).toBe(200)
      })
    })
  },
})
