import { AsyncLocalStorage } from "node:async_hooks"
import { randomUUID } from "node:crypto"
import { errorMessage } from "./error-message"
import { jsonLogger } from "./json-logger"
import { redactSecrets } from "./log-redaction"
import { runWithRequestContext } from "./request-context"

/**
 * The scheduled job the current async context works for. Kept on `globalThis` under a registry symbol so that every
 * copy of this module in one process (Medusa's job loader and a test runner may each load their own) shares it.
 */
const STORE_KEY = Symbol.for("atelier.scheduled-job")
const store: AsyncLocalStorage<string> = ((globalThis as Record<symbol, unknown>)[STORE_KEY] ??=
  new AsyncLocalStorage<string>()) as AsyncLocalStorage<string>

/** The jobs with a run going in this process (shared by every copy of the module, as above). */
const RUNNING_KEY = Symbol.for("atelier.scheduled-job.running")
const running: Set<string> = ((globalThis as Record<symbol, unknown>)[RUNNING_KEY] ??= new Set<string>()) as Set<string>

/**
 * When a scheduled run last reached this process (ms since the epoch; shared as above): a worker's readiness asks
 * whether its scheduler still hands it runs (docs/operations.md, "Workers").
 */
const LAST_RUN_KEY = Symbol.for("atelier.scheduled-job.last-run")
type LastRun = { startedAt: number | null }
const lastRun: LastRun = ((globalThis as Record<symbol, unknown>)[LAST_RUN_KEY] ??= { startedAt: null }) as LastRun

/** When a scheduled job's run last started in this process (a run skipped as an overlap counts), or null. */
export function lastScheduledJobRunStartedAt(): number | null {
  return lastRun.startedAt
}

/**
 * Runs a scheduled job's work in a context that names the job: whatever it does (queries, logs) can tell that it
 * belongs to a background job and not to a request — e.g. the tests that count the queries of one request ignore it.
 *
 * One run per job at a time in a process: a run that starts while the previous one still works is skipped (resolves
 * to undefined) — the running one is doing that work already. The Redis workflow engine works several jobs at once
 * (`jobWorkerOptions.concurrency` in medusa-config.ts, so that a long job does not hold back the others); this keeps
 * a job from overlapping itself there, as the in-process engine never does (it schedules a job's next run when its
 * run ends).
 */
export async function runScheduledJob<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
  lastRun.startedAt = Date.now()
  if (running.has(name)) return undefined
  running.add(name)
  const started = process.hrtime.bigint()
  let outcome: "ok" | "failed" = "failed"
  let failure: string | undefined
  try {
    const result = await runAsJobWork(name, work)
    outcome = "ok"
    return result
  } catch (error) {
    failure = redactSecrets(errorMessage(error))
    throw error
  } finally {
    running.delete(name)
    // One line per run when the process writes JSON lines (docs/operations.md, "Logs").
    jsonLogger()?.write(outcome === "ok" ? "info" : "error", "job run", {
      job: name,
      outcome,
      duration_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
      ...(failure !== undefined ? { error: failure } : {}),
    })
  }
}

/**
 * Runs background work that serves the job `name` outside one of its scheduled runs (an in-process nudge that
 * dispatches right after a commit instead of waiting for the job's next tick): named like the job's own runs, so that
 * it too is told apart from a request, but not counted as a run (a nudge never skips the job's run, nor the reverse).
 */
export function runAsJobWork<T>(name: string, work: () => Promise<T>): Promise<T> {
  // Its log lines carry a request id of their own and the job's name (src/lib/request-context.ts).
  return store.run(name, () => runWithRequestContext({ requestId: randomUUID(), job: name }, work))
}

/** The name of the scheduled job the caller runs for, or undefined outside one. */
export function currentScheduledJob(): string | undefined {
  return store.getStore()
}
