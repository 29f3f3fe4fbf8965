// Rate limits (spec 8): the platform API per organization and plan, the application routes per actor or client IP,
// the webhook endpoints per client IP. Pure: the numbers, the overrides, the client address, the headers.

export type RateWindow = { points: number; durationS: number }

export const PLAN_RATE_LIMITS: Record<string, { minute: number; day: number }> = {
  starter: { minute: 60, day: 5_000 },
  growth: { minute: 120, day: 20_000 },
  pro: { minute: 300, day: 100_000 },
}

/** The windows of a plan (an unknown plan gets the smallest, starter's). */
export function planWindows(plan: string | null | undefined): RateWindow[] {
  const limits = PLAN_RATE_LIMITS[plan ?? ""] ?? PLAN_RATE_LIMITS.starter
  return [
    { points: limits.minute, durationS: 60 },
    { points: limits.day, durationS: 86_400 },
  ]
}

export type ApplicationLimits = { authenticated: number; anonymous: number; webhook: number }

export const APPLICATION_RATE_LIMITS: ApplicationLimits = { authenticated: 1_000, anonymous: 100, webhook: 10_000 }

function positiveInteger(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer (got "${raw}")`)
  return value
}

/** The application limits per minute: the spec's defaults unless the environment overrides them. */
export function applicationLimits(env: Record<string, string | undefined>): ApplicationLimits {
  return {
    authenticated:
      positiveInteger(env.APP_RATE_LIMIT_AUTHENTICATED_PER_MIN, "APP_RATE_LIMIT_AUTHENTICATED_PER_MIN") ??
      APPLICATION_RATE_LIMITS.authenticated,
    anonymous:
      positiveInteger(env.APP_RATE_LIMIT_ANONYMOUS_PER_MIN, "APP_RATE_LIMIT_ANONYMOUS_PER_MIN") ??
      APPLICATION_RATE_LIMITS.anonymous,
    webhook: positiveInteger(env.WEBHOOK_RATE_LIMIT_PER_MIN, "WEBHOOK_RATE_LIMIT_PER_MIN") ?? APPLICATION_RATE_LIMITS.webhook,
  }
}

/**
 * Number of proxies in front of the server whose X-Forwarded-For may be believed (TRUST_PROXY_HOPS, default 0:
 * the header is ignored, since any client can send it).
 */
export function trustedProxyHops(env: Record<string, string | undefined>): number {
  return positiveInteger(env.TRUST_PROXY_HOPS, "TRUST_PROXY_HOPS") ?? 0
}

/**
 * The client's address: with `hops` trusted proxies, the address the outermost trusted proxy saw (the `hops`-th
 * entry of X-Forwarded-For from the right); otherwise, or when the header is shorter, the socket's peer.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, hops: number): string {
  const peer = socketAddress || "unknown"
  if (hops < 1 || !forwardedFor) return peer
  const chain = forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
  return chain.length >= hops ? chain[chain.length - hops] : peer
}

/** One window's state after a request: consumed points and milliseconds until it resets. */
export type WindowState = { limit: number; consumed: number; msBeforeNext: number }

export type RateLimitHeaders = Record<string, string>

/**
 * Headers for a request counted in `windows`: those of the window that runs out first (fewest remaining requests;
 * on a tie, the one that resets later), Reset in Unix seconds; with Retry-After (seconds, at least 1) when refused.
 */
export function rateLimitHeaders(windows: WindowState[], nowMs: number, refused: boolean): RateLimitHeaders {
  const remaining = (w: WindowState) => Math.max(0, w.limit - w.consumed)
  const binding = windows.reduce((a, b) =>
    remaining(b) < remaining(a) || (remaining(b) === remaining(a) && b.msBeforeNext > a.msBeforeNext) ? b : a
  )
  const headers: RateLimitHeaders = {
    "X-RateLimit-Limit": String(binding.limit),
    "X-RateLimit-Remaining": String(remaining(binding)),
    "X-RateLimit-Reset": String(Math.ceil((nowMs + binding.msBeforeNext) / 1000)),
  }
  if (refused) {
    const exhausted = windows.filter((w) => w.consumed > w.limit)
    const waitMs = Math.max(...(exhausted.length ? exhausted : [binding]).map((w) => w.msBeforeNext))
    headers["Retry-After"] = String(Math.max(1, Math.ceil(waitMs / 1000)))
  }
  return headers
}
