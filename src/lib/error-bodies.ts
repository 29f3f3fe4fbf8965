/** The route families of docs/architecture.md, each with its own error body. */
export type RouteFamily = "platform" | "gallery" | "application" | "medusa"

/** The platform API's mounts: `/v1`, the storefront variant `/api/v1` and the sandbox's `/sandbox/v1`. */
const PLATFORM_PATH = /^\/(?:api\/|sandbox\/)?v1(?:\/|$)/i

export function isPlatformPath(path: string): boolean {
  return PLATFORM_PATH.test(path)
}

/** The family of a path, in any case (the router matches paths case-insensitively, src/lib/request-path.ts). */
export function routeFamily(path: string): RouteFamily {
  if (isPlatformPath(path)) return "platform"
  if (/^\/api\/(gallery|admin)(\/|$)/i.test(path)) return "gallery"
  if (/^\/api(\/|$)/i.test(path)) return "application"
  return "medusa"
}

const ERROR_CODES: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  422: "validation_error",
  429: "rate_limit_exceeded",
}

function errorCode(status: number): string {
  return ERROR_CODES[status] ?? (status >= 500 ? "api_error" : "invalid_request")
}

/**
 * The platform API's stable error codes (docs/platform-api.md). 401 and 403 are `authentication_required` /
 * `invalid_api_key` / `insufficient_scope`, chosen by the caller (`platformErrorBody`); by status otherwise.
 */
export const PLATFORM_ERROR_CODES = [
  "invalid_request",
  "authentication_required",
  "invalid_api_key",
  "insufficient_scope",
  "workspace_expired",
  "not_found",
  "method_not_allowed",
  "rate_limit_exceeded",
  "internal_error",
] as const
export type PlatformErrorCode = (typeof PLATFORM_ERROR_CODES)[number]

export function platformErrorCode(status: number): PlatformErrorCode {
  if (status === 401) return "invalid_api_key"
  if (status === 403) return "insufficient_scope"
  if (status === 404) return "not_found"
  if (status === 405) return "method_not_allowed"
  if (status === 429) return "rate_limit_exceeded"
  if (status >= 500) return "internal_error"
  return "invalid_request"
}

/** `{error:{code, message, details:{field, reason}}}`; `reason` defaults to the message. */
export function platformErrorBody(code: PlatformErrorCode, message: string, field?: string | null, reason?: string) {
  return { error: { code, message, details: { field: field ?? null, reason: reason ?? message } } }
}

/** `{error: "Unauthorized" | "Forbidden", message}`: the auth-failure body of the families other than the platform API. */
export function authErrorBody(status: 401 | 403, message: string) {
  return { error: status === 401 ? "Unauthorized" : "Forbidden", message }
}

/** The error body of an Atelier family; `field` names the offending input when known. */
export function errorBody(
  family: Exclude<RouteFamily, "medusa">,
  status: number,
  message: string,
  field?: string,
  reason?: string
) {
  if (family === "platform") return platformErrorBody(platformErrorCode(status), message, field, reason)
  if (family === "gallery") return { error: message }
  return { error: message, code: errorCode(status), details: field ? { field } : {} }
}
