import { readdir } from "node:fs/promises"
import path from "node:path"
import Redis from "ioredis"
import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaModule } from "@medusajs/framework/modules-sdk"
import {
  migrationNameOfFile,
  operationsSettings,
  outboxReadiness,
  pendingMigrations,
  readinessReport,
  type ReadinessCheck,
  type ReadinessReport,
} from "../../lib/operations"
import { appliedMigrationNames } from "../../queries/medusa/migrations"
import { oldestUndeliveredOutboxAgeSeconds, pingDatabase } from "../../queries/operations"

/**
 * Whether this process should receive traffic (docs/operations.md, "Readiness"): PostgreSQL answers, Redis answers
 * (when REDIS_URL is set), every module's migrations are applied, and the outbox's oldest undelivered message is
 * younger than READY_OUTBOX_MAX_AGE_SECONDS. The checks run side by side, each bounded by READY_CHECK_TIMEOUT_MS;
 * a failure says which check and why in words of its own (never a driver's message, which may name hosts).
 */

class CheckTimeout extends Error {}

function within<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), timeoutMs)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** Runs one check; a throw or a timeout is a failure with a fixed reason. */
async function check(
  work: () => Promise<ReadinessCheck>,
  timeoutMs: number,
  unreachable: string
): Promise<ReadinessCheck> {
  const started = Date.now()
  try {
    const result = await within(work(), timeoutMs)
    return { ...result, ms: Date.now() - started }
  } catch (error) {
    const reason = error instanceof CheckTimeout ? `no answer within ${timeoutMs} ms` : unreachable
    return { status: "failed", reason, ms: Date.now() - started }
  }
}

// ---- Redis: one client of its own per process, made on the first probe.

let redisClient: Redis | null = null

function redis(url: string, timeoutMs: number): Redis {
  if (!redisClient) {
    redisClient = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: timeoutMs,
    })
    redisClient.on("error", () => undefined) // reported by the check; ioredis reconnects by itself
  }
  return redisClient
}

async function pingRedis(url: string, timeoutMs: number): Promise<ReadinessCheck> {
  const client = redis(url, timeoutMs)
  if (client.status === "wait" || client.status === "end") await client.connect()
  const answer = await client.ping()
  if (answer !== "PONG") throw new Error("unexpected answer")
  return { status: "ok" }
}

// ---- Migrations: the migration files of every loaded module, against what the migrator recorded.

let expectedMigrations: Promise<string[]> | null = null

/**
 * The migrations of every module this process loaded: the files of each module's `migrations` folder (where
 * `medusa db:migrate` finds them: beside the module's entry file, its `discoveryPath` for a re-export), named as the
 * migrator records them. Read once per process (the modules are loaded already, so `require` only reads its cache): a
 * deployment changes them only with a new process.
 */
async function moduleMigrations(): Promise<string[]> {
  const folders = new Set<string>()
  for (const resolution of MedusaModule.getAllModuleResolutions()) {
    if (typeof resolution.resolutionPath !== "string") continue
    try {
      let entry = require.resolve(resolution.resolutionPath, { paths: [process.cwd()] })
      // `@medusajs/medusa/product` and the like re-export a module and name where it lives, as Medusa's loader reads.
      const exported = require(entry) as { discoveryPath?: unknown }
      if (typeof exported.discoveryPath === "string") entry = require.resolve(exported.discoveryPath, { paths: [process.cwd()] })
      folders.add(path.join(path.dirname(entry), "migrations"))
    } catch {
      // A module that cannot be resolved again has no migrations this check can know of.
    }
  }
  const names: string[] = []
  for (const folder of folders) {
    const files = await readdir(folder).catch(() => [] as string[])
    for (const file of files) {
      const name = migrationNameOfFile(file)
      if (name) names.push(name)
    }
  }
  return [...new Set(names)].sort()
}

async function migrationsApplied(container: MedusaContainer, timeoutMs: number): Promise<ReadinessCheck> {
  expectedMigrations ??= moduleMigrations().catch((error: unknown) => {
    expectedMigrations = null
    throw error
  })
  const expected = await expectedMigrations
  const pending = pendingMigrations(expected, await appliedMigrationNames(container, expected, timeoutMs))
  if (!pending.length) return { status: "ok", migrations: expected.length }
  return {
    status: "failed",
    reason: `${pending.length} migration${pending.length === 1 ? "" : "s"} not applied (run medusa db:migrate)`,
    pending: pending.slice(0, 20),
  }
}

// ---- The whole probe.

let inFlight: Promise<ReadinessReport> | null = null

async function runChecks(container: MedusaContainer): Promise<ReadinessReport> {
  const settings = operationsSettings(process.env)
  const timeoutMs = settings.readyCheckTimeoutMs
  const redisUrl = process.env.REDIS_URL
  const [database, redisCheck, migrations, outbox] = await Promise.all([
    check(
      async () => {
        await pingDatabase(container, timeoutMs)
        return { status: "ok" }
      },
      timeoutMs,
      "database unreachable"
    ),
    redisUrl
      ? check(() => pingRedis(redisUrl, timeoutMs), timeoutMs, "redis unreachable")
      : Promise.resolve<ReadinessCheck>({ status: "skipped", reason: "REDIS_URL not set" }),
    check(() => migrationsApplied(container, timeoutMs), timeoutMs, "migrations could not be read"),
    settings.readyOutboxMaxAgeSeconds === 0
      ? Promise.resolve<ReadinessCheck>({ status: "skipped", reason: "READY_OUTBOX_MAX_AGE_SECONDS is 0" })
      : check(
          async () => outboxReadiness(await oldestUndeliveredOutboxAgeSeconds(container, timeoutMs), settings.readyOutboxMaxAgeSeconds),
          timeoutMs,
          "outbox could not be read"
        ),
  ])
  return readinessReport({ database, redis: redisCheck, migrations, outbox })
}

/** The readiness report of this process; probes that arrive while one runs share its answer. */
export function checkReadiness(container: MedusaContainer): Promise<ReadinessReport> {
  inFlight ??= runChecks(container).finally(() => {
    inFlight = null
  })
  return inFlight
}
