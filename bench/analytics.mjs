// `node bench/analytics.mjs` (also part of `npm run bench`): admin analytics latency over a million artist orders.
//
// Boots the production build (`.medusa/server`, rebuilt when stale) on a scratch database with the demo data, bulk
// loads BENCH_ANALYTICS_ARTIST_ORDERS artist orders (default 1,000,000; ~500k gallery orders, ~1.5M items, carts,
// referrals) spread over the last year with generate_series (bench/lib/analytics-load.mjs), VACUUM ANALYZE, builds
// the daily rollups once (refreshGalleryAnalyticsRollups of the production build, timed:
// analytics_1m_rollup_build_ms), then times GET /api/admin/analytics for a one-year range (start_date = a year ago,
// end_date = today) with the seeded administrator's token, sequentially, over loopback:
//   - cold: the first request of a freshly started server (past days come from the rollups in PostgreSQL, shared by
//     every process: nothing is computed per process);
//   - warm: BENCH_ANALYTICS_REQUESTS (default 20) requests after 3 warm-up requests -> p50 / p99 (the target:
//     p50 < 300 ms on 2 cores). Today, the cart metrics and the top artists' names are read live on every request;
//   - default range (no parameters: the last 30 days), and one artist's analytics (live) for reference;
//   - live: the year's admin figures aggregated live from the order tables (aggregateAdminDays, in this process,
//     BENCH_ANALYTICS_LIVE_REQUESTS (default 3) runs; BENCH_ANALYTICS_LIVE=false skips it): what a request would
//     cost without the rollups.
// Writes analytics_1m_p50_ms, analytics_1m_p99_ms (and the other figures under `analytics`) into
// bench/results/latest.json with a read-modify-write: the other benchmarks' keys are kept.
//
// Environment: DATABASE_URL to use a PostgreSQL server (a scratch database is created next to it and dropped;
// BENCH_KEEP_DB=true keeps it), otherwise an embedded PostgreSQL in a scratch folder (removed afterwards).
import os from "node:os"
import path from "node:path"
import knexFactory from "knex"
import pg from "pg"
import { loadAnalyticsData } from "./lib/analytics-load.mjs"
import { client } from "./lib/http.mjs"
import { percentile } from "./lib/load.mjs"
import { mergeResults, postgresVersion, RESULTS_FILE } from "./lib/results.mjs"
import { cleanUpOnInterrupt, ensureBuild, keepTableStatistics, migrateAndSeed, root, startDatabase, startServer } from "./lib/server.mjs"

const ARTIST_ORDERS = Math.max(2, Number(process.env.BENCH_ANALYTICS_ARTIST_ORDERS || 1_000_000))
const REQUESTS = Math.max(1, Number(process.env.BENCH_ANALYTICS_REQUESTS || 20))
const WARMUP = 3
const LIVE = process.env.BENCH_ANALYTICS_LIVE !== "false"
const LIVE_REQUESTS = Math.max(1, Number(process.env.BENCH_ANALYTICS_LIVE_REQUESTS || 3))
const TARGET_P50_MS = 300
const DEMO_PASSWORD = "atelier-demo"

const log = (message) => console.log(`[bench:analytics] ${message}`)

const round1 = (value) => (value == null ? null : Math.round(value * 10) / 10)

/** Times `count` sequential GETs; every one must answer 200. */
async function timeRequests(baseUrl, urlPath, token, count) {
  const times = []
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint()
    const res = await fetch(baseUrl + urlPath, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(300_000),
    })
    const body = await res.text()
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    if (res.status !== 200) throw new Error(`GET ${urlPath} -> ${res.status}: ${body.slice(0, 300)}`)
    times.push(ms)
  }
  const sorted = [...times].sort((a, b) => a - b)
  return {
    requests: count,
    p50_ms: round1(percentile(sorted, 50)),
    p99_ms: round1(percentile(sorted, 99)),
    min_ms: round1(sorted[0]),
    max_ms: round1(sorted[sorted.length - 1]),
    mean_ms: round1(times.reduce((a, b) => a + b, 0) / times.length),
  }
}

async function loginToken(baseUrl, actor, email) {
  const call = client(baseUrl)
  const body = await call("POST", `/auth/${actor}/emailpass`, { body: { email, password: DEMO_PASSWORD }, expect: [200] })
  return body.token
}

function writeResults(figures) {
  // Retired with the per-process day cache (the live-aggregation figure is analytics_1m_live_p50_ms now).
  mergeResults(figures, { retired: ["analytics_1m_uncached_p50_ms"], benchmark: "analytics" })
  log(`wrote ${path.relative(root, RESULTS_FILE)} and bench/results/history.md`)
}

async function main() {
  const startedAt = new Date()
  const loadBefore = os.loadavg()
  const cleanups = []
  const cleanup = async () => {
    while (cleanups.length) {
      try {
        await cleanups.pop()()
      } catch (error) {
        console.error(`[bench:analytics] cleanup: ${error.message}`)
      }
    }
  }
  cleanUpOnInterrupt(cleanup, log)

  const today = new Date().toISOString().slice(0, 10)
  const yearAgo = new Date(Date.now() - 365 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
  const yearQuery = `/api/admin/analytics?start_date=${yearAgo}&end_date=${today}`
  const report = {}
  let build
  let loadSeconds
  let counts
  let postgres = null
  try {
    build = await ensureBuild()
    const db = await startDatabase()
    cleanups.push(() => db.stop())
    await migrateAndSeed(db.databaseUrl)
    const statistics = await keepTableStatistics(db.databaseUrl)
    cleanups.push(() => statistics.stop())

    log(`loading ${ARTIST_ORDERS.toLocaleString("en-US")} artist orders (generate_series)`)
    const loadStarted = Date.now()
    await loadAnalyticsData(db.databaseUrl, { artistOrders: ARTIST_ORDERS, log })
    loadSeconds = Math.round((Date.now() - loadStarted) / 100) / 10

    const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 1 })
    pool.on("error", () => {})
    cleanups.push(() => pool.end())
    const { rows } = await pool.query(
      `SELECT (SELECT count(*) FROM gallery_order)::int AS gallery_orders,
              (SELECT count(*) FROM gallery_artist_order)::int AS artist_orders,
              (SELECT count(*) FROM gallery_artist_order_item)::int AS items,
              (SELECT count(DISTINCT session_id) FROM gallery_cart_item)::int AS carts,
              (SELECT count(*) FROM referral)::int AS referrals,
              (SELECT count(*) FROM referral_conversion)::int AS conversions`
    )
    counts = rows[0]
    postgres = await postgresVersion((text, params) => pool.query(text, params))
    log(`data: ${JSON.stringify(counts)}`)
    // The demo artist studio-north also belongs to the first bench organization (for the artist figure).
    await pool.query(
      `INSERT INTO membership (id, role, member_id, organization_id)
       SELECT 'mem_bench_north', 'member', m.id, 'org_bench_001' FROM member m WHERE m.email = 'north@atelier.test'
       ON CONFLICT DO NOTHING`
    )

    // The analytics queries of the production build (CommonJS), run here against the scratch database.
    const compiled = await import(path.join(root, ".medusa/server/src/queries/gallery-analytics.js"))
    const analytics = compiled.refreshGalleryAnalyticsRollups ? compiled : compiled.default
    const knex = knexFactory({ client: "pg", connection: db.databaseUrl, pool: { min: 0, max: 4 } })
    cleanups.push(() => knex.destroy())
    log("building the daily rollups (refreshGalleryAnalyticsRollups, first run: every day)")
    const rollupStarted = process.hrtime.bigint()
    const rollup = await analytics.refreshGalleryAnalyticsRollups(knex, new Date())
    const rollupBuildMs = round1(Number(process.hrtime.bigint() - rollupStarted) / 1e6)
    log(`  ${rollupBuildMs} ms (${rollup.days} days)`)
    const incrementalStarted = process.hrtime.bigint()
    await analytics.refreshGalleryAnalyticsRollups(knex, new Date())
    const rollupIncrementalMs = round1(Number(process.hrtime.bigint() - incrementalStarted) / 1e6)
    log(`  incremental refresh with nothing changed: ${rollupIncrementalMs} ms`)

    const server = await startServer(db.databaseUrl)
    cleanups.push(() => server.stop())
    const adminToken = await loginToken(server.baseUrl, "user", "admin@atelier.test")
    const northToken = await loginToken(server.baseUrl, "member", "north@atelier.test")

    log(`cold: ${yearQuery} (first request of the server)`)
    const cold = await timeRequests(server.baseUrl, yearQuery, adminToken, 1)
    log(`  ${cold.p50_ms} ms`)
    await timeRequests(server.baseUrl, yearQuery, adminToken, WARMUP)
    log(`warm: ${REQUESTS} sequential requests`)
    const warm = await timeRequests(server.baseUrl, yearQuery, adminToken, REQUESTS)
    log(`  p50 ${warm.p50_ms} ms, p99 ${warm.p99_ms} ms (min ${warm.min_ms}, max ${warm.max_ms})`)
    const defaultRange = await timeRequests(server.baseUrl, "/api/admin/analytics", adminToken, 10)
    log(`default range (last 30 days): p50 ${defaultRange.p50_ms} ms, p99 ${defaultRange.p99_ms} ms`)
    const artistPath = `/api/gallery/artist/analytics?org_id=org_bench_001&start_date=${yearAgo}&end_date=${today}`
    await timeRequests(server.baseUrl, artistPath, northToken, 2)
    const artist = await timeRequests(server.baseUrl, artistPath, northToken, 10)
    log(`artist (one organization, one year, live): p50 ${artist.p50_ms} ms, p99 ${artist.p99_ms} ms`)
    const memory = server.memory.result()
    await cleanups.pop()()

    let live = null
    if (LIVE) {
      const from = new Date(`${yearAgo}T00:00:00.000Z`)
      const to = new Date(Date.parse(`${today}T00:00:00.000Z`) + 24 * 60 * 60 * 1000)
      log(`live aggregation of the year (aggregateAdminDays, no rollups): ${LIVE_REQUESTS} runs`)
      const times = []
      for (let i = 0; i < LIVE_REQUESTS; i++) {
        const started = process.hrtime.bigint()
        await analytics.aggregateAdminDays(knex, [{ from, to }])
        times.push(Number(process.hrtime.bigint() - started) / 1e6)
      }
      const sorted = [...times].sort((a, b) => a - b)
      live = { runs: LIVE_REQUESTS, p50_ms: round1(percentile(sorted, 50)), max_ms: round1(sorted[sorted.length - 1]) }
      log(`  p50 ${live.p50_ms} ms, max ${live.max_ms} ms`)
    }

    report.analytics_1m_p50_ms = warm.p50_ms
    report.analytics_1m_p99_ms = warm.p99_ms
    report.analytics_1m_cold_ms = cold.p50_ms
    report.analytics_1m_rollup_build_ms = rollupBuildMs
    report.analytics_1m_live_p50_ms = live?.p50_ms ?? null
    report.analytics = {
      date: startedAt.toISOString(),
      request: `GET ${yearQuery.replace(yearAgo, "<a year ago>").replace(today, "<today>")} (admin token, sequential, loopback)`,
      target: { p50_ms_max: TARGET_P50_MS, met: warm.p50_ms != null ? warm.p50_ms < TARGET_P50_MS : null },
      data: { ...counts, spread: "created over the 365 days before the run", load_seconds: loadSeconds },
      cold_first_request_ms: cold.p50_ms,
      warm,
      default_range_last_30_days: defaultRange,
      artist_one_org_one_year: artist,
      rollups: {
        build_ms: rollupBuildMs,
        days: rollup.days,
        incremental_refresh_nothing_changed_ms: rollupIncrementalMs,
        design:
          "whole past UTC days are read from daily rollup tables in PostgreSQL (shared by every process), refreshed " +
          "every 15 minutes by the refresh-gallery-analytics job (only the days touched since the last watermark) and " +
          "before answering when over an hour old; today, carts and names are read live (src/queries/gallery-analytics.ts)",
      },
      live_aggregation_one_year: live,
      server: "medusa start (production build), NODE_ENV=production, LOG_LEVEL=error",
      database: process.env.DATABASE_URL ? "scratch database next to DATABASE_URL" : "embedded PostgreSQL (scratch, default settings)",
      postgres,
      build_had_type_errors: Boolean(build?.errors),
      peak_rss_mb: memory.peak_rss_mb ?? null,
      machine: {
        cpus: os.cpus().length,
        cpu_model: os.cpus()[0]?.model ?? null,
        loadavg_before: loadBefore.map((v) => Number(v.toFixed(2))),
        loadavg_after: os.loadavg().map((v) => Number(v.toFixed(2))),
      },
    }
  } finally {
    await cleanup()
  }

  console.log("")
  console.log(`admin analytics, one-year range, ${counts.artist_orders.toLocaleString("en-US")} artist orders`)
  console.log(`  cold (first request)    ${report.analytics_1m_cold_ms} ms`)
  console.log(`  warm p50 / p99          ${report.analytics_1m_p50_ms} / ${report.analytics_1m_p99_ms} ms   target p50 < ${TARGET_P50_MS} ms: ${report.analytics.target.met ? "met" : "NOT met"}`)
  console.log(`  rollup build (1st run)  ${report.analytics_1m_rollup_build_ms} ms`)
  console.log(`  live aggregation p50    ${report.analytics_1m_live_p50_ms ?? "skipped"} ms`)
  console.log(`  default range p50       ${report.analytics.default_range_last_30_days.p50_ms} ms`)
  console.log(`  artist (1 org) p50      ${report.analytics.artist_one_org_one_year.p50_ms} ms`)
  writeResults(report)
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[bench:analytics] ${error.stack ?? error}`)
    process.exit(1)
  }
)
