import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { authEndpoint } from "../../lib/auth-rate-limits"
import { ACCOUNT_MESSAGES } from "../../lib/form-schemas"
import { passwordProblem } from "../../lib/passwords"
import { ERROR_FIELD_HEADER, fieldError } from "./error-response"

/**
 * Atelier's password rule (src/lib/passwords.ts) on Medusa's emailpass routes that set a password: registration
 * (`POST /auth/{actor}/emailpass/register`) and the new password of a reset (`POST /auth/{actor}/emailpass/update`),
 * for every actor (one emailpass identity serves them all); on a login, an email or password that is not a string. A refused password answers 400 in Medusa's own body
 * (`{type: "invalid_data", message}`, the family of /auth) with the field in X-Error-Field, before anything else
 * runs: nothing is registered, no reset token is used, no rate-limit point is taken.
 */
export function passwordRule() {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    const endpoint = authEndpoint(req.method, req.originalUrl || req.url || "")
    const body = (req.body ?? {}) as { email?: unknown; password?: unknown }
    const refuse = (field: string, message: string) => {
      res.setHeader(ERROR_FIELD_HEADER, field)
      next(fieldError(MedusaError.Types.INVALID_DATA, message, field))
    }
    // A login whose email or password is not text at all answers a message for people (Medusa's own would be
    // "Password should be a string"); a wrong one is still Medusa's 401.
    if (endpoint === "login" && req.method.toUpperCase() === "POST") {
      if (typeof body.email !== "string") return refuse("email", ACCOUNT_MESSAGES.email)
      if (typeof body.password !== "string") return refuse("password", ACCOUNT_MESSAGES.passwordRequired)
      return next()
    }
    if (endpoint !== "register" && endpoint !== "update") return next()
    const problem = passwordProblem(body.password)
    if (!problem) return next()
    refuse("password", problem)
  }
}
