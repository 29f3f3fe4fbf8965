// `npm run bench:gallery` (also part of `npm run bench`): boots the production build on a scratch database with the
// demo data, measures Atelier's gallery hot paths and Medusa's own store API doing the nearest equivalents in
// interleaved rounds, prints a table with each round's Atelier/Medusa ratios and their medians, and writes
// bench/results/latest.json (other keys in that file are kept).
//
// Environment: BENCH_SECONDS (default 10) per scenario and concurrency; BENCH_ROUNDS (default 3; a run of fewer than
// 3 rounds leaves latest.json alone); DATABASE_URL to use a PostgreSQL server (a scratch database
// `atelier_bench_<ts>` is created next to it and dropped); BENCH_KEEP_DB=true keeps it; BENCH_ONLY=a,b runs only the
// named scenarios (ids below; leaves latest.json alone); BENCH_SHIPPING=none leaves the demo artists without shipping
// rates (by default each has one, bench/scenarios/shipping.mjs); ADMIN_DISABLED (default true) for the build.
import os from "node:os"
import path from "node:path"
import pg from "pg"
import { checkoutAvailability, galleryCartAdd, galleryCheckout, galleryProductList, setupAtelier } from "./scenarios/atelier.mjs"
import { adminProductList, dashboardProductList, setupDashboard } from "./scenarios/dashboard.mjs"
import { configureDemoShippingRates } from "./scenarios/shipping.mjs"
import { setupStore, storeCheckout, storeCheckoutAvailability } from "./scenarios/store.mjs"
import { setupMedusaStore, storeAddLineItem, storeCompleteCart, storeProductList } from "./scenarios/medusa-store.mjs"
import { autocannonRun, median, roundTo, WARMUP_MS } from "./lib/load.mjs"
import { betterFigure, roundSteps, targetVerdicts } from "./lib/rounds.mjs"
import { mergeResults, postgresVersion, RESULTS_FILE } from "./lib/results.mjs"
import {
  benchTopology,
  cleanUpOnInterrupt,
  ensureBuild,
  keepTableStatistics,
  migrateAndSeed,
  root,
  startDatabase,
  startDeployment,
  TOPOLOGIES,
} from "./lib/server.mjs"

const DURATION_S = Math.max(1, Number(process.env.BENCH_SECONDS || 10))
/** Fewest rounds whose medians may be written to latest.json. */
const MIN_ROUNDS = 3
const ROUNDS = Number(process.env.BENCH_ROUNDS || MIN_ROUNDS)
/** Shipping rates on the demo artists (bench/scenarios/shipping.mjs); BENCH_SHIPPING=none measures without them. */
const SHIPPING_RATES = process.env.BENCH_SHIPPING !== "none"
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",").map((s) => s.trim())) : null
/**
 * Medusa's side is also measured on a second deployment in another shape (BENCH_MEDUSA_SHAPE: `cluster` unless the
 * main topology is cluster, then `split`; `none` skips it): each round's ratios are then also given against the better
 * of Medusa's two figures, i.e. against Medusa in its best production shape on this machine (bench/README.md).
 */
function medusaSecondShape(mainTopology) {
  const requested = process.env.BENCH_MEDUSA_SHAPE || (mainTopology === "cluster" ? "split" : "cluster")
  if (requested === "none") return null
  if (!TOPOLOGIES[requested]) throw new Error(`BENCH_MEDUSA_SHAPE must be none or one of ${Object.keys(TOPOLOGIES).join(", ")}, got "${requested}"`)
  if (requested === mainTopology) throw new Error(`BENCH_MEDUSA_SHAPE=${requested} is the main topology already`)
  return requested
}

const log = (message) => console.log(`[bench] ${message}`)

/** The gallery checkout flow, timed at concurrency 1 and 10 against Medusa's completion, and alone at 8. */
const GALLERY_CHECKOUT = {
  system: "atelier",
  request:
    "timed: POST /api/gallery/checkout + POST /api/sandbox/payment-intents/{pi}/confirm + POST /api/gallery/checkout/confirm",
  available: async (ctx) => checkoutAvailability(ctx.baseUrl),
  run: (ctx, opts) => galleryCheckout(ctx.atelier, opts),
}

const SCENARIOS = {
  baseline_health: {
    system: "baseline",
    name: "Baseline: GET /health (HTTP stack ceiling, not a ratio)",
    request: "GET /health",
    run: (ctx, opts) => autocannonRun({ url: `${opts.baseUrl}/health`, connections: opts.concurrency, durationS: opts.durationS }),
  },
  atelier_product_list: {
    system: "atelier",
    name: "Atelier gallery product list",
    request: "GET /api/gallery/products?limit=20",
    run: (ctx, opts) => galleryProductList(ctx.atelier, opts),
  },
  medusa_product_list: {
    system: "medusa",
    name: "Medusa store product list",
    request: "GET /store/products?limit=20&region_id=<us> (publishable key)",
    run: (ctx, opts) => storeProductList(ctx.medusa, opts),
  },
  atelier_cart_add: {
    system: "atelier",
    name: "Atelier gallery cart add",
    request: "POST /api/gallery/cart/add {productId, quantity: 1} (one cart session per connection)",
    run: (ctx, opts) => galleryCartAdd(ctx.atelier, opts),
  },
  medusa_add_line_item: {
    system: "medusa",
    name: "Medusa store add line item",
    request: "POST /store/carts/{id}/line-items {variant_id, quantity: 1} (one cart per connection)",
    run: (ctx, opts) => storeAddLineItem(ctx.medusa, opts),
  },
  atelier_checkout: { ...GALLERY_CHECKOUT, name: "Atelier gallery checkout + confirm (3 artists, 5 items)" },
  medusa_complete_cart: {
    system: "medusa",
    name: "Medusa store cart completion (pp_system_default)",
    request: "timed: POST /store/carts/{id}/complete (cart with 1 item, address, shipping method, payment session)",
    run: (ctx, opts) => storeCompleteCart(ctx.medusa, opts),
  },
  atelier_checkout_c8: { ...GALLERY_CHECKOUT, name: "Atelier gallery checkouts/s (3 artists, 5 items)" },
  atelier_store_checkout: {
    system: "atelier",
    name: "Atelier artist-store checkout (1 item; the Medusa order is made in the flow)",
    request:
      "timed: POST /api/create-payment-intent + POST /api/sandbox/payment-intents/{pi}/confirm + GET /api/dashboard/orders?search=<email>",
    available: async (ctx) => storeCheckoutAvailability(ctx.baseUrl),
    run: (ctx, opts) => storeCheckout(ctx.store, opts),
  },
  atelier_dashboard_products: {
    system: "atelier",
    name: "Atelier dashboard product list",
    request: "GET /api/products?limit=20 (member token)",
    run: (ctx, opts) => dashboardProductList(ctx.dashboard, opts),
  },
  medusa_admin_products: {
    system: "medusa",
    name: "Medusa admin product list",
    request: "GET /admin/products?limit=20 (admin token)",
    run: (ctx, opts) => adminProductList(ctx.dashboard, opts),
  },
}

/**
 * One round, in this order: the baseline, then each Atelier/Medusa pair interleaved (at each concurrency both sides
 * back to back), then the checkout throughput at concurrency 8, then the dashboard product list against Medusa's admin
 * product list. Within a pair, Atelier runs first in odd rounds and Medusa first in even ones, so that neither side
 * always meets the machine the other just warmed (or heated).
 */
const ROUND_GROUPS = [
  { ids: ["baseline_health"], concurrencies: [10] },
  { ids: ["atelier_product_list", "medusa_product_list"], concurrencies: [1, 10] },
  { ids: ["atelier_cart_add", "medusa_add_line_item"], concurrencies: [1, 10] },
  { ids: ["atelier_store_checkout"], concurrencies: [1] },
  { ids: ["atelier_checkout", "medusa_complete_cart"], concurrencies: [1, 10] },
  { ids: ["atelier_checkout_c8"], concurrencies: [8] },
  { ids: ["atelier_dashboard_products", "medusa_admin_products"], concurrencies: [10] },
]

/**
 * The figures each round yields: `figure` of `atelier` / the same of `medusa` at `concurrency`, or, without
 * `medusa`, the Atelier figure itself. The run's figure is the median over the rounds.
 */
const RATIOS = {
  cart_add_rps: {
    atelier: "atelier_cart_add",
    medusa: "medusa_add_line_item",
    figure: "rps",
    concurrency: 10,
    digits: 1,
    min: 100,
  },
  checkout_p50: {
    atelier: "atelier_checkout",
    medusa: "medusa_complete_cart",
    figure: "p50_ms",
    concurrency: 1,
    digits: 3,
    max: 0.2,
  },
  products_rps: {
    atelier: "atelier_product_list",
    medusa: "medusa_product_list",
    figure: "rps",
    concurrency: 10,
    digits: 1,
    min: 20,
  },
  store_checkout_p50: {
    atelier: "atelier_store_checkout",
    medusa: "medusa_complete_cart",
    figure: "p50_ms",
    concurrency: 1,
    digits: 3,
    max: 0.3,
  },
  checkout_c8_per_s: { atelier: "atelier_checkout_c8", figure: "rps", concurrency: 8, digits: 1, min: 50 },
  dashboard_products_rps: {
    atelier: "atelier_dashboard_products",
    medusa: "medusa_admin_products",
    figure: "rps",
    concurrency: 10,
    digits: 1,
    min: 10,
  },
}

function find(results, id, concurrency, shape) {
  const r = results.find((s) => s.id === id && s.concurrency === concurrency && s.shape === shape)
  return r && r.status === "ok" ? r : null
}

/**
 * A round's ratios, Atelier and Medusa both on the main deployment (`shape`); and, when Medusa also ran in
 * `medusaShape`, each ratio against the better of Medusa's two figures (`vsMedusaBest`).
 */
function roundRatios(results, shape, medusaShape) {
  const ratios = {}
  const vsMedusaBest = {}
  for (const [name, def] of Object.entries(RATIOS)) {
    const atelier = find(results, def.atelier, def.concurrency, shape)?.[def.figure]
    if (!def.medusa) {
      ratios[name] = atelier ?? null
      continue
    }
    const ratio = (medusa) => (atelier == null || !medusa ? null : roundTo(atelier / medusa, def.digits))
    const medusa = find(results, def.medusa, def.concurrency, shape)?.[def.figure]
    ratios[name] = ratio(medusa)
    if (medusaShape) vsMedusaBest[name] = ratio(betterFigure(def.figure, medusa, find(results, def.medusa, def.concurrency, medusaShape)?.[def.figure]))
  }
  return { ratios, vsMedusaBest }
}

/** A checkout run is clean when every checkout ended as a paid order and the stock moved by exactly their items. */
const checkoutsClean = (verification) => verification.failures === 0 && verification.stock_ok

function verificationNote(v) {
  const note = `${v.paid_orders}/${v.checkouts} checkouts paid, ${v.stock_reserved_units} units reserved (${v.stock_expected_units} expected)`
  return checkoutsClean(v) ? note : `FAILED: ${v.failures} failed checkouts${v.stock_ok ? "" : ", stock mismatch"}; ${note}`
}

/**
 * The median of each figure over the rounds and whether it meets its target: `met` is null unless every round
 * measured it, and false when a round's checkouts behind it failed (those rounds are listed).
 */
function summarize(rounds) {
  const ratios = {}
  const targets = {}
  for (const [name, def] of Object.entries(RATIOS)) {
    const values = rounds.map((r) => r.ratios[name])
    const value = roundTo(median(values), def.digits)
    const failedRounds = rounds
      .filter((r) =>
        r.scenarios.some(
          (s) =>
            [def.atelier, def.medusa].includes(s.id) &&
            s.concurrency === def.concurrency &&
            s.verification &&
            !checkoutsClean(s.verification)
        )
      )
      .map((r) => r.round)
    // A verdict needs the figure from every round: a median of fewer rounds is not the robust figure asked for.
    const verdicts = targetVerdicts(values, value, def)
    ratios[name] = value
    targets[name] = {
      ...(def.min != null ? { min: def.min } : { max: def.max }),
      met: failedRounds.length ? false : verdicts.met,
      every_round_met: failedRounds.length ? false : verdicts.every_round_met,
      rounds: values,
      rounds_measured: verdicts.rounds_measured,
      ...(failedRounds.length ? { failed_checkouts_in_rounds: failedRounds } : {}),
    }
  }
  const vsMedusaBest = {}
  for (const [name, def] of Object.entries(RATIOS)) {
    if (!def.medusa || !rounds.some((r) => r.ratios_vs_medusa_best?.[name] != null)) continue
    const values = rounds.map((r) => r.ratios_vs_medusa_best?.[name] ?? null)
    vsMedusaBest[name] = { median: roundTo(median(values), def.digits), rounds: values }
  }
  return { ratios, targets, vsMedusaBest }
}

/** Per scenario and concurrency: the median of rps and latencies over the rounds it ran in, counts summed. */
function scenarioMedians(rounds) {
  const groups = new Map()
  for (const r of rounds.flatMap((round) => round.scenarios)) {
    const key = `${r.id}@${r.concurrency}@${r.shape}`
    if (!groups.has(key)) groups.set(key, [])
    groups.get(key).push(r)
  }
  return [...groups.values()].map((runs) => {
    const { id, system, name, request, concurrency, shape } = runs[0]
    const ok = runs.filter((r) => r.status === "ok")
    if (!ok.length) return { id, system, name, request, concurrency, shape, status: runs[0].status, reason: runs[0].reason }
    const sum = (field) => ok.reduce((total, r) => total + (r[field] ?? 0), 0)
    const verified = ok.filter((r) => r.verification)
    return {
      id,
      system,
      name,
      request,
      concurrency,
      shape,
      status: "ok",
      rounds_measured: ok.length,
      rps: median(ok.map((r) => r.rps)),
      p50_ms: median(ok.map((r) => r.p50_ms)),
      p99_ms: median(ok.map((r) => r.p99_ms)),
      requests: sum("requests"),
      ok: sum("ok"),
      non2xx: sum("non2xx"),
      errors: sum("errors"),
      ...(verified.length ? { failed_checkouts: verified.reduce((total, r) => total + r.verification.failures, 0) } : {}),
    }
  })
}

/** Every checkout run of the benchmark: how many checkouts, how many failed, how many runs' stock did not add up. */
function checkoutTally(rounds) {
  const verified = rounds.flatMap((r) => r.scenarios).filter((s) => s.verification)
  const checkouts = verified.reduce((total, s) => total + s.verification.checkouts, 0)
  const failures = verified.reduce((total, s) => total + s.verification.failures, 0)
  const stockMismatches = verified.filter((s) => !s.verification.stock_ok).length
  return { runs: verified.length, checkouts, failures, stock_mismatches: stockMismatches, ok: !failures && !stockMismatches }
}

/** Prints rows as aligned columns (the first row is the header); the last column is free text. */
function printColumns(rows, leftAligned) {
  const last = rows[0].length - 1
  const widths = rows[0].map((header, i) => (i === last ? header.length : Math.max(...rows.map((row) => row[i].length))))
  const line = (row) =>
    row.map((cell, i) => (leftAligned.includes(i) || i === last ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ").trimEnd()
  console.log(line(rows[0]))
  console.log(widths.map((w) => "-".repeat(w)).join("  "))
  for (const row of rows.slice(1)) console.log(line(row))
}

const fmt = (value, digits) => (value == null ? "-" : digits == null ? String(value) : value.toFixed(digits))

function printReport(rounds, summary, tally, memory, { shape, medusaShape, processes }) {
  const rows = [["round", "scenario", "conc", "req/s", "p50 ms", "p99 ms", "requests", "errors", "notes"]]
  for (const { round, scenarios } of rounds) {
    for (const r of scenarios) {
      const head = [String(round), r.shape === shape ? r.name : `${r.name} [${r.shape}]`, String(r.concurrency)]
      if (r.status !== "ok") {
        rows.push([...head, r.status, "", "", "", "", r.reason ?? ""])
        continue
      }
      rows.push([
        ...head,
        fmt(r.rps, 1),
        fmt(r.p50_ms, 1),
        fmt(r.p99_ms, 1),
        String(r.requests),
        String(r.errors + r.non2xx),
        r.verification ? verificationNote(r.verification) : "",
      ])
    }
  }
  console.log("")
  printColumns(rows, [1])

  console.log("\nratios (Atelier / Medusa within each round; checkout_c8_per_s is Atelier's checkouts/s at c8), median of the rounds:")
  const ratioRows = [["figure", ...rounds.map((r) => `round ${r.round}`), "median", "target", "median meets target?"]]
  for (const [name, def] of Object.entries(RATIOS)) {
    const target = summary.targets[name]
    let verdict = target.met == null ? "n/a" : target.met ? "met" : "NOT met"
    if (target.failed_checkouts_in_rounds) verdict += ` (checkouts failed in round ${target.failed_checkouts_in_rounds.join(", ")})`
    if (target.rounds_measured && target.rounds_measured < rounds.length) verdict += ` (measured in ${target.rounds_measured} of ${rounds.length} rounds)`
    ratioRows.push([
      name,
      ...rounds.map((r) => fmt(r.ratios[name], def.digits)),
      fmt(summary.ratios[name], def.digits),
      def.min != null ? `>= ${def.min}` : `<= ${def.max}`,
      verdict,
    ])
  }
  printColumns(ratioRows, [0])

  if (medusaShape && Object.keys(summary.vsMedusaBest).length) {
    console.log(`\nthe same ratios against Medusa in its better shape of the two measured (${shape} or ${medusaShape}, per round and figure):`)
    const bestRows = [["figure", ...rounds.map((r) => `round ${r.round}`), "median", "target"]]
    for (const [name, value] of Object.entries(summary.vsMedusaBest)) {
      const def = RATIOS[name]
      bestRows.push([name, ...value.rounds.map((v) => fmt(v, def.digits)), fmt(value.median, def.digits), def.min != null ? `>= ${def.min}` : `<= ${def.max}`])
    }
    printColumns(bestRows, [0])
  }

  if (tally.runs) {
    console.log(
      tally.ok
        ? `\ncheckouts verified: all ${tally.checkouts} checkouts (${tally.runs} checkout runs) ended paid, their stock reserved`
        : `\nCHECKOUT FAILURES: ${tally.failures} of ${tally.checkouts} checkouts did not end as a paid order; ` +
            `${tally.stock_mismatches} of ${tally.runs} runs' stock did not match their paid orders`
    )
  }
  console.log(`\npeak server memory: ${memory.peak_rss_mb ?? "n/a"} MB (sum of VmHWM over the server's process group, and the worker's when split; sampled RSS peak ${memory.peak_rss_sampled_mb ?? "n/a"} MB)`)
  for (const [deployment, members] of Object.entries(processes)) {
    for (const m of members) console.log(`  ${deployment} ${m.role}: booted in ${m.boot_s} s, peak RSS per process ${m.peak_rss_mb.join(" + ")} MB`)
  }
}

function writeResults(report) {
  const file = path.relative(root, RESULTS_FILE)
  if (ONLY) return log(`BENCH_ONLY is set: partial run, ${file} left unchanged`)
  if (ROUNDS < MIN_ROUNDS) return log(`${ROUNDS} round(s), fewer than ${MIN_ROUNDS}: ${file} left unchanged`)
  mergeResults(report, { benchmark: "gallery" })
  log(`wrote ${file} and bench/results/history.md`)
}

/** Longest wait for the previous scenario's follow-up work before a scenario starts anyway. */
const QUIET_TIMEOUT_MS = 120_000

/**
 * Waits until the outbox holds no message that is due or being delivered (a message waiting to be retried after a
 * failure does not count), so that no scenario is measured while the previous one's follow-up work — transfers,
 * the Medusa order book, emails — still runs on the server. Resolves with the time waited (ms).
 */
async function waitForQuietOutbox(sql) {
  const started = Date.now()
  while (Date.now() - started < QUIET_TIMEOUT_MS) {
    const { rows } = await sql(
      `SELECT count(*)::int AS busy FROM gallery_outbox_message
        WHERE delivered_at IS NULL AND deleted_at IS NULL AND (available_at <= now() OR last_error IS NULL)`
    )
    if (rows[0].busy === 0) return Date.now() - started
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  log(`  outbox still busy after ${QUIET_TIMEOUT_MS / 1000} s: measuring anyway`)
  return Date.now() - started
}

/**
 * One scenario at one concurrency on the deployment of `ctx` (once the outbox is quiet): its figures, or why it was
 * not measured.
 */
async function runScenario(ctx, { id, concurrency }, availability) {
  const scenario = SCENARIOS[id]
  const base = { id, system: scenario.system, name: scenario.name, request: scenario.request, concurrency, shape: ctx.shape }
  base.quiet_wait_ms = await waitForQuietOutbox(ctx.sql)
  if (!availability.available) {
    const reason = `not served yet: ${availability.missing.join(", ")}`
    log(`${scenario.name} c${concurrency}: unavailable (${reason})`)
    return { ...base, status: "unavailable", reason }
  }
  log(`${scenario.name}${ctx.main ? "" : ` [${ctx.shape}]`}, concurrency ${concurrency}, ${DURATION_S} s`)
  try {
    const figures = await scenario.run(ctx, { baseUrl: ctx.baseUrl, concurrency, durationS: DURATION_S })
    const failed = figures.ok === 0
    log(
      `  ${figures.rps} req/s, p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms` +
        (figures.errors || figures.non2xx ? `, ${figures.errors} errors, ${figures.non2xx} non-2xx` : "") +
        (figures.verification ? `; ${verificationNote(figures.verification)}` : "")
    )
    return {
      ...base,
      status: failed ? "failed" : "ok",
      ...(failed ? { reason: figures.error_samples?.[0] ?? "no successful response" } : {}),
      ...figures,
    }
  } catch (error) {
    log(`  failed: ${error.message}`)
    return { ...base, status: "failed", reason: error.message.slice(0, 300) }
  }
}

async function main() {
  if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`BENCH_ROUNDS must be a positive integer, got "${process.env.BENCH_ROUNDS}"`)
  const unknown = ONLY ? [...ONLY].filter((id) => !SCENARIOS[id]) : []
  if (unknown.length) throw new Error(`BENCH_ONLY names unknown scenarios: ${unknown.join(", ")} (known: ${Object.keys(SCENARIOS).join(", ")})`)
  const topology = benchTopology()
  const medusaShape = medusaSecondShape(topology)
  const plan = (round) => roundSteps(ROUND_GROUPS, round).filter((step) => !ONLY || ONLY.has(step.id))

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

  const rounds = []
  let memory = {}
  const processes = {}
  let statisticsKeeper = null
  let shipping = "none: every artist ships free (BENCH_SHIPPING=none)"
  let postgres = null
  let build
  try {
    build = await ensureBuild()
    /** A scratch database with the demo data, its statistics kept, and a small pool to read it. */
    const openDatabase = async () => {
      const db = await startDatabase()
      cleanups.push(() => db.stop())
      await migrateAndSeed(db.databaseUrl)
      const autovacuum = await keepTableStatistics(db.databaseUrl)
      cleanups.push(() => autovacuum.stop())
      const pool = new pg.Pool({ connectionString: db.databaseUrl, max: 2 })
      // An idle connection cut by a database shutdown (Ctrl-C stops embedded PostgreSQL too) must not crash cleanup.
      pool.on("error", () => {})
      cleanups.push(() => pool.end())
      return { databaseUrl: db.databaseUrl, autovacuum, sql: (text, params) => pool.query(text, params) }
    }
    const db = await openDatabase()
    const sql = db.sql
    statisticsKeeper = db.autovacuum.active ? "autovacuum stand-in (the server has autovacuum off)" : "the server's autovacuum"
    postgres = await postgresVersion(sql)

    log(`topology: ${TOPOLOGIES[topology]}`)
    const server = await startDeployment(db.databaseUrl, topology)
    cleanups.push(() => server.stop())
    const ctx = { baseUrl: server.baseUrl, sql, shape: topology, main: true }
    log("setting up scenarios (stock of the prints, product ids, publishable key, shipping option)")
    ctx.atelier = await setupAtelier({ baseUrl: server.baseUrl, sql })
    ctx.medusa = await setupMedusaStore({ baseUrl: server.baseUrl, sql, log })
    ctx.dashboard = await setupDashboard({ baseUrl: server.baseUrl })
    ctx.store = await setupStore({ baseUrl: server.baseUrl, sql })
    if (SHIPPING_RATES) {
      shipping = await configureDemoShippingRates({ baseUrl: server.baseUrl })
      ctx.atelier.shippingRates = ctx.store.shippingRates = true
    }

    // Medusa's second shape: only Medusa's scenarios, each right after its run on the main one, on a database of its
    // own (same demo data): on the main one its processes' scheduled jobs would take a share of the Atelier
    // scenarios' follow-up work (the outbox dispatch polls the table).
    let medusaCtx = null
    let medusaDeployment = null
    if (medusaShape && plan(1).some((step) => SCENARIOS[step.id].system === "medusa")) {
      log(`Medusa also measured as ${TOPOLOGIES[medusaShape]}, on a database of its own`)
      const medusaDb = await openDatabase()
      medusaDeployment = await startDeployment(medusaDb.databaseUrl, medusaShape)
      cleanups.push(() => medusaDeployment.stop())
      medusaCtx = { baseUrl: medusaDeployment.baseUrl, sql: medusaDb.sql, shape: medusaShape, main: false }
      medusaCtx.medusa = await setupMedusaStore({ baseUrl: medusaDeployment.baseUrl, sql: medusaDb.sql, log })
      medusaCtx.dashboard = await setupDashboard({ baseUrl: medusaDeployment.baseUrl })
    }

    const availability = new Map()
    for (const { id } of plan(1)) {
      if (!availability.has(id)) availability.set(id, SCENARIOS[id].available ? await SCENARIOS[id].available(ctx) : { available: true })
    }
    for (let round = 1; round <= ROUNDS; round++) {
      log(`round ${round} of ${ROUNDS}`)
      const loadavg = os.loadavg().map((v) => Number(v.toFixed(2)))
      const scenarios = []
      for (const step of plan(round)) {
        scenarios.push(await runScenario(ctx, step, availability.get(step.id)))
        if (medusaCtx && SCENARIOS[step.id].system === "medusa") scenarios.push(await runScenario(medusaCtx, step, availability.get(step.id)))
      }
      const { ratios, vsMedusaBest } = roundRatios(scenarios, topology, medusaCtx ? medusaShape : null)
      rounds.push({ round, loadavg_before: loadavg, scenarios, ratios, ...(medusaCtx ? { ratios_vs_medusa_best: vsMedusaBest } : {}) })
    }
    memory = server.memory.result()
    processes[topology] = server.processes()
    if (medusaDeployment) processes[`medusa ${medusaShape}`] = medusaDeployment.processes()
  } finally {
    await cleanup()
  }

  const summary = summarize(rounds)
  const tally = checkoutTally(rounds)
  printReport(rounds, summary, tally, memory, { shape: topology, medusaShape, processes })
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
      rounds: ROUNDS,
      round_order: plan(1).map((step) => `${step.id}@c${step.concurrency}`),
      round_order_note: "pairs swap sides every round: Atelier first in odd rounds, Medusa first in even ones",
      warmup_ms: WARMUP_MS,
      ratios: "median over the rounds of each round's ratio (the two sides of a ratio run back to back in a round)",
      server: "medusa start (production build), NODE_ENV=production, LOG_LEVEL=error, admin disabled",
      topology: TOPOLOGIES[topology],
      medusa_second_shape: medusaShape ? TOPOLOGIES[medusaShape] : null,
      database: process.env.DATABASE_URL ? "scratch database next to DATABASE_URL" : "embedded PostgreSQL (scratch)",
      postgres,
      table_statistics: statisticsKeeper,
      shipping,
      build_had_type_errors: Boolean(build?.errors),
    },
    scenarios: scenarioMedians(rounds),
    rounds,
    ratios: summary.ratios,
    targets: summary.targets,
    ...(medusaShape ? { ratios_vs_medusa_best: summary.vsMedusaBest } : {}),
    processes,
    checkouts_verified: tally,
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
