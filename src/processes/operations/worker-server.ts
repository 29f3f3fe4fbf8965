import http from "node:http"
import { container } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { authErrorBody } from "../../lib/error-bodies"
import { errorMessage } from "../../lib/error-message"
import { bearerTokenMatches, jobsReadiness, operationsSettings, readinessReport } from "../../lib/operations"
import { lastScheduledJobRunStartedAt } from "../../lib/scheduled-job"
import { renderMetrics } from "./metrics"
import { checkReadiness } from "./readiness"
import { onShutdownSignal } from "./shutdown"

/**
 * A worker's own operations listener (docs/operations.md, "Workers"): a worker (`WORKER_MODE=worker`) loads no route
 * of the app, so with WORKER_OPERATIONS_PORT set it serves, on that port:
 * - `GET /metrics`: this process's metrics, under the API servers' rule (METRICS_TOKEN as a bearer token; 404 when
 *   METRICS_TOKEN is not set, 401 for a missing or wrong token);
 * - `GET /health/ready`: the API servers' readiness checks, and `jobs`: one of its scheduled jobs started a run
 *   within WORKER_READY_JOBS_MAX_AGE_SECONDS.
 * Started from instrumentation.ts, which `medusa start` loads before it boots the app: requests resolve the app's
 * container when they arrive, so until the boot is done readiness answers 503 (its database check cannot run yet).
 * Closed on SIGTERM/SIGINT (shutdown.ts).
 */

const processStartedAt = Date.now()

function send(res: http.ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": contentType, "Cache-Control": "no-store", ...headers })
  res.end(body)
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers?: Record<string, string>) =>
  send(res, status, "application/json; charset=utf-8", JSON.stringify(body), headers)

async function metrics(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const { metricsToken } = operationsSettings(process.env)
  if (!metricsToken) return json(res, 404, { message: "Not found" })
  if (!bearerTokenMatches(req.headers.authorization, metricsToken)) {
    return json(res, 401, authErrorBody(401, "A valid metrics token is required"), { "WWW-Authenticate": 'Bearer realm="metrics"' })
  }
  const { contentType, body } = await renderMetrics(container)
  send(res, 200, contentType, body)
}

async function ready(res: http.ServerResponse): Promise<void> {
  const settings = operationsSettings(process.env)
  const { checks } = await checkReadiness(container)
  const jobs = jobsReadiness(lastScheduledJobRunStartedAt(), processStartedAt, Date.now(), settings.workerReadyJobsMaxAgeSeconds)
  const report = readinessReport({ ...checks, jobs })
  json(res, report.status === "ready" ? 200 : 503, report)
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const path = (req.url ?? "/").split("?", 1)[0]
  if (req.method !== "GET" && req.method !== "HEAD") return json(res, 405, { message: "Method not allowed" }, { Allow: "GET, HEAD" })
  if (path === "/metrics") return metrics(req, res)
  if (path === "/health/ready") return ready(res)
  if (path === "/health") return send(res, 200, "text/plain; charset=utf-8", "OK")
  json(res, 404, { message: "Not found" })
}

/** Listens on `port` (every interface, as Medusa's own port by default) until the process is asked to stop. */
export function startWorkerOperationsServer(port: number): http.Server {
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A malformed operations variable, or the app not booted yet: said in the log, not to the caller.
      try {
        container.resolve(ContainerRegistrationKeys.LOGGER).warn(`worker operations: ${req.url}: ${errorMessage(error)}`)
      } catch {}
      if (!res.headersSent) json(res, 500, { message: "An internal error occurred" })
      else res.end()
    })
  })
  server.on("error", (error) => {
    console.error(`worker operations: cannot listen on port ${port}: ${errorMessage(error)}`)
  })
  server.listen(port)
  // Closed as the stop begins: a scraper or probe sees the worker gone rather than ready while it stops.
  onShutdownSignal(() => {
    server.close()
    server.closeAllConnections()
  })
  return server
}
