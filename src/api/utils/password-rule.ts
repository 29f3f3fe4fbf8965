import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { authEndpoint } from "../../lib/auth-rate-limits"
import { passwordProblem } from "../../lib/passwords"
import { ERROR_FIELD_HEADER, fieldError } from "./error-response"

/**
 * Atelier's password rule (src/lib/passwords.ts) on Medusa's emailpass routes that set a password: registration
 * (`POST /auth/{actor}/emailpass/register`) and the new password of a reset (`POST /auth/{actor}/emailpass/update`),
 * for every actor (one emailpass identity serves them all). A refused password answers 400 in Medusa's own body
 * (`{type: "invalid_data", message}`, the family of /auth) with the field in X-Error-Field, before anything else
 * runs: nothing is registered, no reset token is used, no rate-limit point is taken.
 */
export function passwordRule() {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    const endpoint = authEndpoint(req.method, req.originalUrl || req.url || "")
    if (endpoint !== "register" && endpoint !== "update") return next()
    const problem = passwordProblem((req.body as { password?: unknown } | undefined)?.password)
    if (!problem) return next()
    res.setHeader(ERROR_FIELD_HEADER, "password")
    next(fieldError(MedusaError.Types.INVALID_DATA, problem, "password"))
  }
}
