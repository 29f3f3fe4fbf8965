// The benchmarks' targets, the run history (bench/results/history.jsonl, rendered as history.md) and the README's
// table of the latest run. Pure: every function here works on a latest.json-shaped object and returns data or
// markdown; the files are read and written by bench/lib/results.mjs (history) and bench/lib/readme-table.mjs.

/** The analytics, platform and marketing benchmarks always measure one process (bench/README.md, "Topology"). */
const SHARED = "shared: one process"

/** Each benchmark's keys in latest.json: when it ran, on what deployment and which PostgreSQL. */
export const BENCHMARKS = {
  gallery: {
    script: "npm run bench:gallery",
    date: (r) => r.date,
    topology: (r) => r.settings?.topology,
    postgres: (r) => r.settings?.postgres,
    database: (r) => r.settings?.database,
    statistics: (r) => r.settings?.table_statistics,
  },
  analytics: {
    script: "npm run bench:analytics",
    date: (r) => r.analytics?.date,
    topology: () => SHARED,
    postgres: (r) => r.analytics?.postgres,
    database: (r) => r.analytics?.database,
    statistics: () => null,
  },
  platform: {
    script: "npm run bench:platform",
    date: (r) => r.platform?.date,
    topology: () => SHARED,
    postgres: (r) => r.platform?.postgres,
    database: (r) => r.platform?.database,
    statistics: () => null,
  },
  marketing: {
    script: "npm run bench:marketing",
    date: (r) => r.marketing?.date,
    topology: () => SHARED,
    postgres: (r) => r.marketing?.postgres,
    database: (r) => r.marketing?.database,
    statistics: () => null,
  },
}

const rounds = (count) => `median of ${count ?? "the"} round${count === 1 ? "" : "s"}`

/** A gallery figure: `ratios.<id>`, its rounds' values and its verdict under `targets.<id>` (bench/run.mjs). */
const gallery = (id, figure, unit, target) => ({
  id,
  benchmark: "gallery",
  figure,
  unit,
  target,
  value: (r) => r.ratios?.[id],
  samples: (r) => r.rounds?.map((round) => round.ratios?.[id] ?? null),
  judged: (r) => rounds(r.rounds?.length),
  met: (r) => r.targets?.[id]?.met,
})

const platform = (id, figure, unit, target) => ({
  id,
  benchmark: "platform",
  figure,
  unit,
  target,
  value: (r) => r.ratios?.[id],
  samples: (r) => r.platform?.rounds?.map((round) => round.ratios?.[id] ?? null),
  judged: (r) => rounds(r.platform?.rounds?.length),
  met: (r) => r.platform?.targets?.[id]?.met,
})

/**
 * Every figure with a target, in the order of bench/README.md. `target`: `min` (≥), `max` (≤) or `below` (<).
 * `met` reads the benchmark's own verdict (which also fails a figure whose checkouts failed); `samples` are the
 * rounds (or blocks) the figure is the median of, empty when it is one measurement.
 */
export const FIGURES = [
  gallery("cart_add_rps", "Gallery cart add / Medusa add line item, req/s at c10", "x", { min: 100 }),
  gallery("checkout_p50", "Gallery checkout + payment + confirm / Medusa cart completion, p50 at c1", "", { max: 0.2 }),
  gallery("store_checkout_p50", "Artist-store checkout / Medusa cart completion, p50 at c1", "", { max: 0.3 }),
  gallery("products_rps", "Gallery product list / Medusa store product list, req/s at c10", "x", { min: 20 }),
  gallery("checkout_c8_per_s", "Gallery checkouts per second at concurrency 8", "/s", { min: 50 }),
  gallery("dashboard_products_rps", "Dashboard `/api/products` / Medusa `/admin/products`, req/s at c10", "x", { min: 10 }),
  {
    id: "analytics_1m_p50_ms",
    benchmark: "analytics",
    figure: "Admin analytics, one year over 1,000,000 artist orders, warm p50",
    unit: " ms",
    target: { below: 300 },
    value: (r) => r.analytics_1m_p50_ms,
    samples: () => [],
    judged: (r) => `p50 of ${r.analytics?.warm?.requests ?? "the"} sequential requests, one run`,
    met: (r) => r.analytics?.target?.met,
  },
  platform("v1_products_rps", "`/v1/products` (API key, limiter on) / Medusa store product list, req/s at c10", "x", { min: 20 }),
  {
    id: "v1_orders_deep_page",
    benchmark: "platform",
    figure: "`/v1/orders` cursor page 9,001 / first page, p50",
    unit: "",
    target: { max: 1.5 },
    value: (r) => r.ratios?.v1_orders_deep_page,
    samples: () => [],
    judged: (r) => `p50s of ${r.platform?.deep_page?.first_page?.requests ?? "the"} sequential requests per page, one run`,
    met: (r) => r.platform?.targets?.v1_orders_deep_page?.met,
  },
  platform("rate_limit_overhead", "Gallery product list with the rate limiter on / off, req/s at c10", "", { min: 0.9 }),
  {
    id: "campaign_10k_s",
    benchmark: "marketing",
    figure: "Campaign to 10,000 recipients, send to sent",
    unit: " s",
    target: { below: 30 },
    value: (r) => r.campaign_10k_s,
    samples: (r) => r.marketing?.campaign?.rounds?.map((round) => round.seconds ?? null),
    judged: (r) => rounds(r.marketing?.campaign?.rounds?.length),
    met: (r) => r.marketing?.targets?.campaign_10k_s?.met,
  },
  {
    id: "webhook_fanout_added_p50_ms",
    benchmark: "marketing",
    figure: "Outbound webhooks (3 endpoints): p50 added to the order-paid path at c1",
    unit: " ms",
    target: { max: 5 },
    value: (r) => r.webhook_fanout_added_p50_ms,
    samples: (r) => r.marketing?.webhook_fanout?.blocks?.map((block) => block.added_p50_ms ?? null),
    judged: (r) => {
      const count = r.marketing?.webhook_fanout?.blocks?.length
      return `median of ${count ?? "the"} blocks of back-to-back pairs`
    },
    met: (r) => r.marketing?.targets?.webhook_fanout_added_p50_ms?.met,
  },
]

/** Whether `value` meets `target`; null without a value. */
export function meets(value, target) {
  if (value == null || Number.isNaN(value)) return null
  if (target.min != null) return value >= target.min
  if (target.max != null) return value <= target.max
  return value < target.below
}

export function targetText(target, unit = "") {
  if (target.min != null) return `≥ ${target.min}${unit}`
  if (target.max != null) return `≤ ${target.max}${unit}`
  return `< ${target.below}${unit}`
}

/** One figure of a run: its value, target, how it is judged, its rounds and the verdict. */
export function figureResult(def, results) {
  const value = def.value(results) ?? null
  const stored = def.met(results)
  // The benchmark's verdict wins (it is false when checkouts behind the figure failed, null when a round could not
  // measure it); a file from before a benchmark recorded verdicts is judged here from the value.
  const met = typeof stored === "boolean" || stored === null ? stored : meets(value, def.target)
  return {
    id: def.id,
    benchmark: def.benchmark,
    figure: def.figure,
    value,
    unit: def.unit,
    target: def.target,
    judged: def.judged(results),
    samples: (def.samples(results) ?? []).filter((v) => v !== undefined),
    met,
  }
}

/** The benchmarks whose results are in `results`. */
export function benchmarksIn(results) {
  return Object.keys(BENCHMARKS).filter((name) => BENCHMARKS[name].date(results))
}

const MACHINE_KEYS = ["cpus", "cpu_model", "memory", "node", "platform"]

/**
 * The history entry of a run of `benchmarks` (default: every benchmark in `results`), built from latest.json's
 * content after the run wrote it. `git`: `{commit, dirty, source}`; `machine`: the machine the run measured on
 * (default `results.machine`); `postgres`: the PostgreSQL server, for results that do not record it.
 */
export function historyEntry(results, { benchmarks = benchmarksIn(results), git = {}, machine, postgres } = {}) {
  const perBenchmark = (read) => Object.fromEntries(benchmarks.map((name) => [name, read(BENCHMARKS[name])]))
  const dates = perBenchmark((b) => b.date(results) ?? null)
  const known = Object.values(dates).filter(Boolean).sort()
  const source = machine ?? results.machine ?? {}
  const entry = {
    date: known[0] ?? null,
    benchmarks: dates,
    commit: git.commit ?? null,
    dirty: git.dirty ?? null,
    ...(git.source ? { commit_source: git.source } : {}),
    machine: Object.fromEntries(MACHINE_KEYS.filter((key) => source[key] != null).map((key) => [key, source[key]])),
    postgres: perBenchmark((b) => b.postgres(results) ?? postgres ?? null),
    database: perBenchmark((b) => b.database(results) ?? null),
    topology: perBenchmark((b) => b.topology(results) ?? null),
  }
  if (benchmarks.includes("gallery")) {
    entry.gallery = {
      seconds_per_scenario: results.settings?.seconds_per_scenario ?? null,
      rounds: results.settings?.rounds ?? null,
      table_statistics: results.settings?.table_statistics ?? null,
      shipping: results.settings?.shipping ?? null,
      checkouts_verified: results.checkouts_verified ?? null,
      peak_rss_mb: results.peak_rss_mb ?? null,
    }
  }
  entry.figures = FIGURES.filter((def) => benchmarks.includes(def.benchmark)).map((def) => figureResult(def, results))
  return entry
}

const number = (value) => (value == null ? "-" : String(value))

export function verdictText(met) {
  return met === true ? "met" : met === false ? "**missed**" : "no verdict"
}

/** The markdown table of a run's figures: one row per target. */
export function figureTable(figures) {
  const rows = [
    "| benchmark | figure | target | judged on | result | rounds | |",
    "|---|---|---|---|---|---|---|",
  ]
  for (const f of figures) {
    const value = f.value == null ? "not measured" : `${number(f.value)}${f.unit}`
    const samples = f.samples.length ? f.samples.map(number).join(" / ") : "-"
    rows.push(`| ${f.benchmark} | ${f.figure} | ${targetText(f.target, f.unit)} | ${f.judged} | ${value} | ${samples} | ${verdictText(f.met)} |`)
  }
  return rows.join("\n")
}

/** "2026-11-28 03:20 UTC" */
export function utcMinute(iso) {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "unknown date"
}

/** One value when every benchmark has the same, else "gallery: value; analytics, platform: value". */
function perBenchmarkText(map, fallback) {
  const groups = new Map()
  for (const [name, value] of Object.entries(map ?? {})) {
    const text = value ?? fallback
    groups.set(text, [...(groups.get(text) ?? []), name])
  }
  if (groups.size <= 1) return [...groups.keys()][0] ?? fallback
  return [...groups].map(([text, names]) => `${names.join(", ")}: ${text}`).join("; ")
}

function machineText(machine) {
  const parts = []
  if (machine.cpus != null) parts.push(`${machine.cpus} cores${machine.cpu_model ? ` (${machine.cpu_model})` : ""}`)
  if (machine.memory) parts.push(`${machine.memory} memory`)
  if (machine.node) parts.push(`Node ${machine.node}`)
  if (machine.platform) parts.push(machine.platform)
  return parts.join(", ") || "not recorded"
}

/** The lines above an entry's table: when, on what, where, which deployment. */
export function entrySummary(entry) {
  const dates = Object.entries(entry.benchmarks)
    .map(([name, date]) => `${name} ${date ? date.slice(11, 16) : "?"}`)
    .join(", ")
  const postgres = Object.fromEntries(
    Object.keys(entry.benchmarks).map((name) => {
      const version = entry.postgres?.[name]
      const database = entry.database?.[name]
      const text = version ?? (database ? `${database} (server version not recorded)` : "not recorded")
      return [name, text]
    })
  )
  const lines = [
    `- Date: ${entry.date ? entry.date.slice(0, 10) : "unknown"}, started (UTC) ${dates}`,
    `- Commit: ${entry.commit ? entry.commit.split(", ").map((c) => `\`${c.slice(0, 12)}\``).join(", ") : "not recorded"}${entry.dirty ? " with uncommitted changes" : ""}${entry.commit_source ? ` (${entry.commit_source})` : ""}`,
    `- Machine: ${machineText(entry.machine ?? {})}`,
    `- PostgreSQL: ${perBenchmarkText(postgres, "not recorded")}`,
    `- Topology: ${perBenchmarkText(entry.topology, "not recorded")}`,
  ]
  const g = entry.gallery
  if (g) {
    const settings = [`${g.rounds ?? "?"} rounds of ${g.seconds_per_scenario ?? "?"} s per scenario`]
    if (g.table_statistics) settings.push(`table statistics by ${g.table_statistics}`)
    if (g.shipping) settings.push(`shipping ${g.shipping}`)
    if (g.checkouts_verified) {
      const c = g.checkouts_verified
      settings.push(
        c.ok
          ? `all ${c.checkouts.toLocaleString("en-US")} checkouts ended paid with their stock reserved`
          : `CHECKOUT FAILURES: ${c.failures} of ${c.checkouts}, ${c.stock_mismatches} stock mismatches`
      )
    }
    if (g.peak_rss_mb != null) settings.push(`peak server memory ${g.peak_rss_mb.toLocaleString("en-US")} MB`)
    lines.push(`- Gallery: ${settings.join("; ")}`)
  }
  const counted = entry.figures.filter((f) => f.met != null)
  const missed = entry.figures.filter((f) => f.met === false).map((f) => f.id)
  lines.push(
    `- Targets: ${counted.filter((f) => f.met).length} of ${entry.figures.length} met` +
      (missed.length ? `; missed: ${missed.join(", ")}` : "") +
      (counted.length < entry.figures.length ? `; ${entry.figures.length - counted.length} without a verdict` : "")
  )
  return lines.join("\n")
}

/**
 * What latest.json does not say about a run and its history entries do: the commit and the PostgreSQL server of
 * each benchmark, taken from the entries of the same runs (same benchmark and start date).
 */
export function withHistory(entry, history = []) {
  const commits = []
  let dirty = null
  const postgres = { ...entry.postgres }
  for (const [name, date] of Object.entries(entry.benchmarks)) {
    const same = history.filter((h) => date && h.benchmarks?.[name] === date)
    for (const h of same) {
      if (h.commit && !commits.includes(h.commit)) commits.push(h.commit)
      if (h.dirty != null) dirty = Boolean(dirty) || h.dirty
      if (!postgres[name] && h.postgres?.[name]) postgres[name] = h.postgres[name]
    }
  }
  return {
    ...entry,
    commit: entry.commit ?? (commits.length ? commits.join(", ") : null),
    dirty: entry.dirty ?? dirty,
    postgres,
  }
}

/** The README's table of the latest run (printed by `node bench/lib/readme-table.mjs`). */
export function readmeTable(results, { history = [], ...options } = {}) {
  const entry = withHistory(historyEntry(results, options), history)
  return `${entrySummary(entry)}\n\n${figureTable(entry.figures)}\n`
}

/** bench/results/history.md from the entries of history.jsonl (oldest first in the file, newest first here). */
export function renderHistory(entries) {
  const parts = [
    "# Benchmark history",
    "",
    "Written by the benchmarks, not by hand: every run that writes `bench/results/latest.json` appends one entry to",
    "`history.jsonl` (`bench/lib/results.mjs`), and this page is rendered again from it. Newest first. The targets and",
    "how each figure is measured: `bench/README.md`.",
  ]
  for (const entry of [...entries].reverse()) {
    const names = Object.keys(entry.benchmarks).join(", ")
    parts.push("", `## ${utcMinute(entry.date)}: ${names}${entry.commit ? ` at ${entry.commit.slice(0, 10)}` : ""}`, "")
    parts.push(entrySummary(entry), "", figureTable(entry.figures))
  }
  return parts.join("\n") + "\n"
}

/** Parses history.jsonl; blank lines are skipped, a broken line throws with its number. */
export function parseHistory(text) {
  return text
    .split("\n")
    .map((line, index) => [line.trim(), index + 1])
    .filter(([line]) => line)
    .map(([line, number]) => {
      try {
        return JSON.parse(line)
      } catch (error) {
        throw new Error(`history.jsonl line ${number}: ${error.message}`)
      }
    })
}
