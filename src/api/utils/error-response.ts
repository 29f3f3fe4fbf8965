import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { errorHandler as medusaErrorHandler, getHttpResponseFromError } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { authErrorBody, errorBody, routeFamily } from "../../lib/error-bodies"
import { isPublicConflict } from "../../lib/public-conflict"
import { requestPath } from "../../lib/request-path"

/** Names the input field an error is about (`email`, `shippingAddress.city`), when known. */
export const ERROR_FIELD_HEADER = "X-Error-Field"

export function sendAuthError(res: MedusaResponse, status: 401 | 403, message: string) {
  res.status(status).json(authErrorBody(status, message))
}

/** A MedusaError that names the offending input field (shown in `details.field`; the platform API adds a `reason`). */
export function fieldError(type: string, message: string, field: string) {
  return Object.assign(new MedusaError(type, message), { field })
}

export const MALFORMED_PATH_MESSAGE = "Malformed URL: the path holds an invalid percent-escape"

/** Express's refusal to decode a route parameter (`%E0%A4%A`): a URIError it marks with status 400. */
function isMalformedPath(err: unknown): boolean {
  return err instanceof URIError && (err as URIError & { status?: number }).status === 400
}

/**
 * One error handler for the whole server: Atelier's families get their own bodies (docs/architecture.md);
 * Medusa's own routes (/admin, /store, /auth) keep Medusa's.
 */
export function atelierErrorHandler() {
  const medusa = medusaErrorHandler()
  return (caught: Error, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    // The caller's mistake, not ours: 400 in every family (Medusa's own routes included), never a 500 and its stack.
    const err = isMalformedPath(caught) ? fieldError(MedusaError.Types.INVALID_DATA, MALFORMED_PATH_MESSAGE, "path") : caught
    const family = routeFamily(requestPath(req))
    if (family === "medusa") return medusa(err, req, res, next)

    const { statusCode, body } = getHttpResponseFromError(err)
    let message = typeof body.message === "string" && body.message ? body.message : "An unknown error occurred."
    // Conflicts made by Atelier (src/lib/public-conflict.ts) keep their message; Medusa's own stay generic.
    if (statusCode === 409 && isPublicConflict(err)) message = err.message
    if (statusCode >= 500) {
      req.scope?.resolve(ContainerRegistrationKeys.LOGGER).error(err)
      // An UNEXPECTED_STATE MedusaError carries a message meant for the caller ("Failed to create payment intent");
      // anything else may describe internals.
      if (body.type !== MedusaError.Types.UNEXPECTED_STATE) message = "Internal server error"
    }
    // The platform API words its 401/403 in its own body (with a stable code); the other families share one.
    if ((statusCode === 401 || statusCode === 403) && family !== "platform") return sendAuthError(res, statusCode, message)
    const { field, reason } = err as { field?: unknown; reason?: unknown }
    // The gallery family's body is the spec's bare `{error}`: the offending field travels in a header instead, so that
    // a storefront form can show the message next to it (the other families also carry it in their bodies).
    if (typeof field === "string") res.setHeader(ERROR_FIELD_HEADER, field)
    res
      .status(statusCode)
      .json(
        errorBody(family, statusCode, message, typeof field === "string" ? field : undefined, typeof reason === "string" ? reason : undefined)
      )
  }
}
