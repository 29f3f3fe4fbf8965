// `npm run bench:platform` (also part of `npm run bench`): the platform API on the production build.
//
//   - v1_products_rps: GET /v1/products (20 per page) with an API key, key authentication and rate limiting on
//     (limits raised so they never trigger), c10, over Medusa's GET /store/products?limit=20 (publishable key,
//     region prices), c10, interleaved per round. Target >= 20.
//   - v1_orders_deep_page: p50 of GET /v1/orders?per_page=20&cursor=<after 180,000 orders> (page 9,001) over p50
//     of the first page, with BENCH_PLATFORM_ORDERS (default 200,000) orders in one organization (bulk-loaded with
//     generate_series into Medusa's order tables, one line each). Sequential requests. Target <= 1.5.
//   - rate_limit_overhead: GET /api/gallery/products?limit=20 at c10 on a server with the limiter on (limits
//     raised, never triggering) over the same on a server with RATE_LIMITS=off, interleaved. Target >= 0.9.
//
// Structure as bench/run.mjs: scratch database with demo data, `medusa start` of `.medusa/server`, BENCH_ROUNDS
// rounds (default 3) of BENCH_SECONDS (default 10) per scenario, medians of the rounds' ratios, results merged into
// bench/results/latest.json (keys under `ratios`, details under `platform`) when at least 3 rounds ran.
import os from "node:os"
import path from "node:path"
import pg from "pg"
import { setupMedusaStore, storeProductList } from "./scenarios/medusa-store.mjs"
import { client } from "./lib/http.mjs"
import { autocannonRun, median, percentile, roundTo } from "./lib/load.mjs"
import { mergeResults, postgresVersion, RESULTS_FILE } from "./lib/results.mjs"
import { organizationSalesChannel } from "./lib/demo-data.mjs"
import { cleanUpOnInterrupt, ensureBuild, keepTableStatistics, migrateAndSeed, root, startDatabase, startServer } from "./lib/server.mjs"

const DURATION_S = Math.max(1, Number(process.env.BENCH_SECONDS || 10))
const MIN_ROUNDS = 3
const ROUNDS = Number(process.env.BENCH_ROUNDS || MIN_ROUNDS)
const ORDERS = Math.max(200, Number(process.env.BENCH_PLATFORM_ORDERS || 200_000))
const DEEP_PAGE = Math.min(9_000, Math.floor(ORDERS / 20) - 1)
const PAGE_REQUESTS = Math.max(5, Number(process.env.BENCH_PLATFORM_PAGE_REQUESTS || 30))
const DEMO_PASSWORD = "atelier-demo"
const TARGETS = { v1_products_rps: { min: 20 }, v1_orders_deep_page: { max: 1.5 }, rate_limit_overhead: { min: 0.9 } }

const log = (message) => console.log(`[bench:platform] ${message}`)

/** Bulk-loads `count` store orders (one line each) into the organization's sales channel, spread over a year. */
async function loadOrders(sql, organizationSlug, count) {
  const salesChannelId = await organizationSalesChannel(sql, organizationSlug)
  await sql(
    `INSERT INTO "order" (id, display_id, version, status, is_draft_order, currency_code, email, sales_channel_id, metadata, created_at, updated_at)
     SELECT 'order_bench_' || lpad(i::text, 7, '0'), 100000 + i, 1, 'pending', false, 'usd', 'buyer' || i || '@bench.test', $1,
            '{"source":"store"}'::jsonb,
            now() - make_interval(secs => ($2 - i) * (31536000.0 / $2)), now()
       FROM generate_series(1, $2) AS i`,
    [salesChannelId, count]
  )
  await sql(
    `INSERT INTO order_line_item (id, title, unit_price, raw_unit_price, created_at, updated_at)
     SELECT 'ordli_bench_' || lpad(i::text, 7, '0'), 'Bench print', 10 + (i % 90), jsonb_build_object('value', (10 + (i % 90))::text, 'precision', 20), now(), now()
       FROM generate_series(1, $1) AS i`,
    [count]
  )
  await sql(
    `INSERT INTO order_item (id, order_id, version, item_id, quantity, raw_quantity, fulfilled_quantity, raw_fulfilled_quantity,
                             shipped_quantity, raw_shipped_quantity, return_requested_quantity, raw_return_requested_quantity,
                             return_received_quantity, raw_return_received_quantity, return_dismissed_quantity,
                             raw_return_dismissed_quantity, written_off_quantity, raw_written_off_quantity, created_at, updated_at)
     SELECT 'orditem_bench_' || lpad(i::text, 7, '0'), 'order_bench_' || lpad(i::text, 7, '0'), 1, 'ordli_bench_' || lpad(i::text, 7, '0'),
            1, '{"value":"1","precision":20}', 0, '{"value":"0","precision":20}', 0, '{"value":"0","precision":20}',
            0, '{"value":"0","precision":20}', 0, '{"value":"0","precision":20}', 0, '{"value":"0","precision":20}',
            0, '{"value":"0","precision":20}', now(), now()
       FROM generate_series(1, $1) AS i`,
    [count]
  )
  await sql(`VACUUM ANALYZE "order"`)
  await sql(`VACUUM ANALYZE order_item`)
  await sql(`VACUUM ANALYZE order_line_item`)
}

/** The opaque cursor after the `skip`-th newest order of the sales channel (the format of src/lib/v1-query.ts). */
async function cursorAfter(sql, organizationSlug, skip) {
  const { rows } = await sql(
    `SELECT o.id, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t
       FROM "order" o
       JOIN organization_organization_sales_channel_sales_channel osc ON osc.sales_channel_id = o.sales_channel_id
       JOIN organization org ON org.id = osc.organization_id AND org.slug = $1
      WHERE o.deleted_at IS NULL AND o.is_draft_order = false
      ORDER BY o.created_at DESC, o.id DESC OFFSET $2 LIMIT 1`,
    [organizationSlug, skip - 1]
  )
  return Buffer.from(JSON.stringify([rows[0].t, rows[0].id])).toString("base64url")
}

async function timeSequential(url, headers, count) {
  const times = []
  for (let i = 0; i < count + 3; i++) {
    const started = process.hrtime.bigint()
    const res = await fetch(url, { headers })
    const body = await res.text()
    if (res.status !== 200) throw new Error(`GET ${url} -> ${res.status}: ${body.slice(0, 300)}`)
    if (i >= 3) times.push(Number(process.hrtime.bigint() - started) / 1e6)
  }
  const sorted = [...times].sort((a, b) => a - b)
  return { requests: count, p50_ms: roundTo(percentile(sorted, 50), 2), p99_ms: roundTo(percentile(sorted, 99), 2) }
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
        console.error(`[bench:platform] cleanup: ${error.message}`)
      }
    }
  }
  cleanUpOnInterrupt(cleanup, log)
  const rounds = []
  let deep
  let build
  let postgres = null
  try {
    build = await ensureBuild()
    const db = await startDatabase()
    cleanups.push(() => db.stop())
    await migrateAndSeed(db.databaseUrl)
    const statistics = await keepTableStatistics(db.databaseUrl)
    cleanups.push(() => statistics.stop())
    const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 })
    pool.on("error", () => {})
    cleanups.push(() => pool.end())
    const sql = (text, params) => pool.query(text, params)
    postgres = await postgresVersion(sql)
    log(`loading ${ORDERS.toLocaleString("en-US")} orders into studio-east`)
    await loadOrders(sql, "studio-east", ORDERS)

    const raised = {
      PLATFORM_RATE_LIMIT_MULTIPLIER: "100000",
      APP_RATE_LIMIT_ANONYMOUS_PER_MIN: "100000000",
      APP_RATE_LIMIT_AUTHENTICATED_PER_MIN: "100000000",
    }
    const limited = await startServer(db.databaseUrl, raised)
    cleanups.push(() => limited.stop())
    const unlimited = await startServer(db.databaseUrl, { RATE_LIMITS: "off" })
    cleanups.push(() => unlimited.stop())

    const call = client(limited.baseUrl)
    const keyFor = async (email) => {
      const { token } = await call("POST", "/auth/member/emailpass", { body: { email, password: DEMO_PASSWORD }, expect: [200] })
      const created = await call("POST", "/api/settings/api-keys", {
        headers: { authorization: `Bearer ${token}` },
        body: { name: "bench", scopes: ["admin"] },
        expect: [201],
      })
      return created.key
    }
    const northKey = await keyFor("north@atelier.test")
    const eastKey = await keyFor("east@atelier.test")
    const medusa = await setupMedusaStore({ baseUrl: limited.baseUrl, sql, log })

    // Orders: first page and the page after 180,000 orders (sequential, so each figure is one request's latency).
    const ordersUrl = `${limited.baseUrl}/v1/orders?per_page=20`
    const auth = { authorization: `Bearer ${eastKey}` }
    const cursor = await cursorAfter(sql, "studio-east", DEEP_PAGE * 20)
    const first = await timeSequential(ordersUrl, auth, PAGE_REQUESTS)
    const deepPage = await timeSequential(`${ordersUrl}&cursor=${cursor}`, auth, PAGE_REQUESTS)
    deep = { first_page: first, deep_page: { ...deepPage, page: DEEP_PAGE + 1 }, ratio: roundTo(deepPage.p50_ms / first.p50_ms, 3) }
    log(`orders: first page p50 ${first.p50_ms} ms, page ${DEEP_PAGE + 1} p50 ${deepPage.p50_ms} ms -> ${deep.ratio}`)

    for (let round = 1; round <= ROUNDS; round++) {
      const opts = (baseUrl) => ({ baseUrl, concurrency: 10, durationS: DURATION_S })
      const v1 = await autocannonRun({
        url: `${limited.baseUrl}/v1/products`,
        headers: { authorization: `Bearer ${northKey}` },
        connections: 10,
        durationS: DURATION_S,
      })
      const store = await storeProductList(medusa, opts(limited.baseUrl))
      const gallery = (server) =>
        autocannonRun({ url: `${server.baseUrl}/api/gallery/products?limit=20`, connections: 10, durationS: DURATION_S })
      // The store list leaves slow requests in flight on the limited server when its run ends: let them finish, then
      // measure on and off back to back, alternating which goes first, so neither side always inherits the other's
      // leftovers (interleaved rounds).
      await new Promise((resolve) => setTimeout(resolve, 2000))
      let on
      let off
      if (round % 2 === 1) {
        on = await gallery(limited)
        off = await gallery(unlimited)
      } else {
        off = await gallery(unlimited)
        on = await gallery(limited)
      }
      const ratios = {
        v1_products_rps: store.rps ? roundTo(v1.rps / store.rps, 1) : null,
        rate_limit_overhead: off.rps ? roundTo(on.rps / off.rps, 3) : null,
      }
      rounds.push({ round, v1_products: v1, medusa_store_products: store, gallery_limiter_on: on, gallery_limiter_off: off, ratios })
      log(
        `round ${round}: v1 ${v1.rps} rps (non2xx ${v1.non2xx}) / store ${store.rps} rps = ${ratios.v1_products_rps}; ` +
          `gallery on ${on.rps} / off ${off.rps} = ${ratios.rate_limit_overhead}`
      )
    }
  } finally {
    await cleanup()
  }

  const ratios = {
    v1_products_rps: roundTo(median(rounds.map((r) => r.ratios.v1_products_rps)), 1),
    v1_orders_deep_page: deep.ratio,
    rate_limit_overhead: roundTo(median(rounds.map((r) => r.ratios.rate_limit_overhead)), 3),
  }
  const met = Object.fromEntries(
    Object.entries(TARGETS).map(([k, t]) => [k, { ...t, met: ratios[k] == null ? null : t.min != null ? ratios[k] >= t.min : ratios[k] <= t.max }])
  )
  console.log("")
  for (const [k, v] of Object.entries(ratios)) console.log(`  ${k.padEnd(22)} ${v}   ${JSON.stringify(met[k])}`)
  if (rounds.length < MIN_ROUNDS) {
    log(`${rounds.length} round(s): fewer than ${MIN_ROUNDS}, ${path.relative(root, RESULTS_FILE)} left alone`)
    return
  }
  let previous = {}
  try {
    previous = (await import(RESULTS_FILE, { with: { type: "json" } })).default
  } catch {}
  mergeResults({
    ratios: { ...(previous.ratios ?? {}), ...ratios },
    platform: {
      date: startedAt.toISOString(),
      targets: met,
      orders_loaded: ORDERS,
      deep_page: deep,
      rounds,
      seconds_per_scenario: DURATION_S,
      build_had_type_errors: Boolean(build?.errors),
      database: process.env.DATABASE_URL ? "scratch database next to DATABASE_URL" : "embedded PostgreSQL (scratch)",
      postgres,
      machine: { cpus: os.cpus().length, loadavg_before: loadBefore, loadavg_after: os.loadavg() },
    },
  }, { benchmark: "platform" })
  log(`wrote ${path.relative(root, RESULTS_FILE)} and bench/results/history.md`)
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[bench:platform] ${error.stack ?? error}`)
    process.exit(1)
  }
)
