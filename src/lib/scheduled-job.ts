import { AsyncLocalStorage } from "node:async_hooks"

/**
 * The scheduled job the current async context works for. Kept on `globalThis` under a registry symbol so that every
 * copy of this module in one process (Medusa's job loader and a test runner may each load their own) shares it.
 */
const STORE_KEY = Symbol.for("atelier.scheduled-job")
const store: AsyncLocalStorage<string> = ((globalThis as Record<symbol, unknown>)[STORE_KEY] ??=
  new AsyncLocalStorage<string>()) as AsyncLocalStorage<string>

/**
 * Runs a scheduled job's work in a context that names the job: whatever it does (queries, logs) can tell that it
 * belongs to a background job and not to a request — e.g. the tests that count the queries of one request ignore it.
 */
export function runScheduledJob<T>(name: string, work: () => Promise<T>): Promise<T> {
  return store.run(name, work)
}

/** The name of the scheduled job the caller runs for, or undefined outside one. */
export function currentScheduledJob(): string | undefined {
  return store.getStore()
}
