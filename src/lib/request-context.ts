import { AsyncLocalStorage } from "node:async_hooks"
import { randomUUID } from "node:crypto"

/**
 * What the current async context works for (docs/operations.md, "Logs"): the request id of an HTTP request, of a
 * scheduled job's run, or of the request whose outbox message a handler delivers. Every log line written inside it
 * carries the id. Kept on `globalThis` under a registry symbol so that every copy of this module in one process
 * (Medusa's loaders and a test runner may each load their own) shares it, as src/lib/scheduled-job.ts does.
 */
export type RequestContext = {
  requestId: string
  /** The scheduled job whose run this is (its own request id is made per run). */
  job?: string
}

const STORE_KEY = Symbol.for("atelier.request-context")
const store: AsyncLocalStorage<RequestContext> = ((globalThis as Record<symbol, unknown>)[STORE_KEY] ??=
  new AsyncLocalStorage<RequestContext>()) as AsyncLocalStorage<RequestContext>

/** The header a request id arrives in and is echoed back in. */
export const REQUEST_ID_HEADER = "X-Request-Id"

/** At most this long; letters, digits and `._:-` only, so that a caller's id is safe in a log line and a header. */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** The caller's request id when it is well-formed (one value, bounded, safe characters), else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? (header.length === 1 ? header[0] : undefined) : header
  return value !== undefined && ACCEPTABLE_REQUEST_ID.test(value) ? value : randomUUID()
}

/** Runs `work` inside `context`: whatever it awaits or schedules sees it. */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return store.run(context, work)
}

/**
 * Makes `context` the current one for the rest of the caller's synchronous execution and everything it schedules.
 * For an HTTP request's `request` event (src/api/utils/request-log.ts), whose handler cannot be wrapped in `run`.
 */
export function enterRequestContext(context: RequestContext): void {
  store.enterWith(context)
}

/** The context the caller runs in, or undefined outside any. */
export function currentRequestContext(): RequestContext | undefined {
  return store.getStore()
}
