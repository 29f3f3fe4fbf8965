import type { IncomingMessage, Server, ServerResponse } from "node:http"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { jsonLogger } from "../../lib/json-logger"
import { metricsRouteFamily } from "../../lib/operations"
import { enterRequestContext, REQUEST_ID_HEADER, requestIdFrom } from "../../lib/request-context"

type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => unknown

/** What the routes leave on a request that names its organization (src/api/utils/access.ts, src/api/v1/platform-auth.ts). */
type ObservedRequest = IncomingMessage & {
  originalUrl?: string
  requestId?: string
  route?: { path?: unknown }
  organization?: { id?: string }
  platform?: { organizationId?: string }
}

/**
 * The request id (the caller's `X-Request-Id` when well-formed, else a new UUID) set on the request (Medusa's
 * `req.requestId`), echoed in the response and made the context of everything the request runs; then, when the
 * process writes JSON lines, one line when the response has been sent (docs/operations.md, "Logs").
 */
function observeRequest(req: ObservedRequest, res: ServerResponse): void {
  const requestId = requestIdFrom(req.headers["x-request-id"])
  req.requestId = requestId
  res.setHeader(REQUEST_ID_HEADER, requestId)
  enterRequestContext({ requestId })
  const logger = jsonLogger()
  if (!logger) return
  const started = process.hrtime.bigint()
  res.once("finish", () => {
    const route = req.route?.path
    logger.write(res.statusCode >= 500 ? "error" : "info", "request", {
      request_id: requestId,
      method: req.method,
      // Never the raw path (ids, tokens in links): its family, and the route pattern that answered when one did.
      family: metricsRouteFamily(req.originalUrl || req.url || ""),
      ...(route !== undefined ? { route: String(route) } : {}),
      ...(organizationOf(req) ? { organization_id: organizationOf(req) } : {}),
      status: res.statusCode,
      duration_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
    })
  })
}

function organizationOf(req: ObservedRequest): string | undefined {
  return req.organization?.id ?? req.platform?.organizationId
}

const OBSERVED = Symbol.for("atelier.request-log.server")

/**
 * Gives every request its id and its line. Installed first (src/api/middlewares.ts), and — as requestMetrics() does —
 * on the first request it sees it listens to the HTTP server's own `request` event ahead of Medusa's handler, so that
 * the requests Medusa answers before the app's middlewares (authentication, body parser errors) get theirs too, and
 * the context is entered before Medusa's body parser, which resumes the request from the socket's events.
 */
export function requestLog(): Middleware {
  return (req, res, next) => {
    const server = (req.socket as { server?: unknown } | undefined)?.server as (Server & { [OBSERVED]?: true }) | undefined
    if (!server || typeof server.prependListener !== "function") {
      observeRequest(req, res)
    } else if (!server[OBSERVED]) {
      server[OBSERVED] = true
      server.prependListener("request", observeRequest)
      observeRequest(req, res) // this request arrived before the listener
    }
    next()
  }
}
