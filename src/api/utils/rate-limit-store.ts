import Redis from "ioredis"
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible"
import { rateLimitHeaders, type RateLimitHeaders, type RateWindow, type WindowState } from "../../lib/rate-limits"
import { countRateLimitRefusal } from "../../metrics"

// The counters behind every rate limit (docs/platform-api.md "Rate limits"): rate-limiter-flexible, in Redis when
// REDIS_URL is set (so a limit holds across server processes), else in this process's memory. A limiter is made
// once per (name, points, duration) and kept: the hot path is one Map lookup and one consume per window.

export type LimitDecision = { allowed: boolean; headers: RateLimitHeaders }

let redisClient: Redis | null | undefined

/** One ioredis client per process for the counters (Medusa's own Redis modules keep theirs). */
function redis(): Redis | null {
  if (redisClient !== undefined) return redisClient
  const url = process.env.REDIS_URL
  // No offline queue: while Redis is unreachable a consume fails at once and the insurance limiter answers.
  redisClient = url ? new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : null
  redisClient?.on("error", () => undefined) // ioredis reconnects by itself; the insurance limiter covers the gap
  return redisClient
}

const limiters = new Map<string, RateLimiterAbstract>()

function limiter(name: string, window: RateWindow): RateLimiterAbstract {
  const id = `${name}:${window.points}:${window.durationS}`
  let found = limiters.get(id)
  if (found) return found
  const options = { keyPrefix: `atelier-rl:${id}`, points: window.points, duration: window.durationS }
  const client = redis()
  found = client
    ? new RateLimiterRedis({
        ...options,
        storeClient: client,
        rejectIfRedisNotReady: true,
        // While Redis is down each process counts alone: limits are looser, never absent or failing requests.
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : new RateLimiterMemory(options)
  limiters.set(id, found)
  return found
}

/**
 * Counts one request of `key` in each window of `name`, in order, stopping at the first window that refuses it (so
 * a refused request does not use up the longer windows). Headers describe the window that runs out first.
 */
export async function consume(name: string, windows: RateWindow[], key: string): Promise<LimitDecision> {
  const states: WindowState[] = []
  let allowed = true
  for (const window of windows) {
    try {
      const res = await limiter(name, window).consume(key)
      states.push({ limit: window.points, consumed: res.consumedPoints, msBeforeNext: res.msBeforeNext })
    } catch (rejection) {
      // An Error (not a RateLimiterRes) only when the store failed and no insurance limiter answered: let it pass.
      if (!(rejection instanceof RateLimiterRes)) continue
      states.push({ limit: window.points, consumed: rejection.consumedPoints, msBeforeNext: rejection.msBeforeNext })
      allowed = false
      countRateLimitRefusal(name)
      break
    }
  }
  if (!states.length) return { allowed: true, headers: {} }
  return { allowed, headers: rateLimitHeaders(states, Date.now(), !allowed) }
}

/**
 * Connects to Redis now (called when the rate-limiting middlewares are built, at boot), so that the first requests
 * of a process are counted in the shared store rather than by the insurance limiter.
 */
export function connectRateLimitStore(): void {
  redis()
}

/** One counter: a window of the limiter `name`, counted for `key`. */
export type LimitCheck = { name: string; window: RateWindow; key: string }

/**
 * Counts one point for each check in order, stopping at the first that refuses; a refused request then takes its
 * points back from every counter it touched, so it is counted nowhere (refused retries neither use up another
 * counter nor push a counter further past its limit). Consuming first keeps concurrent requests from slipping past a
 * limit between a read and a write. Headers describe the counter that runs out first (the refusing one when refused).
 */
export async function reserve(checks: LimitCheck[]): Promise<LimitDecision> {
  const states: WindowState[] = []
  const taken: LimitCheck[] = []
  for (const check of checks) {
    try {
      const res = await limiter(check.name, check.window).consume(check.key)
      taken.push(check)
      states.push({ limit: check.window.points, consumed: res.consumedPoints, msBeforeNext: res.msBeforeNext })
    } catch (rejection) {
      // An Error (not a RateLimiterRes) only when the store failed and no insurance limiter answered: let it pass.
      if (!(rejection instanceof RateLimiterRes)) continue
      await giveBack([...taken, check])
      countRateLimitRefusal(check.name)
      const refused = { limit: check.window.points, consumed: rejection.consumedPoints, msBeforeNext: rejection.msBeforeNext }
      return { allowed: false, headers: rateLimitHeaders([refused], Date.now(), true) }
    }
  }
  if (!states.length) return { allowed: true, headers: {} }
  return { allowed: true, headers: rateLimitHeaders(states, Date.now(), false) }
}

/** Gives back the point a request took from each counter (it turned out not to count). Store errors are ignored. */
export async function giveBack(checks: LimitCheck[]): Promise<void> {
  await Promise.all(checks.map((check) => limiter(check.name, check.window).reward(check.key, 1).catch(() => undefined)))
}

/** Clears a counter (e.g. an account's failed logins after a successful one). Store errors are ignored. */
export async function forget(check: LimitCheck): Promise<void> {
  await limiter(check.name, check.window)
    .delete(check.key)
    .catch(() => undefined)
}
