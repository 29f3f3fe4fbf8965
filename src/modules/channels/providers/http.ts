/**
 * What a marketplace call can end in besides an answer: `refused` (it said no to these credentials: a bad or revoked
 * token, an invalid grant), `denied` (the owner did not grant access), `unavailable` (no answer, a 5xx, a timeout, or
 * JSON Atelier cannot read). Routes turn them into 400/409 and 502.
 */
export class ChannelProviderError extends Error {
  constructor(
    readonly kind: "refused" | "denied" | "unavailable",
    message: string
  ) {
    super(message)
    this.name = "ChannelProviderError"
  }
}

/**
 * A request that conflicts with the organization's connections (not connected, expired, a shop connected elsewhere):
 * 409 with its message (Medusa's error handler would replace a CONFLICT MedusaError's message with its own).
 */
export class ChannelConflictError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "ChannelConflictError"
  }
}

/** No marketplace call may hold a request (or, during a refresh, a row lock) for long. */
export const PROVIDER_TIMEOUT_MS = 10_000

/**
 * A JSON request to a marketplace: 401/403 are `refused`, any other failure `unavailable` (the status only, never the
 * body, goes into the message: it may echo a token).
 */
export async function requestJson(
  url: string,
  init: { method?: "GET" | "POST"; headers: Record<string, string>; body?: URLSearchParams }
): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, {
      method: init.method ?? "GET",
      headers: { accept: "application/json", ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    })
  } catch (error) {
    throw new ChannelProviderError("unavailable", `${new URL(url).pathname}: ${(error as Error).name}`)
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel()
    throw new ChannelProviderError("refused", `${new URL(url).pathname}: HTTP ${response.status}`)
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new ChannelProviderError("unavailable", `${new URL(url).pathname}: HTTP ${response.status}`)
  }
  try {
    return await response.json()
  } catch {
    throw new ChannelProviderError("unavailable", `${new URL(url).pathname}: not JSON`)
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
