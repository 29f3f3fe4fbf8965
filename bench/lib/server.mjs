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
 * in its own process group, with `env` added last to its environment and `args` after the command's own (`--cluster
 * 2`); resolves once /health answers 200, with the seconds that took (`boot_s`) and `role` (a name for reports).
 */
export async function startServer(databaseUrl, env = {}, { args = [], role = "server" } = {}) {
  const port = await freePort()
  const started = Date.now()
  // The local payment gateway; the in-process modules unless `env` names Redis (startDeployment).
  const server = await startMedusa({
    root,
    port,
    args,
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
  const bootS = Number(((Date.now() - started) / 1000).toFixed(1))
  const memory = memorySampler(server.pid)
  log(`${role} up on ${server.baseUrl} in ${bootS} s (pid ${server.pid})`)
  return {
    role,
    baseUrl: server.baseUrl,
    port,
    pid: server.pid,
    boot_s: bootS,
    memory,
    stop: async () => {
      memory.stop()
      await server.stop()
    },
  }
}

export const TOPOLOGIES = {
  split: "split: API server (WORKER_MODE=server) + worker (WORKER_MODE=worker) on Redis",
  shared: "shared: one process, in-process modules",
  cluster: "cluster: `medusa start --cluster 2` (two processes in shared mode behind Node's cluster, on Redis)",
}

/**
 * The topology BENCH_TOPOLOGY names (bench/README.md, "Topology"); `split` when unset. Chosen by the flag alone: a
 * topology that needs Redis fails when Redis does not answer, rather than measuring another shape than the one asked.
 */
export function benchTopology() {
  const topology = process.env.BENCH_TOPOLOGY || "split"
  if (!TOPOLOGIES[topology]) throw new Error(`BENCH_TOPOLOGY must be one of ${Object.keys(TOPOLOGIES).join(", ")}, got "${topology}"`)
  return topology
}

/**
 * A deployment of the production build in `topology` (TOPOLOGIES): `split` is the deployment Medusa prescribes for
 * production, an API server and a worker on a Redis database of their own (REDIS_URL, else 127.0.0.1:6379), so the
 * follow-up of a paid order (order book, emails, transfers) runs beside the requests instead of on their event loop;
 * `shared` is one process with the in-process modules, as `npm run dev`; `cluster` is Medusa's own multi-core shape
 * (`medusa start --cluster 2`: Node's cluster module spreads connections over two processes, each serving and
 * working, on Redis). Resolves to {topology, baseUrl, pid, memory: {result()}, processes(), stop()}: memory sums
 * every process; processes() lists each member's role, boot time and peak RSS per process.
 */
export async function startDeployment(databaseUrl, topology = benchTopology()) {
  if (!TOPOLOGIES[topology]) throw new Error(`unknown topology "${topology}"`)
  const started = []
  const describe = () =>
    started.map((member) => ({
      role: member.role,
      boot_s: member.boot_s,
      peak_rss_mb: member.memory.result().per_process_peak_rss_mb,
    }))
  const deployment = (baseUrl, pid, stop) => ({
    topology,
    baseUrl,
    pid,
    stop,
    processes: describe,
    memory: {
      result: () => {
        const parts = started.map((member) => member.memory.result())
        const sum = (key) => (parts.some((part) => part[key] == null) ? null : parts.reduce((total, part) => total + part[key], 0))
        return { peak_rss_mb: sum("peak_rss_mb"), peak_rss_sampled_mb: sum("peak_rss_sampled_mb"), processes: sum("processes") }
      },
    },
  })
  if (topology === "shared") {
    const server = await startServer(databaseUrl, {}, { role: "shared" })
    started.push(server)
    return deployment(server.baseUrl, server.pid, () => server.stop())
  }
  const probe = probeRedisSync(redisUrlFromEnv())
  if (!probe.reachable) {
    throw new Error(
      `BENCH_TOPOLOGY=${topology} needs Redis at ${redisUrlFromEnv()} (${probe.reason}): start Redis, set REDIS_URL, or set BENCH_TOPOLOGY=shared`
    )
  }
  const redis = await claimRedisDatabase(redisUrlFromEnv(), { log })
  // One set of secrets for every process, as one deployment has: the worker's channel jobs decrypt the marketplace
  // tokens the server encrypted.
  const production = localGatewayProductionEnv()
  const shared = {
    REDIS_URL: redis.url,
    JWT_SECRET: process.env.JWT_SECRET || crypto.randomBytes(24).toString("hex"),
    COOKIE_SECRET: process.env.COOKIE_SECRET || crypto.randomBytes(24).toString("hex"),
    CHANNEL_ENCRYPTION_KEY: production.CHANNEL_ENCRYPTION_KEY,
  }
  const stop = async () => {
    for (const member of [...started].reverse()) await member.stop()
    await redis.release()
  }
  try {
    if (topology === "cluster") {
      const cluster = await startServer(databaseUrl, shared, { args: ["--cluster", "2"], role: "primary + 2 processes" })
      started.push(cluster)
      return deployment(cluster.baseUrl, cluster.pid, stop)
    }
    const server = await startServer(databaseUrl, { ...shared, WORKER_MODE: "server" }, { role: "server" })
    started.push(server)
    const worker = await startServer(databaseUrl, { ...shared, WORKER_MODE: "worker" }, { role: "worker" })
    started.push(worker)
    return deployment(server.baseUrl, server.pid, stop)
  } catch (error) {
    await stop()
    throw error
  }
}
