import type { IncomingMessage, Server, ServerResponse } from "node:http"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { observeHttpRequest } from "../../metrics"

type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => unknown

/** A clock read now, one histogram observation when the response has been sent. */
function timeRequest(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): void {
  const started = process.hrtime.bigint()
  res.once("finish", () => {
    // `req.url` is the path as it arrived; `originalUrl` (Express's) the same once a router has cut a mount point off.
    observeHttpRequest(req.originalUrl || req.url || "", res.statusCode, Number(process.hrtime.bigint() - started) / 1e9)
  })
}

const TIMED = Symbol.for("atelier.request-metrics.server")

/**
 * Times every request into `atelier_http_request_duration_seconds` (docs/operations.md). Medusa answers some requests
 * before any middleware of the app runs (its body parser's errors, CORS preflights, the `/store` publishable-key check,
 * the `/admin` authentication), so on the first request this middleware sees it listens to the HTTP server's own
 * `request` event instead (ahead of Medusa's handler): from then on every request is timed from its arrival, whoever
 * answers it, and this middleware only passes on. A request whose server it cannot reach is timed here.
 */
export function requestMetrics(): Middleware {
  return (req, res, next) => {
    const server = (req.socket as { server?: unknown } | undefined)?.server as (Server & { [TIMED]?: true }) | undefined
    if (!server || typeof server.prependListener !== "function") {
      timeRequest(req, res)
    } else if (!server[TIMED]) {
      server[TIMED] = true
      server.prependListener("request", timeRequest)
      timeRequest(req, res) // this request arrived before the listener
    }
    next()
  }
}
