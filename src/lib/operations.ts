import { createHash, timingSafeEqual } from "node:crypto"
import { isPlatformPath } from "./error-bodies"

/**
 * Rules of what an operator sees of a running process (docs/operations.md): the bounded labels of the request
 * metrics, the metrics token, the readiness settings and verdict. No I/O: src/metrics holds the instruments,
 * src/processes/operations reads the database and Redis.
 */

/**
 * The route families a request is counted under: the app's own (`/api/gallery`, `/api/admin`, the dashboard's other
 * `/api/*`, the platform API `/v1` in all its mounts), Medusa's (`/store`, `/admin`, `/auth`), and `other` (the
 * browser apps, images outside /api, health checks, scrapes). A bounded set: never a raw path or an id.
 */
export const METRICS_ROUTE_FAMILIES = ["/api/gallery", "/api/admin", "/api", "/v1", "/store", "/admin", "/auth", "other"] as const
export type MetricsRouteFamily = (typeof METRICS_ROUTE_FAMILIES)[number]

const FAMILY_PREFIXES: [RegExp, MetricsRouteFamily][] = [
  [/^\/api\/gallery(?:\/|$)/i, "/api/gallery"],
  [/^\/api\/admin(?:\/|$)/i, "/api/admin"],
  [/^\/api(?:\/|$)/i, "/api"],
  [/^\/store(?:\/|$)/i, "/store"],
  [/^\/admin(?:\/|$)/i, "/admin"],
  [/^\/auth(?:\/|$)/i, "/auth"],
]

/** The family of a request path (with or without its query string; any case, as the router matches). */
export function metricsRouteFamily(path: string): MetricsRouteFamily {
  const bare = path.split(/[?#]/, 1)[0] || "/"
  // The platform API first: `/api/v1` is the platform's, not the dashboard's.
  if (isPlatformPath(bare)) return "/v1"
  for (const [pattern, family] of FAMILY_PREFIXES) if (pattern.test(bare)) return family
  return "other"
}

export const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx", "other"] as const
export type StatusClass = (typeof STATUS_CLASSES)[number]

/** `2xx` .. `5xx` (and `1xx`) of an HTTP status code; `other` for anything outside 100..599. */
export function statusClass(status: number): StatusClass {
  if (!Number.isInteger(status) || status < 100 || status > 599) return "other"
  return `${Math.floor(status / 100)}xx` as StatusClass
}

/**
 * Whether an Authorization header carries exactly `Bearer <token>`. Both sides are hashed first, so the comparison
 * takes the same time whatever the header holds (its length included) and reveals nothing of the token.
 */
export function bearerTokenMatches(header: string | undefined | null, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "")
  const given = createHash("sha256").update(match?.[1] ?? "", "utf8").digest()
  const expected = createHash("sha256").update(token, "utf8").digest()
  return timingSafeEqual(given, expected) && match !== null && token.length > 0
}

export type OperationsSettings = {
  /** The bearer token `/metrics` requires; null: the route is not served (404). */
  metricsToken: string | null
  /** Readiness fails when the oldest undelivered outbox message is older than this; 0 turns the check off. */
  readyOutboxMaxAgeSeconds: number
  /** The longest each readiness check may take before it counts as failed. */
  readyCheckTimeoutMs: number
  /**
   * How long a process that received SIGTERM (or SIGINT) gives its in-flight requests and outbox handlers before it
   * closes the remaining connections and hands back the outbox messages it holds (docs/operations.md, "Stopping").
   */
  shutdownTimeoutMs: number
  /** A worker's own operations port (`/metrics`, `/health/ready`); null: none. */
  workerOperationsPort: number | null
  /** A worker is ready only when one of its scheduled jobs ran at most this long ago; 0 turns the check off. */
  workerReadyJobsMaxAgeSeconds: number
}

export const READY_OUTBOX_MAX_AGE_SECONDS_DEFAULT = 300
export const READY_CHECK_TIMEOUT_MS_DEFAULT = 2000
export const SHUTDOWN_TIMEOUT_MS_DEFAULT = 15000
/**
 * The busiest scheduled job (deliver-webhooks) runs every minute; with Redis each run goes to one worker, so a worker
 * among several may see none for a few minutes while the scheduler is healthy.
 */
export const WORKER_READY_JOBS_MAX_AGE_SECONDS_DEFAULT = 300

function wholeNumber(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === "") return fallback
  const value = Number(raw.trim())
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}`)
  }
  return value
}

/** The operations variables of docs/configuration.md; a malformed value throws with its name. */
export function operationsSettings(env: Record<string, string | undefined>): OperationsSettings {
  const token = env.METRICS_TOKEN?.trim()
  return {
    metricsToken: token ? token : null,
    readyOutboxMaxAgeSeconds: wholeNumber(
      "READY_OUTBOX_MAX_AGE_SECONDS",
      env.READY_OUTBOX_MAX_AGE_SECONDS,
      READY_OUTBOX_MAX_AGE_SECONDS_DEFAULT,
      0,
      7 * 24 * 3600
    ),
    readyCheckTimeoutMs: wholeNumber("READY_CHECK_TIMEOUT_MS", env.READY_CHECK_TIMEOUT_MS, READY_CHECK_TIMEOUT_MS_DEFAULT, 50, 30000),
    shutdownTimeoutMs: wholeNumber("SHUTDOWN_TIMEOUT_MS", env.SHUTDOWN_TIMEOUT_MS, SHUTDOWN_TIMEOUT_MS_DEFAULT, 0, 600000),
    workerOperationsPort: env.WORKER_OPERATIONS_PORT?.trim()
      ? wholeNumber("WORKER_OPERATIONS_PORT", env.WORKER_OPERATIONS_PORT, 0, 1, 65535)
      : null,
    workerReadyJobsMaxAgeSeconds: wholeNumber(
      "WORKER_READY_JOBS_MAX_AGE_SECONDS",
      env.WORKER_READY_JOBS_MAX_AGE_SECONDS,
      WORKER_READY_JOBS_MAX_AGE_SECONDS_DEFAULT,
      0,
      24 * 3600
    ),
  }
}

/** One readiness check's outcome: `ok`, `skipped` (not configured, counts as passing) or `failed` with a reason. */
export type ReadinessCheck = { status: "ok" | "skipped" | "failed"; reason?: string; [detail: string]: unknown }

export type ReadinessReport = { status: "ready" | "not_ready"; checks: Record<string, ReadinessCheck> }

/** Ready when no check failed. */
export function readinessReport(checks: Record<string, ReadinessCheck>): ReadinessReport {
  const failed = Object.values(checks).some((check) => check.status === "failed")
  return { status: failed ? "not_ready" : "ready", checks }
}

/** The outbox check: failed when the oldest undelivered message (seconds, null: none) is older than the threshold. */
export function outboxReadiness(oldestAgeSeconds: number | null, maxAgeSeconds: number): ReadinessCheck {
  const age = oldestAgeSeconds === null ? null : Math.max(0, Math.round(oldestAgeSeconds))
  if (maxAgeSeconds === 0) return { status: "skipped", oldest_age_seconds: age }
  if (age !== null && age > maxAgeSeconds) {
    return {
      status: "failed",
      reason: `oldest undelivered outbox message is ${age} s old (threshold ${maxAgeSeconds} s)`,
      oldest_age_seconds: age,
      threshold_seconds: maxAgeSeconds,
    }
  }
  return { status: "ok", oldest_age_seconds: age, threshold_seconds: maxAgeSeconds }
}

/**
 * A worker's scheduled-jobs check: failed when none of its jobs started a run within `maxAgeSeconds` (counted from
 * the process's start until its first run, so that a worker just booted is not refused before its first tick).
 */
export function jobsReadiness(
  lastRunStartedAt: number | null,
  processStartedAt: number,
  now: number,
  maxAgeSeconds: number
): ReadinessCheck {
  const lastRunSecondsAgo = lastRunStartedAt === null ? null : Math.max(0, Math.round((now - lastRunStartedAt) / 1000))
  if (maxAgeSeconds === 0) return { status: "skipped", last_run_seconds_ago: lastRunSecondsAgo }
  const idleSeconds = Math.max(0, Math.round((now - (lastRunStartedAt ?? processStartedAt)) / 1000))
  if (idleSeconds > maxAgeSeconds) {
    return {
      status: "failed",
      reason:
        lastRunStartedAt === null
          ? `no scheduled job ran in the ${idleSeconds} s since the process started (threshold ${maxAgeSeconds} s)`
          : `the last scheduled job run started ${idleSeconds} s ago (threshold ${maxAgeSeconds} s)`,
      last_run_seconds_ago: lastRunSecondsAgo,
      threshold_seconds: maxAgeSeconds,
    }
  }
  return { status: "ok", last_run_seconds_ago: lastRunSecondsAgo, threshold_seconds: maxAgeSeconds }
}

/** The names of the expected migrations that were never applied, sorted. */
export function pendingMigrations(expected: Iterable<string>, applied: Iterable<string>): string[] {
  const done = new Set(applied)
  return [...new Set(expected)].filter((name) => !done.has(name)).sort()
}

/**
 * The migration name of a file of a module's `migrations` folder as MikroORM records it (the file name without its
 * extension), or null for what is not a migration (declarations, source maps, snapshots, other files).
 */
export function migrationNameOfFile(fileName: string): string | null {
  if (/\.d\.[cm]?ts$/.test(fileName)) return null
  const match = /^(.+)\.(?:[cm]?js|ts)$/.exec(fileName)
  return match && !match[1].startsWith(".") ? match[1] : null
}
