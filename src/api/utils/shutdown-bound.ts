import type { Server } from "node:http"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { registerHttpServer } from "../../processes/operations/shutdown"

/**
 * Hands the HTTP server that serves the app to the bound on a clean stop (src/processes/operations/shutdown.ts), which
 * closes its connections still open SHUTDOWN_TIMEOUT_MS after SIGTERM. Medusa creates that server and does not expose
 * it; the first request shows it (a server that never had a request has none in flight). After that, one boolean test
 * per request.
 */
export function httpServerForShutdown() {
  let seen = false
  return (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    if (!seen) {
      seen = true
      const server = (req.socket as { server?: Server } | undefined)?.server
      if (server && typeof server.closeAllConnections === "function") registerHttpServer(server)
    }
    next()
  }
}
