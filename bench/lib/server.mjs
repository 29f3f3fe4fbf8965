// The benchmark's server under test: a production build (`.medusa/server`), a scratch database with demo data,
// `medusa start` in its own process group, its peak memory, and a cleanup that always runs. The process and build
// plumbing is shared with the multi-process test harnesses (scripts/lib/).
import crypto from "node:crypto"
import path from "node:path"
import { ensureBuild as buildIfStale } from "../../scripts/lib/build.mjs"
import { freePort, scratchDatabase } from "../../scripts/lib/database.mjs"
import { migrateAndSeed as migrateAndSeedDatabase } from "../../scripts/lib/medusa.mjs"
import { localGatewayProductionEnv, memorySampler, raisedRateLimitsEnv, startMedusa } from "../../scripts/lib/processes.mjs"
import { startAutovacuumStandIn } from "./autovacuum.mjs"
import { claimRedisDatabase, probeRedisSync, redisUrlFromEnv } from "../../scripts/lib/redis.mjs"

export { cleanUpOnInterrupt, memorySampler } from "../../scripts/lib/processes.mjs"

export const root = path.resolve(import.meta.dirname, "../..")

const log = (message) => console.log(`[bench] ${message}`)

/** `medusa build` when `.medusa/server` is missing or older than the sources (see scripts/lib/build.mjs). */
export function ensureBuild() {
  return buildIfStale(root, { log })
}

/**
 * A scratch database: `atelier_bench_<ts>_<pid>` next to DATABASE_URL when it is set (dropped afterwards unless
 * BENCH_KEEP_DB=true), otherwise an embedded PostgreSQL on a free port with its data in a scratch folder (removed
 * afterwards).
 */
export function startDatabase() {
  return scratchDatabase({ prefix: "atelier_bench", keep: process.env.BENCH_KEEP_DB === "true", log })
}

/** Migrations and demo data (the project's own CLI commands, as `npm run dev` does). */
export function migrateAndSeed(databaseUrl) {
  return migrateAndSeedDatabase(root, databaseUrl, { log })
}

/**
 * Keeps the scratch database's table statistics as a production server's autovacuum would, where this server has
 * autovacuum off (bench/lib/autovacuum.mjs); start it once the migrations ran. Resolves to {active, stop()}.
 */
export function keepTableStatistics(databaseUrl) {
  return startAutovacuumStandIn(databaseUrl, { log })
}

/**
 * `medusa start` from `.medusa/server` (NODE_ENV=production, LOG_LEVEL=error) on a free loopback port, detached
 * in its own process group, with `env` added last to its environment; resolves once /health answers 200.
 */
export async function startServer(databaseUrl, env = {}) {
  const port = await freePort()
  const started = Date.now()
  // The local payment gateway; the in-process modules unless `env` names Redis (startDeployment).
  const server = await startMedusa({
    root,
    port,
    env: {
      ...localGatewayProductionEnv(),
      // The limiter stays on (its cost is part of what is measured), above the load.
      ...raisedRateLimitsEnv(),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "error",
      DATABASE_URL: databaseUrl,
      JWT_SECRET: process.env.JWT_SECRET || crypto.randomBytes(24).toString("hex"),
      COOKIE_SECRET: process.env.COOKIE_SECRET || crypto.randomBytes(24).toString("hex"),
      ...env,
    },
  })
  const memory = memorySampler(server.pid)
  log(`server up on ${server.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${server.pid})`)
  return {
    baseUrl: server.baseUrl,
    port,
    pid: server.pid,
    memory,
    stop: async () => {
      memory.stop()
      await server.stop()
    },
  }
}

/**
 * The deployment the gallery benchmark measures (bench/README.md, "Topology"). BENCH_TOPOLOGY `split` is the
 * deployment Medusa prescribes for production: an API server (`WORKER_MODE=server`) and a worker (`WORKER_MODE=worker`)
 * on a Redis database of their own (REDIS_URL, else 127.0.0.1:6379), so the follow-up of a paid order (order book,
 * emails, transfers) runs beside the requests instead of on their event loop. `shared` is one process with the
 * in-process modules, as `npm run dev`. Unset: `split` when Redis answers, else `shared` (said in the log).
 * Resolves to {topology, baseUrl, pid, memory: {result()}, stop()}; memory sums both processes when split.
 */
export async function startDeployment(databaseUrl) {
  const requested = process.env.BENCH_TOPOLOGY || null
  if (requested && !["split", "shared"].includes(requested)) {
    throw new Error(`BENCH_TOPOLOGY must be split or shared, got "${requested}"`)
  }
  let topology = requested ?? "split"
  if (topology === "split") {
    const probe = probeRedisSync(redisUrlFromEnv())
    if (!probe.reachable && requested) throw new Error(`BENCH_TOPOLOGY=split needs Redis at ${redisUrlFromEnv()}: ${probe.reason}`)
    if (!probe.reachable) {
      log(`no Redis at ${redisUrlFromEnv()} (${probe.reason}): measuring one shared process, not server + worker`)
      topology = "shared"
    }
  }
  if (topology === "shared") {
    const server = await startServer(databaseUrl)
    return { topology, ...server }
  }
  const redis = await claimRedisDatabase(redisUrlFromEnv(), { log })
  // One set of secrets for both processes, as one deployment has: the worker's channel jobs decrypt the marketplace
  // tokens the server encrypted.
  const production = localGatewayProductionEnv()
  const shared = {
    REDIS_URL: redis.url,
    JWT_SECRET: process.env.JWT_SECRET || crypto.randomBytes(24).toString("hex"),
    COOKIE_SECRET: process.env.COOKIE_SECRET || crypto.randomBytes(24).toString("hex"),
    CHANNEL_ENCRYPTION_KEY: production.CHANNEL_ENCRYPTION_KEY,
  }
  const started = []
  const stop = async () => {
    for (const member of started.reverse()) await member.stop()
    await redis.release()
  }
  try {
    const server = await startServer(databaseUrl, { ...shared, WORKER_MODE: "server" })
    started.push(server)
    const worker = await startServer(databaseUrl, { ...shared, WORKER_MODE: "worker" })
    started.push(worker)
    const memory = {
      result: () => {
        const parts = [server.memory.result(), worker.memory.result()]
        const sum = (key) => (parts.some((part) => part[key] == null) ? null : parts.reduce((total, part) => total + part[key], 0))
        return { peak_rss_mb: sum("peak_rss_mb"), peak_rss_sampled_mb: sum("peak_rss_sampled_mb"), processes: sum("processes") }
      },
    }
    return { topology, baseUrl: server.baseUrl, pid: server.pid, memory, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
