/** The route families of docs/architecture.md, each with its own error body. */
export type RouteFamily = "platform" | "gallery" | "application" | "medusa"

export function routeFamily(path: string): RouteFamily {
  if (path === "/v1" || path.startsWith("/v1/")) return "platform"
  if (/^\/api\/(gallery|admin)(\/|$)/.test(path)) return "gallery"
  if (path === "/api" || path.startsWith("/api/")) return "application"
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

/** `{error: "Unauthorized" | "Forbidden", message}`: the auth-failure body in every family. */
export function authErrorBody(status: 401 | 403, message: string) {
  return { error: status === 401 ? "Unauthorized" : "Forbidden", message }
}

/** The error body of an Atelier family; `field` names the offending input when known. */
export function errorBody(family: Exclude<RouteFamily, "medusa">, status: number, message: string, field?: string) {
  if (family === "platform") {
    return { error: { code: errorCode(status), message, details: { field: field ?? null, reason: message } } }
  }
  if (family === "gallery") return { error: message }
  return { error: message, code: errorCode(status), details: field ? { field } : {} }
}
