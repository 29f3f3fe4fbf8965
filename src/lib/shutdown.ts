/**
 * When this process was asked to stop (docs/operations.md, "Stopping"): the moment of the first SIGTERM or SIGINT,
 * from which every part of a clean stop counts its SHUTDOWN_TIMEOUT_MS (the HTTP server's in-flight requests, the
 * outbox handlers), so that the whole stop is bounded by one figure. Kept on `globalThis` under a registry symbol, so
 * that every copy of this module in one process (Medusa's loaders and a test runner may each load their own) agrees.
 */
const KEY = Symbol.for("atelier.shutdown")
type ShutdownState = { startedAt: number | null }
const state: ShutdownState = ((globalThis as Record<symbol, unknown>)[KEY] ??= { startedAt: null }) as ShutdownState

/** Records that the process is stopping (the first call wins) and returns when that began. */
export function markShutdownStarted(now = Date.now()): number {
  state.startedAt ??= now
  return state.startedAt
}

/** Whether the process was asked to stop. */
export function shutdownStarted(): boolean {
  return state.startedAt !== null
}

/**
 * The moment by which a stop must be done: `timeoutMs` after the signal, or after `now` when the stop came another
 * way (a test, a shutdown without a signal).
 */
export function shutdownDeadline(timeoutMs: number, now = Date.now()): number {
  return (state.startedAt ?? now) + timeoutMs
}
