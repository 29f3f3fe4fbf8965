/**
 * The admin extension's client for Atelier's routes (/api/admin/*, /api/gallery/*), on the administrator's /app
 * session: the Medusa admin keeps its login in a session cookie, which /api/admin/* accepts as well as a bearer token.
 *
 * Why not the JS SDK's `sdk.client.fetch`: its FetchError keeps only a body's `message`, and Atelier's gallery and
 * admin family answers the spec's `{error: message}` and names the refused field in the X-Error-Field header, both of
 * which it drops; forms need them to show the API's message next to the field (docs/admin-extension.md).
 * React Query (the admin's own QueryClient) caches and invalidates what this returns.
 */

export type Query = Record<string, string | number | boolean | null | undefined>

/** A refused or failed request: the API's message, its status and, when the API named it, the refused field. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field: string | null = null
  ) {
    super(message)
    this.name = "ApiError"
  }
}

/** The message of an error body: `{error: "Unauthorized" | "Forbidden", message}`, `{error}` or Medusa's `{message}`. */
export function errorMessageOf(body: unknown, fallback: string): string {
  if (body && typeof body === "object") {
    const { error, message } = body as { error?: unknown; message?: unknown }
    if ((error === "Unauthorized" || error === "Forbidden") && typeof message === "string" && message) return message
    if (typeof error === "string" && error) return error
    if (typeof message === "string" && message) return message
  }
  return fallback
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

async function request<T>(method: string, path: string, options: { query?: Query; body?: unknown } = {}): Promise<T> {
  let response: Response
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      credentials: "include",
      headers: {
        accept: "application/json",
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
  } catch {
    throw new ApiError("The server could not be reached", 0)
  }
  const text = await response.text()
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  if (!response.ok) {
    throw new ApiError(
      errorMessageOf(body, response.statusText || `Request failed (${response.status})`),
      response.status,
      response.headers.get("x-error-field")
    )
  }
  return body as T
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>("GET", path, { query }),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, { body: body ?? {} }),
  patch: <T>(path: string, body: unknown) => request<T>("PATCH", path, { body }),
  delete: <T>(path: string) => request<T>("DELETE", path),
}
