import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { QueryError } from "../../lib/v1-query"
import { fieldError } from "../utils/error-response"
import { validateBody } from "../utils/validation"
import { V1_OPERATIONS } from "./operations"
import { platformAuth, requireScope } from "./platform-auth"
import { parseListQuery, type ListSpec } from "./validators"

/** The platform API is served at /v1, at /api/v1 (storefront variant) and at /sandbox/v1 (the sandbox). */
export const PLATFORM_MOUNTS = ["/v1", "/api/v1", "/sandbox/v1"] as const

/** Every platform path, matched up to the version segment so that Express accepts it as a prefix. */
const PLATFORM_PATHS = /^\/(?:api\/|sandbox\/)?v1(?=\/|$)/i

/** Middleware: `req.validatedQuery` = the parsed list query; a 400 naming the parameter otherwise. */
function validateListQuery(spec: ListSpec) {
  return (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    try {
      req.validatedQuery = parseListQuery(spec, req.query as Record<string, unknown>)
    } catch (error) {
      if (!(error instanceof QueryError)) return next(error)
      return next(Object.assign(fieldError(MedusaError.Types.INVALID_DATA, error.message, error.field), { reason: error.reason }))
    }
    next()
  }
}

/** Express's matcher for an OpenAPI path (`/orders/{id}` -> `/orders/:id`). */
const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1")

/** /v1 (and its two other mounts): the API key, rate limits and deprecations first, then each operation's checks. */
export const platformMiddlewares: MiddlewareRoute[] = [
  { matcher: PLATFORM_PATHS, middlewares: [platformAuth()] },
  ...V1_OPERATIONS.flatMap((operation) =>
    PLATFORM_MOUNTS.map(
      (mount): MiddlewareRoute => ({
        matcher: `${mount}${expressPath(operation.path)}`,
        methods: [operation.method],
        ...(operation.body ? { bodyParser: { sizeLimit: "64kb" } } : {}),
        middlewares: [
          requireScope(operation.scope),
          ...(operation.query ? [validateListQuery(operation.query)] : []),
          ...(operation.body ? [validateBody(operation.body)] : []),
        ],
      })
    )
  ),
]
