import { tracingEnabled } from "./src/lib/tracing"
import { startProcessOperations } from "./src/processes/operations/boot"

/**
 * Loaded by Medusa's `start` and `develop` in every process before it boots the app (servers and workers alike).
 *
 * Traces (docs/operations.md, "Traces"): off unless ATELIER_TRACING or an OTLP endpoint says otherwise; then nothing
 * of OpenTelemetry's SDK is loaded (the API alone stays, whose spans are no-ops). Operations (docs/operations.md,
 * "Workers" and "Stopping"): the bound on a clean stop, and a worker's own operations port.
 */
export function register(): void {
  if (tracingEnabled(process.env)) {
    // Required only now, synchronously: Medusa does not await register(), and the SDK must hook `pg` before the app
    // connects.
    const { registerTracing } = require("./src/tracing/register") as typeof import("./src/tracing/register")
    registerTracing(process.env)
  }
  startProcessOperations()
}
