// The benchmarks' run history and the README's table of the latest run (bench/lib/history.mjs, bench/lib/results.mjs,
// bench/README.md "History and the README's table"): which figures have targets, how a verdict is reached, what one
// history entry holds, and the markdown rendered from it.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

type Target = { min?: number; max?: number; below?: number }
type Figure = {
  id: string
  benchmark: string
  value: number | null
  unit: string
  target: Target
  judged: string
  samples: (number | null)[]
  met: boolean | null
}
type Entry = {
  date: string | null
  benchmarks: Record<string, string | null>
  commit: string | null
  dirty: boolean | null
  machine: Record<string, unknown>
  postgres: Record<string, string | null>
  topology: Record<string, string | null>
  gallery?: Record<string, unknown>
  figures: Figure[]
}
type HistoryModule = {
  FIGURES: { id: string; benchmark: string }[]
  meets(value: number | null, target: Target): boolean | null
  historyEntry(results: object, options?: object): Entry
  figureTable(figures: Figure[]): string
  readmeTable(results: object, options?: { history?: Entry[] }): string
  renderHistory(entries: Entry[]): string
  parseHistory(text: string): Entry[]
}
type ResultsModule = {
  RESULTS_FILE: string
  appendHistory(entry: Entry, files: { file: string; page: string }): void
  gitState(cwd?: string): { commit: string | null; dirty: boolean | null; source: string }
}

const load = <T>(specifier: string): Promise<T> => import(specifier) as Promise<T>

/** A latest.json of a full run in the shape the four benchmarks write it, with two misses. */
function fullRun() {
  const galleryRound = (cart: number, checkout: number, c8: number) => ({
    ratios: {
      cart_add_rps: cart,
      checkout_p50: checkout,
      products_rps: 25,
      store_checkout_p50: 0.25,
      checkout_c8_per_s: c8,
      dashboard_products_rps: 18,
    },
  })
  return {
    date: "2026-12-01T10:00:00.000Z",
    machine: { cpus: 2, cpu_model: "AMD EPYC", memory: "24106 MB", node: "v20.20.2", platform: "linux 6.1", loadavg_before: [1] },
    settings: {
      seconds_per_scenario: 5,
      rounds: 3,
      topology: "split: API server (WORKER_MODE=server) + worker (WORKER_MODE=worker) on Redis",
      database: "scratch database next to DATABASE_URL",
      postgres: "PostgreSQL 15.20, the server named by DATABASE_URL",
      table_statistics: "autovacuum stand-in (the server has autovacuum off)",
    },
    rounds: [galleryRound(120, 0.21, 48), galleryRound(110, 0.19, 52), galleryRound(130, 0.22, 47)],
    ratios: {
      cart_add_rps: 120,
      checkout_p50: 0.21,
      products_rps: 25,
      store_checkout_p50: 0.25,
      checkout_c8_per_s: 48,
      dashboard_products_rps: 18,
      v1_products_rps: 30,
      v1_orders_deep_page: 0.8,
      rate_limit_overhead: 0.95,
    },
    targets: {
      cart_add_rps: { min: 100, met: true, rounds_measured: 3 },
      checkout_p50: { max: 0.2, met: false, rounds_measured: 3 },
      products_rps: { min: 20, met: true, rounds_measured: 3 },
      store_checkout_p50: { max: 0.3, met: true, rounds_measured: 3 },
      checkout_c8_per_s: { min: 50, met: false, rounds_measured: 3 },
      dashboard_products_rps: { min: 10, met: true, rounds_measured: 3 },
    },
    checkouts_verified: { runs: 9, checkouts: 2000, failures: 0, stock_mismatches: 0, ok: true },
    peak_rss_mb: 1700,
    analytics_1m_p50_ms: 52.5,
    analytics: { date: "2026-12-01T10:10:00.000Z", target: { p50_ms_max: 300, met: true }, warm: { requests: 20 } },
    platform: {
      date: "2026-12-01T10:12:00.000Z",
      targets: {
        v1_products_rps: { min: 20, met: true },
        v1_orders_deep_page: { max: 1.5, met: true },
        rate_limit_overhead: { min: 0.9, met: true },
      },
      deep_page: { first_page: { requests: 30 } },
      rounds: [{ ratios: { v1_products_rps: 30, rate_limit_overhead: 0.95 } }, { ratios: { v1_products_rps: 29, rate_limit_overhead: 0.97 } }, { ratios: { v1_products_rps: 31, rate_limit_overhead: 0.9 } }],
    },
    campaign_10k_s: 7.05,
    webhook_fanout_added_p50_ms: 0.03,
    marketing: {
      date: "2026-12-01T10:14:00.000Z",
      targets: { campaign_10k_s: { max: 30, met: true }, webhook_fanout_added_p50_ms: { max: 5, met: true } },
      campaign: { rounds: [{ seconds: 16.75 }, { seconds: 6.98 }, { seconds: 7.05 }] },
      webhook_fanout: { blocks: [{ added_p50_ms: -2.51 }, { added_p50_ms: 0.03 }, { added_p50_ms: 1.28 }] },
    },
  }
}

describe("bench history: targets and verdicts", () => {
  let history: HistoryModule
  beforeAll(async () => {
    history = await load<HistoryModule>("../../bench/lib/history.mjs")
  })

  it("judges ≥, ≤ and the strict < of the analytics and campaign targets", () => {
    expect(history.meets(100, { min: 100 })).toBe(true)
    expect(history.meets(99.9, { min: 100 })).toBe(false)
    expect(history.meets(0.2, { max: 0.2 })).toBe(true)
    expect(history.meets(0.201, { max: 0.2 })).toBe(false)
    expect(history.meets(299.9, { below: 300 })).toBe(true)
    expect(history.meets(300, { below: 300 })).toBe(false)
    expect(history.meets(null, { min: 1 })).toBeNull()
  })

  it("an entry of a full run holds every target figure once, with the benchmark's own verdict, misses included", () => {
    const entry = history.historyEntry(fullRun(), { git: { commit: "abc123def4567890", dirty: true, source: "test" } })
    expect(Object.keys(entry.benchmarks)).toEqual(["gallery", "analytics", "platform", "marketing"])
    expect(entry.date).toBe("2026-12-01T10:00:00.000Z")
    expect(entry).toMatchObject({ commit: "abc123def4567890", dirty: true })
    expect(entry.machine).toEqual({ cpus: 2, cpu_model: "AMD EPYC", memory: "24106 MB", node: "v20.20.2", platform: "linux 6.1" })
    expect(entry.topology).toEqual({
      gallery: "split: API server (WORKER_MODE=server) + worker (WORKER_MODE=worker) on Redis",
      analytics: "shared: one process",
      platform: "shared: one process",
      marketing: "shared: one process",
    })
    expect(entry.figures.map((f) => f.id)).toEqual(history.FIGURES.map((f) => f.id))
    const byId = Object.fromEntries(entry.figures.map((f) => [f.id, f]))
    expect(byId.checkout_p50).toMatchObject({ value: 0.21, met: false, samples: [0.21, 0.19, 0.22], judged: "median of 3 rounds" })
    expect(byId.checkout_c8_per_s).toMatchObject({ value: 48, met: false })
    expect(byId.cart_add_rps).toMatchObject({ value: 120, met: true })
    expect(byId.analytics_1m_p50_ms).toMatchObject({ value: 52.5, met: true, samples: [], judged: "p50 of 20 sequential requests, one run" })
    expect(byId.webhook_fanout_added_p50_ms).toMatchObject({ samples: [-2.51, 0.03, 1.28], judged: "median of 3 blocks of back-to-back pairs" })
  })

  it("keeps a benchmark's failed verdict (failed checkouts) and its missing one, and judges older files from the value", () => {
    const results = fullRun()
    results.targets.cart_add_rps.met = false // checkouts behind it failed, though 120 >= 100
    ;(results.targets.products_rps as { met: boolean | null }).met = null // a round could not measure it
    delete (results.marketing.targets as Record<string, unknown>).campaign_10k_s
    const byId = Object.fromEntries(history.historyEntry(results).figures.map((f) => [f.id, f]))
    expect(byId.cart_add_rps.met).toBe(false)
    expect(byId.products_rps.met).toBeNull()
    expect(byId.campaign_10k_s.met).toBe(true)
  })

  it("an entry of one benchmark's run holds only that benchmark's figures and the machine it ran on", () => {
    const entry = history.historyEntry(fullRun(), { benchmarks: ["platform"], machine: { cpus: 4, memory: "8000 MB" } })
    expect(entry.benchmarks).toEqual({ platform: "2026-12-01T10:12:00.000Z" })
    expect(entry.figures.map((f) => f.id)).toEqual(["v1_products_rps", "v1_orders_deep_page", "rate_limit_overhead"])
    expect(entry.machine).toEqual({ cpus: 4, memory: "8000 MB" })
    expect(entry.gallery).toBeUndefined()
  })
})

describe("bench history: markdown", () => {
  let history: HistoryModule
  beforeAll(async () => {
    history = await load<HistoryModule>("../../bench/lib/history.mjs")
  })

  it("the table has one row per target with target, how it is judged, result, rounds and met or missed", () => {
    const table = history.figureTable(history.historyEntry(fullRun()).figures).split("\n")
    expect(table).toHaveLength(2 + history.FIGURES.length)
    expect(table[0]).toBe("| benchmark | figure | target | judged on | result | rounds | |")
    expect(table.find((row) => row.includes("concurrency 8"))).toBe(
      "| gallery | Gallery checkouts per second at concurrency 8 | ≥ 50/s | median of 3 rounds | 48/s | 48 / 52 / 47 | **missed** |"
    )
    expect(table.find((row) => row.startsWith("| analytics"))).toBe(
      "| analytics | Admin analytics, one year over 1,000,000 artist orders, warm p50 | < 300 ms | p50 of 20 sequential requests, one run | 52.5 ms | - | met |"
    )
  })

  it("the README table names date, machine, PostgreSQL and topology, and takes the commit from the run's history entries", () => {
    const results = fullRun()
    const entries = ["gallery", "analytics", "platform", "marketing"].map((name) =>
      history.historyEntry(results, { benchmarks: [name], git: { commit: "0123456789abcdef0123", dirty: false } })
    )
    const text = history.readmeTable(results, { history: entries })
    expect(text).toContain("- Date: 2026-12-01, started (UTC) gallery 10:00, analytics 10:10, platform 10:12, marketing 10:14")
    expect(text).toContain("- Commit: `0123456789ab`\n")
    expect(text).toContain("- Machine: 2 cores (AMD EPYC), 24106 MB memory, Node v20.20.2, linux 6.1")
    expect(text).toContain("- Topology: gallery: split: API server (WORKER_MODE=server) + worker (WORKER_MODE=worker) on Redis; analytics, platform, marketing: shared: one process")
    expect(text).toContain("- Targets: 10 of 12 met; missed: checkout_p50, checkout_c8_per_s")
    // Without history entries, what latest.json does not record says so.
    const bare = history.readmeTable(results)
    expect(bare).toContain("- Commit: not recorded")
    expect(bare).toContain("- PostgreSQL: gallery: PostgreSQL 15.20, the server named by DATABASE_URL; analytics, platform, marketing: not recorded")
  })

  it("history.md lists the entries newest first; a broken history.jsonl line is named", () => {
    const results = fullRun()
    const older = history.historyEntry(results, { benchmarks: ["gallery"], git: { commit: "aaaaaaaaaaaa" } })
    const newer = history.historyEntry(results, { benchmarks: ["marketing"], git: { commit: "bbbbbbbbbbbb" } })
    const page = history.renderHistory([older, newer])
    expect(page.indexOf("## 2026-12-01 10:14 UTC: marketing at bbbbbbbbbb")).toBeGreaterThan(0)
    expect(page.indexOf("## 2026-12-01 10:14 UTC: marketing")).toBeLessThan(page.indexOf("## 2026-12-01 10:00 UTC: gallery"))
    expect(history.parseHistory(`${JSON.stringify(older)}\n\n${JSON.stringify(newer)}\n`)).toHaveLength(2)
    expect(() => history.parseHistory(`${JSON.stringify(older)}\n{broken\n`)).toThrow("history.jsonl line 2")
  })
})

describe("bench history: the files", () => {
  let history: HistoryModule
  let results: ResultsModule
  let dir: string
  beforeAll(async () => {
    history = await load<HistoryModule>("../../bench/lib/history.mjs")
    results = await load<ResultsModule>("../../bench/lib/results.mjs")
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-history-"))
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("each run appends one line to history.jsonl and renders history.md from all of them", () => {
    const files = { file: path.join(dir, "history.jsonl"), page: path.join(dir, "history.md") }
    const run = fullRun()
    results.appendHistory(history.historyEntry(run, { benchmarks: ["gallery"] }), files)
    results.appendHistory(history.historyEntry(run, { benchmarks: ["analytics"] }), files)
    const lines = fs.readFileSync(files.file, "utf8").trimEnd().split("\n")
    expect(lines.map((line) => Object.keys(JSON.parse(line).benchmarks))).toEqual([["gallery"], ["analytics"]])
    const page = fs.readFileSync(files.page, "utf8")
    expect(page).toContain("## 2026-12-01 10:10 UTC: analytics")
    expect(page).toContain("## 2026-12-01 10:00 UTC: gallery")
  })

  it("records the commit a run measured", () => {
    const state = results.gitState()
    expect(state.commit).toMatch(/^[0-9a-f]{40}$/)
    expect(typeof state.dirty).toBe("boolean")
    expect(results.gitState(dir)).toEqual({ commit: null, dirty: null, source: "not a git checkout" })
  })

  it("every target figure is found in the repository's bench/results/latest.json", () => {
    const latest = JSON.parse(fs.readFileSync(results.RESULTS_FILE, "utf8"))
    const entry = history.historyEntry(latest)
    expect(entry.figures.filter((f) => f.value == null || f.met == null).map((f) => f.id)).toEqual([])
  })
})
