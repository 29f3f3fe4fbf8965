import type { Server } from "node:http"
import { container } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { operationsSettings, SHUTDOWN_TIMEOUT_MS_DEFAULT } from "../../lib/operations"
import { markShutdownStarted, shutdownStarted } from "../../lib/shutdown"

/**
 * The bound on a clean stop (docs/operations.md, "Stopping"). On SIGTERM and SIGINT `medusa start` (its own handler)
 * closes its HTTP server to new connections, waits for the in-flight requests, runs the modules' shutdown hooks (the
 * gallery module's gives back its outbox claims) and exits 0. It waits for the requests without a limit, and Medusa
 * offers no hook before that wait ends, so this adds a listener of its own for the same signals that only records
 * when the stop began and arms timers; Medusa's handler still does the stop:
 * - SHUTDOWN_TIMEOUT_MS after the signal, the connections still open are closed (their requests are cut short), which
 *   ends Medusa's wait: the hooks run and the process exits 0;
 * - if it is still alive SHUTDOWN_TIMEOUT_MS + LAST_RESORT_MS after the signal (a hook that hangs), it exits 1.
 * A signal that arrives while the process boots, before Medusa installed its handler, is passed on to Node's default
 * (the process ends at once), as if this listener were not there.
 */

const LAST_RESORT_MS = 5000

type ShutdownWatch = { servers: Set<Server>; stoppers: Set<() => void>; watching: boolean }
const KEY = Symbol.for("atelier.shutdown.watch")
const watch: ShutdownWatch = ((globalThis as Record<symbol, unknown>)[KEY] ??= {
  servers: new Set<Server>(),
  stoppers: new Set<() => void>(),
  watching: false,
}) as ShutdownWatch

/** The app's HTTP server (seen by a middleware on its first request), whose connections the bound closes. */
export function registerHttpServer(server: Server): void {
  watch.servers.add(server)
}

/** Work to stop as soon as the signal arrives (a worker's operations listener). */
export function onShutdownSignal(stop: () => void): void {
  watch.stoppers.add(stop)
}

function log(level: "info" | "warn" | "error", message: string): void {
  try {
    container.resolve(ContainerRegistrationKeys.LOGGER)[level](message)
  } catch {
    console.error(message)
  }
}

function timeoutMs(): number {
  try {
    return operationsSettings(process.env).shutdownTimeoutMs
  } catch {
    return SHUTDOWN_TIMEOUT_MS_DEFAULT // medusa-config refused a malformed value at boot already
  }
}

function onSignal(signal: NodeJS.Signals, self: () => void): void {
  if (process.listeners(signal).every((listener) => listener === self)) {
    process.removeListener(signal, self)
    process.kill(process.pid, signal)
    return
  }
  if (shutdownStarted()) return
  markShutdownStarted()
  const bound = timeoutMs()
  log("info", `${signal}: stopping (in-flight work has ${bound} ms)`)
  for (const stop of watch.stoppers) stop()
  setTimeout(() => {
    log("warn", `stopping: SHUTDOWN_TIMEOUT_MS (${bound} ms) reached: closing the connections still open`)
    for (const server of watch.servers) server.closeAllConnections()
  }, bound).unref()
  setTimeout(() => {
    log("error", `stopping: still not stopped ${bound + LAST_RESORT_MS} ms after ${signal}: exiting`)
    process.exit(1)
  }, bound + LAST_RESORT_MS).unref()
}

/** Installs the listeners once per process (instrumentation.ts, at boot). */
export function watchShutdown(): void {
  if (watch.watching) return
  watch.watching = true
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    const listener = () => onSignal(signal, listener)
    process.on(signal, listener)
  }
}
