// Redis for the multi-process harnesses: is one reachable, and a Redis database (SELECT number) of its own per
// run, so that a run never sees another run's queues, locks or workflow state. Medusa's Redis modules take only
// a URL here (medusa-config.ts), and a URL can name the database: redis://host:port/<n>.
import { spawnSync } from "node:child_process"
import { createRequire } from "node:module"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

const here = path.dirname(fileURLToPath(import.meta.url))

/** REDIS_URL, else the conventional local server. */
export function redisUrlFromEnv() {
  return process.env.REDIS_URL || "redis://127.0.0.1:6379"
}

/** The ioredis client Medusa's own Redis modules use (a dependency of @medusajs/event-bus-redis). */
function ioredis() {
  const require = createRequire(import.meta.url)
  const fromEventBus = createRequire(require.resolve("@medusajs/event-bus-redis"))
  return fromEventBus("ioredis")
}

/**
 * Whether a Redis server answers PING at `url` within `timeoutMs`, decided synchronously (a test file must know
 * whether to skip its suite before it declares it): `{reachable, reason}`.
 */
export function probeRedisSync(url, timeoutMs = 2000) {
  const result = spawnSync(process.execPath, [path.join(here, "redis-ping.mjs"), url, String(timeoutMs)], {
    encoding: "utf8",
    timeout: timeoutMs + 5000,
  })
  if (result.status === 0) return { reachable: true, reason: null }
  return { reachable: false, reason: (result.stdout || result.stderr || result.error?.message || "no answer").trim() }
}

const CLAIM_KEY = "atelier:harness:claim"

function processAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === "EPERM"
  }
}

/**
 * Claims an empty Redis database (1..n-1; database 0 is everyone's default and never touched) for this run: marks
 * it with a claim key, and reclaims a database whose claim was left by a dead process of this machine (a harness
 * that was killed). Returns `{url, db, release}`; `release()` empties the database again (FLUSHDB).
 */
export async function claimRedisDatabase(baseUrl, { log = () => {} } = {}) {
  const Redis = ioredis()
  const base = new URL(baseUrl)
  const admin = new Redis(baseUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
  await admin.connect()
  try {
    const [, count] = await admin.config("GET", "databases")
    const claim = JSON.stringify({ host: os.hostname(), pid: process.pid, since: new Date().toISOString() })
    for (let db = 1; db < Number(count || 16); db++) {
      await admin.select(db)
      const owner = await admin.get(CLAIM_KEY)
      if (owner) {
        let previous = null
        try {
          previous = JSON.parse(owner)
        } catch {}
        if (!previous || previous.host !== os.hostname() || processAlive(previous.pid)) continue
        log(`Redis database ${db}: reclaiming it from a dead run (pid ${previous.pid})`)
        await admin.flushdb()
      } else if ((await admin.dbsize()) > 0) {
        continue
      }
      if ((await admin.set(CLAIM_KEY, claim, "NX")) !== "OK") continue
      const url = new URL(base)
      url.pathname = `/${db}`
      log(`using Redis database ${db} (${url.host})`)
      return {
        url: url.toString(),
        db,
        release: async () => {
          const client = new Redis(url.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 })
          await client.connect()
          try {
            await client.flushdb()
          } finally {
            client.disconnect()
          }
        },
      }
    }
    throw new Error(`no free Redis database at ${base.host}: databases 1..${Number(count) - 1} are all in use`)
  } finally {
    admin.disconnect()
  }
}
