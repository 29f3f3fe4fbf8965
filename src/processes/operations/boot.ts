import { operationsSettings } from "../../lib/operations"
import { watchShutdown } from "./shutdown"
import { startWorkerOperationsServer } from "./worker-server"

/**
 * What every `medusa start` process sets up at boot for operations (docs/operations.md), called from
 * instrumentation.ts, the one file Medusa runs in every process before it boots the app (servers and workers alike):
 * the bound on a clean stop, and on a worker with WORKER_OPERATIONS_PORT its own `/metrics` and `/health/ready`.
 * A malformed operations variable is left to medusa-config, which refuses to start with its name.
 */
export function startProcessOperations(): void {
  watchShutdown()
  if (process.env.WORKER_MODE !== "worker") return
  let port: number | null = null
  try {
    port = operationsSettings(process.env).workerOperationsPort
  } catch {
    return
  }
  if (port !== null) startWorkerOperationsServer(port)
}
