// `npm run bench`: boots the production build on a scratch database with the demo data, measures Atelier's
// gallery hot paths and Medusa's own store API doing the nearest equivalents in the same run, prints a table
// and the Atelier/Medusa ratios, and writes bench/results/latest.json (other keys in that file are kept).
//
// Environment: BENCH_SECONDS (default 10) per scenario and concurrency; DATABASE_URL to use a PostgreSQL server
// (a scratch database `atelier_bench_<ts>` is created next to it and dropped); BENCH_KEEP_DB=true keeps it;
// BENCH_ONLY=a,b runs only the named scenarios (ids below); ADMIN_DISABLED (default true) for the build.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import pg from "pg"
import { checkoutAvailability, galleryCartAdd, galleryCheckout, galleryProductList, setupAtelier } from "./scenarios/atelier.mjs"
import { setupMedusaStore, storeAddLineItem, storeCompleteCart, storeProductList } from "./scenarios/medusa-store.mjs"
import { autocannonRun } from "./lib/load.mjs"
import { cleanUpOnInterrupt, ensureBuild, migrateAndSeed, root, startDatabase, startServer } from "./lib/server.mjs"

const DURATION_S = Math.max(1, Number(process.env.BENCH_SECONDS || 10))
const CONCURRENCIES = [1, 10]
const RESULTS_DIR = path.join(root, "bench/results")
const RESULTS_FILE = path.join(RESULTS_DIR, "latest.json")
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",").map((s) => s.trim())) : null

const TARGETS = {
  cart_add_rps: { min: 100, means: "Atelier cart add req/s / Medusa add-line-item req/s, concurrency 10" },
  checkout_p50: { max: 0.2, means: "Atelier checkout+confirm p50 / Medusa cart completion p50, concurrency 1" },
  products_rps: { min: 20, means: "Atelier product list req/s / Medusa store product list req/s, concurrency 10" },
}

const log = (message) => console.log(`[bench] ${message}`)

/** Scenarios in the order they run: each Atelier path next to its Medusa equivalent. */
const SCENARIOS = [
  {
    id: "baseline_health",
    system: "baseline",
    name: "Baseline: GET /health (HTTP stack ceiling, not a ratio)",
    request: "GET /health",
    concurrencies: [10],
    run: (ctx, opts) => autocannonRun({ url: `${opts.baseUrl}/health`, connections: opts.concurrency, durationS: opts.durationS }),
  },
  {
    id: "atelier_product_list",
    system: "atelier",
    name: "Atelier gallery product list",
    request: "GET /api/gallery/products?limit=20",
    run: (ctx, opts) => galleryProductList(ctx.atelier, opts),
  },
  {
    id: "medusa_product_list",
    system: "medusa",
    name: "Medusa store product list",
    request: "GET /store/products?limit=20&region_id=<us> (publishable key)",
    run: (ctx, opts) => storeProductList(ctx.medusa, opts),
  },
  {
    id: "atelier_cart_add",
    system: "atelier",
    name: "Atelier gallery cart add",
    request: "POST /api/gallery/cart/add {productId, quantity: 1} (one cart session per connection)",
    run: (ctx, opts) => galleryCartAdd(ctx.atelier, opts),
  },
  {
    id: "medusa_add_line_item",
    system: "medusa",
    name: "Medusa store add line item",
    request: "POST /store/carts/{id}/line-items {variant_id, quantity: 1} (one cart per connection)",
    run: (ctx, opts) => storeAddLineItem(ctx.medusa, opts),
  },
  {
    id: "atelier_checkout",
    system: "atelier",
    name: "Atelier gallery checkout + confirm (3 artists, 5 items)",
    request:
      "timed: POST /api/gallery/checkout + POST /api/sandbox/payment-intents/{pi}/confirm + POST /api/gallery/checkout/confirm",
    available: async (ctx) => checkoutAvailability(ctx.baseUrl),
    run: (ctx, opts) => galleryCheckout(ctx.atelier, opts),
  },
  {
    id: "medusa_complete_cart",
    system: "medusa",
    name: "Medusa store cart completion (pp_system_default)",
    request: "timed: POST /store/carts/{id}/complete (cart with 1 item, address, shipping method, payment session)",
    run: (ctx, opts) => storeCompleteCart(ctx.medusa, opts),
  },
]

function find(results, id, concurrency) {
  const r = results.find((s) => s.id === id && s.concurrency === concurrency)
  return r && r.status === "ok" ? r : null
}

function ratio(a, b, digits = 3) {
  if (a == null || b == null || !b) return null
  return Number((a / b).toFixed(digits))
}

function computeRatios(results) {
  return {
    cart_add_rps: ratio(find(results, "atelier_cart_add", 10)?.rps, find(results, "medusa_add_line_item", 10)?.rps, 1),
    checkout_p50: ratio(find(results, "atelier_checkout", 1)?.p50_ms, find(results, "medusa_complete_cart", 1)?.p50_ms, 3),
    products_rps: ratio(find(results, "atelier_product_list", 10)?.rps, find(results, "medusa_product_list", 10)?.rps, 1),
  }
}

function meets(name, value) {
  if (value == null) return "n/a"
  const t = TARGETS[name]
  return (t.min != null ? value >= t.min : value <= t.max) ? "met" : "NOT met"
}

/** true / false, or null when the ratio could not be measured. */
function met(name, value) {
  const verdict = meets(name, value)
  return verdict === "n/a" ? null : verdict === "met"
}

function printTable(results, ratios, memory) {
  const rows = [["scenario", "conc", "req/s", "p50 ms", "p99 ms", "requests", "errors"]]
  for (const r of results) {
    if (r.status !== "ok") {
      rows.push([r.name, String(r.concurrency), r.status, "", "", "", r.reason ?? ""])
      continue
    }
    rows.push([
      r.name,
      String(r.concurrency),
      r.rps.toFixed(1),
      r.p50_ms == null ? "-" : r.p50_ms.toFixed(1),
      r.p99_ms == null ? "-" : r.p99_ms.toFixed(1),
      String(r.requests),
      String(r.errors + r.non2xx),
    ])
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => (i === 6 ? 0 : row[i].length))))
  const line = (row) =>
    row.map((cell, i) => (i === 0 || i === 6 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ").trimEnd()
  console.log("\n" + line(rows[0]))
  console.log(widths.map((w, i) => "-".repeat(i === 6 ? 6 : w)).join("  "))
  for (const row of rows.slice(1)) console.log(line(row))
  console.log("\nratios (Atelier / Medusa, same run):")
  const fmt = (v) => (v == null ? "n/a" : String(v))
  console.log(`  cart_add_rps  ${fmt(ratios.cart_add_rps).padStart(8)}   target >= ${TARGETS.cart_add_rps.min}   ${meets("cart_add_rps", ratios.cart_add_rps)}`)
  console.log(`  checkout_p50  ${fmt(ratios.checkout_p50).padStart(8)}   target <= ${TARGETS.checkout_p50.max}   ${meets("checkout_p50", ratios.checkout_p50)}`)
  console.log(`  products_rps  ${fmt(ratios.products_rps).padStart(8)}   target >= ${TARGETS.products_rps.min}    ${meets("products_rps", ratios.products_rps)}`)
  console.log(`\npeak server memory: ${memory.peak_rss_mb ?? "n/a"} MB (sum of VmHWM over the server's process group; sampled RSS peak ${memory.peak_rss_sampled_mb ?? "n/a"} MB)`)
}

function writeResults(report) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true })
  if (ONLY) {
    log(`BENCH_ONLY is set: partial run, ${path.relative(root, RESULTS_FILE)} left unchanged`)
    return
  }
  let previous = {}
  try {
    previous = JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8"))
  } catch {}
  // Read-modify-write: other benchmarks keep their own keys in this file.
  const merged = { ...previous, ...report }
  const tmp = `${RESULTS_FILE}.${process.pid}.tmp`
  fs.writeFileSync(tmp, JSON.stringify(merged, null, 2) + "\n")
  fs.renameSync(tmp, RESULTS_FILE)
  log(`wrote ${path.relative(root, RESULTS_FILE)}`)
}

/** Stock for the prints the scenarios buy, so that no run ever sells out (both raw and numeric columns). */
async function bumpInventory(sql) {
  await sql(
    `UPDATE inventory_level il
        SET stocked_quantity = 1000000,
            raw_stocked_quantity = jsonb_build_object('value', '1000000', 'precision', 20)
       FROM product_variant_inventory_item pvi
       JOIN product_variant v ON v.id = pvi.variant_id
       JOIN product p ON p.id = v.product_id
      WHERE il.inventory_item_id = pvi.inventory_item_id
        AND p.handle = ANY($1)`,
    [["studio-north-print", "studio-south-print", "studio-east-print"]]
  )
}

async function main() {
  const startedAt = new Date()
  const loadBefore = os.loadavg()
  const cleanups = []
  const cleanup = async () => {
    while (cleanups.length) {
      const fn = cleanups.pop()
      try {
        await fn()
      } catch (error) {
        console.error(`[bench] cleanup: ${error.message}`)
      }
    }
  }
  cleanUpOnInterrupt(cleanup, log)

  const results = []
  let memory = {}
  let build
  try {
    build = await ensureBuild()
    const db = await startDatabase()
    cleanups.push(() => db.stop())
    await migrateAndSeed(db.databaseUrl)
    const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 })
    // An idle connection cut by a database shutdown (Ctrl-C stops embedded PostgreSQL too) must not crash cleanup.
    pool.on("error", () => {})
    cleanups.push(() => pool.end())
    const sql = (text, params) => pool.query(text, params)
    await bumpInventory(sql)

    const server = await startServer(db.databaseUrl)
    cleanups.push(() => server.stop())
    const ctx = { baseUrl: server.baseUrl }
    log("setting up scenarios (product ids, publishable key, shipping option)")
    ctx.atelier = await setupAtelier({ baseUrl: server.baseUrl, sql })
    ctx.medusa = await setupMedusaStore({ baseUrl: server.baseUrl, sql, log })

    for (const scenario of SCENARIOS) {
      if (ONLY && !ONLY.has(scenario.id)) continue
      let availability = { available: true }
      if (scenario.available) availability = await scenario.available(ctx)
      for (const concurrency of scenario.concurrencies ?? CONCURRENCIES) {
        const base = { id: scenario.id, system: scenario.system, name: scenario.name, request: scenario.request, concurrency }
        if (!availability.available) {
          const reason = `not served yet: ${availability.missing.join(", ")}`
          log(`${scenario.name} c${concurrency}: unavailable (${reason})`)
          results.push({ ...base, status: "unavailable", reason })
          continue
        }
        log(`${scenario.name}, concurrency ${concurrency}, ${DURATION_S} s`)
        try {
          const figures = await scenario.run(ctx, { baseUrl: server.baseUrl, concurrency, durationS: DURATION_S })
          const failed = figures.ok === 0
          results.push({
            ...base,
            status: failed ? "failed" : "ok",
            ...(failed ? { reason: figures.error_samples?.[0] ?? "no successful response" } : {}),
            ...figures,
          })
          log(
            `  ${figures.rps} req/s, p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms` +
              (figures.errors || figures.non2xx ? `, ${figures.errors} errors, ${figures.non2xx} non-2xx` : "")
          )
        } catch (error) {
          log(`  failed: ${error.message}`)
          results.push({ ...base, status: "failed", reason: error.message.slice(0, 300) })
        }
      }
    }
    memory = server.memory.result()
  } finally {
    await cleanup()
  }

  const ratios = computeRatios(results)
  printTable(results, ratios, memory)
  writeResults({
    date: startedAt.toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? null,
      memory: `${Math.round(os.totalmem() / 1024 / 1024)} MB`,
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      loadavg_before: loadBefore.map((v) => Number(v.toFixed(2))),
      loadavg_after: os.loadavg().map((v) => Number(v.toFixed(2))),
    },
    settings: {
      seconds_per_scenario: DURATION_S,
      concurrencies: CONCURRENCIES,
      server: "medusa start (production build), NODE_ENV=production, LOG_LEVEL=error, admin disabled",
      database: process.env.DATABASE_URL ? "scratch database next to DATABASE_URL" : "embedded PostgreSQL (scratch)",
      build_had_type_errors: Boolean(build?.errors),
      ...(ONLY ? { only: [...ONLY] } : {}),
    },
    scenarios: results,
    ratios,
    targets: {
      cart_add_rps: { min: TARGETS.cart_add_rps.min, met: met("cart_add_rps", ratios.cart_add_rps) },
      checkout_p50: { max: TARGETS.checkout_p50.max, met: met("checkout_p50", ratios.checkout_p50) },
      products_rps: { min: TARGETS.products_rps.min, met: met("products_rps", ratios.products_rps) },
    },
    peak_rss_mb: memory.peak_rss_mb ?? null,
    peak_rss_sampled_mb: memory.peak_rss_sampled_mb ?? null,
  })
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[bench] ${error.stack ?? error}`)
    process.exit(1)
  }
)
