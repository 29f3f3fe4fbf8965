import { AsyncLocalStorage } from "node:async_hooks"

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
  if (running.has(name)) return undefined
  running.add(name)
  try {
    return await runAsJobWork(name, work)
  } finally {
    running.delete(name)
  }
}

/**
 * Runs background work that serves the job `name` outside one of its scheduled runs (an in-process nudge that
 * dispatches right after a commit instead of waiting for the job's next tick): named like the job's own runs, so that
 * it too is told apart from a request, but not counted as a run (a nudge never skips the job's run, nor the reverse).
 */
export function runAsJobWork<T>(name: string, work: () => Promise<T>): Promise<T> {
  return store.run(name, work)
}

/** The name of the scheduled job the caller runs for, or undefined outside one. */
export function currentScheduledJob(): string | undefined {
  return store.getStore()
}
