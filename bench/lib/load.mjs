// Load generation: autocannon for single-request scenarios, a timed worker pool for multi-step flows,
// and the percentile and median arithmetic the reports use.
import autocannon from "autocannon"
import { performance } from "node:perf_hooks"

/** Nearest-rank percentile of an ascending array (p in 0..100); null for an empty array. */
export function percentile(sorted, p) {
  if (!sorted.length) return null
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]
}

/** Median of the non-null values (the mean of the middle two for an even count); null when there are none. */
export function median(values) {
  const sorted = values.filter((v) => v != null).sort((a, b) => a - b)
  if (!sorted.length) return null
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** `value` rounded to `digits` decimals (null stays null). */
export const roundTo = (value, digits = 1) => (value == null ? null : Number(value.toFixed(digits)))

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Every scenario warms up for at least this long before its clock starts (JIT, pools, caches, plans). */
export const WARMUP_MS = 2000

/**
 * Warm-up that leaves nothing in flight: one request per connection (autocannon `amount` waits for every
 * response), then rounds of as many more as fit in the time left at the latency just seen, until `targetMs` has
 * passed. Resolves to the mean latency seen (ms).
 */
async function warmUp(base, targetMs) {
  const started = performance.now()
  const first = await autocannon({ ...base, amount: base.connections })
  let latencyMs = Math.max(1, first.latency.average || 1)
  for (let left = targetMs - (performance.now() - started); left > 0; left = targetMs - (performance.now() - started)) {
    const perConnection = Math.max(1, Math.min(2000, Math.ceil(left / latencyMs)))
    const run = await autocannon({ ...base, amount: base.connections * perConnection })
    latencyMs = Math.max(1, run.latency.average || latencyMs)
  }
  return latencyMs
}

/** Slow scenarios run longer (up to 3x) so that about `minSamples` responses back the percentiles. */
export const MIN_SAMPLES = 30
const MAX_STRETCH = 3

/**
 * One autocannon run (programmatic API) of `durationS` after a warm-up; only 2xx responses count as throughput.
 * autocannon drops the requests still in flight when the time is up, but the server goes on working on them:
 * wait for those to finish (about the slowest latency seen, bounded) so they do not spill into the next scenario.
 * Returns {rps, p50_ms, p99_ms, mean_ms, requests, ok, non2xx, errors, duration_s}.
 */
export async function autocannonRun({ url, method = "GET", headers, body, requests, connections, durationS, warmupMs = WARMUP_MS }) {
  const base = { url, method, headers, body, requests, connections, timeout: 30, pipelining: 1 }
  const latencyMs = await warmUp(base, warmupMs)
  const needed = Math.ceil((MIN_SAMPLES * latencyMs) / connections / 1000)
  const duration = Math.min(MAX_STRETCH * durationS, Math.max(durationS, needed))
  const result = await autocannon({ ...base, duration })
  await sleep(Math.min(15_000, Math.ceil(1.5 * (result.latency.max || 0)) + 50))
  const ok = result["2xx"] ?? 0
  return {
    rps: roundTo(ok / result.duration, 1),
    p50_ms: roundTo(result.latency.p50, 2),
    p99_ms: roundTo(result.latency.p99, 2),
    mean_ms: roundTo(result.latency.average, 2),
    requests: result.requests.total,
    ok,
    non2xx: result.non2xx ?? 0,
    errors: (result.errors ?? 0) + (result.timeouts ?? 0),
    duration_s: roundTo(result.duration, 2),
  }
}

async function parallel(count, concurrency, fn) {
  const out = []
  let next = 0
  const worker = async () => {
    while (next < count) {
      const index = next++
      out[index] = await fn(index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
  return out
}

/**
 * A custom loop for multi-step flows where only the last steps are timed: `prepare()` builds one unit of work
 * (untimed, in batches), then `concurrency` workers run `timed(unit)` over the batch while the clock runs.
 * Stops once the timed phases add up to `durationS` (longer, up to 3x, until `MIN_SAMPLES` iterations are timed)
 * or after `maxIterations`. Throughput = timed iterations /
 * timed wall time; latency percentiles over the timed sections.
 */
export async function timedPool({ concurrency, durationS, prepare, timed, maxIterations = 5000, warmupMs = WARMUP_MS }) {
  // Warm-up: full iterations, not recorded, in batches of one per worker until `warmupMs` has passed.
  const warmupStarted = performance.now()
  do await parallel(concurrency, concurrency, async () => timed(await prepare()))
  while (performance.now() - warmupStarted < warmupMs)

  const latencies = []
  const errorSamples = []
  let errors = 0
  let timedWallMs = 0
  let batchSize = Math.max(2 * concurrency, 5)
  const durationMs = durationS * 1000
  const more = () =>
    latencies.length + errors < maxIterations &&
    (timedWallMs < durationMs || (latencies.length < MIN_SAMPLES && timedWallMs < MAX_STRETCH * durationMs))
  for (let round_ = 0; round_ < 1000 && more(); round_++) {
    const units = await parallel(batchSize, concurrency, () => prepare())
    const started = performance.now()
    let next = 0
    const worker = async () => {
      while (next < units.length) {
        const unit = units[next++]
        const t0 = performance.now()
        try {
          await timed(unit)
          latencies.push(performance.now() - t0)
        } catch (error) {
          errors++
          if (errorSamples.length < 3) errorSamples.push(String(error.message ?? error))
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    const elapsed = performance.now() - started
    timedWallMs += elapsed
    // Size the next batch to fill the remaining time (bounded), so that few batch edges cut into concurrency.
    const perUnitMs = elapsed / units.length
    const remaining = Math.max(0, durationMs - timedWallMs, (MIN_SAMPLES - latencies.length) * perUnitMs)
    batchSize = Math.min(500, Math.max(2 * concurrency, Math.ceil(remaining / perUnitMs) + 1))
  }
  latencies.sort((a, b) => a - b)
  const mean = latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length : null
  return {
    rps: roundTo(latencies.length / (timedWallMs / 1000), 1),
    p50_ms: roundTo(percentile(latencies, 50), 2),
    p99_ms: roundTo(percentile(latencies, 99), 2),
    mean_ms: roundTo(mean, 2),
    requests: latencies.length + errors,
    ok: latencies.length,
    non2xx: 0,
    errors,
    ...(errorSamples.length ? { error_samples: errorSamples } : {}),
    duration_s: roundTo(timedWallMs / 1000, 2),
  }
}
