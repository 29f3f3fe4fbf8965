import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { requestPath } from "../../lib/request-path"

type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => unknown

/**
 * The responses of /api and /v1 that a browser or proxy may keep: the public catalogue (gallery products,
 * collections, spotlights, artist pages, their images, configuration) and the platform API's OpenAPI document. Everything else
 * carries personal or organization data (an order view whose credential is in its URL, a cart, a member, settings,
 * orders, keys).
 */
const CACHEABLE = [
  /^\/api\/gallery\/(?:products|collections|spotlights|artists|config|images)(?:\/|$)/,
  /^\/(?:api\/|sandbox\/)?v1\/openapi\.json$/,
]

/** `Cache-Control: no-store` on every /api and /v1 response but the public catalogue's reads (docs/decisions.md). */
export function noStoreUnlessPublic(): Middleware {
  return (req, res, next) => {
    const read = req.method === "GET" || req.method === "HEAD"
    if (!read || !CACHEABLE.some((pattern) => pattern.test(requestPath(req)))) res.setHeader("Cache-Control", "no-store")
    next()
  }
}

/**
 * No `X-Powered-By: Express`: removed from this response, and switched off on the application itself, so that routes
 * answered before any middleware of ours (Medusa's /health, the admin's files) stop sending it too.
 */
export function withoutPoweredBy(): Middleware {
  return (req, res, next) => {
    res.removeHeader("X-Powered-By")
    if (req.app?.enabled("x-powered-by")) req.app.disable("x-powered-by")
    next()
  }
}
