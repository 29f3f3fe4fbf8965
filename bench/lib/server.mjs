// The benchmark's server under test: a production build (`.medusa/server`), a scratch database with demo data,
// `medusa start` in its own process group, its peak memory, and a cleanup that always runs.
import { spawn } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import pg from "pg"
import { ensureDatabase, freePort, scratchDir, startEmbeddedPostgres } from "../../scripts/lib/database.mjs"
import { runMedusa } from "../../scripts/lib/medusa.mjs"

export const root = path.resolve(import.meta.dirname, "../..")
const serverDir = path.join(root, ".medusa/server")
const medusaBin = path.join(root, "node_modules/.bin/medusa")

const log = (message) => console.log(`[bench] ${message}`)

/** Newest modification time (ms) of the files under `dir` (bounded walk, skipping dot-named and node_modules). */
function newestMtime(target, depth = 0) {
  let stat
  try {
    stat = fs.statSync(target)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  if (depth > 20) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(target)) {
    if (entry.startsWith(".") || entry === "node_modules") continue
    newest = Math.max(newest, newestMtime(path.join(target, entry), depth + 1))
  }
  return newest
}

function run(command, args, { cwd, env }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: "inherit" })
    child.on("error", reject)
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args.join(" ")} exited ${code}`))))
  })
}

/**
 * `medusa build` when `.medusa/server` is missing or older than the sources. `medusa build` empties the folder,
 * compiles, and exits 1 on type errors even when it emitted a complete build (for example while someone's work in
 * progress does not type-check): then the emitted build is benchmarked, and the results say so.
 */
export async function ensureBuild() {
  const builtConfig = path.join(serverDir, "medusa-config.js")
  const built = fs.existsSync(builtConfig) ? fs.statSync(builtConfig).mtimeMs : 0
  const sources = Math.max(
    ...["src", "medusa-config.ts", "package.json", "tsconfig.json"].map((p) => newestMtime(path.join(root, p)))
  )
  if (built && built >= sources) {
    log("production build is up to date (.medusa/server)")
    return { rebuilt: false, errors: false }
  }
  log(built ? "sources changed since the last build: medusa build" : "no production build yet: medusa build")
  const started = Date.now()
  try {
    await run(medusaBin, ["build"], {
      cwd: root,
      env: { ADMIN_DISABLED: process.env.ADMIN_DISABLED ?? "true", MEDUSA_DISABLE_TELEMETRY: "true" },
    })
  } catch (error) {
    if (!fs.existsSync(builtConfig)) throw error
    log(`WARNING: ${error.message} (type errors above); benchmarking the build it emitted anyway`)
    return { rebuilt: true, errors: true }
  }
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return { rebuilt: true, errors: false }
}

/**
 * A scratch database: `atelier_bench_<ts>` next to DATABASE_URL when it is set (dropped afterwards), otherwise an
 * embedded PostgreSQL on a free port with its data in a scratch folder (removed afterwards).
 */
export async function startDatabase() {
  const name = `atelier_bench_${Date.now()}`
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL)
    url.pathname = `/${name}`
    const databaseUrl = url.toString()
    log(`creating scratch database ${name} next to DATABASE_URL`)
    await ensureDatabase(databaseUrl)
    return {
      databaseUrl,
      kind: "external",
      stop: async () => {
        if (process.env.BENCH_KEEP_DB === "true") return log(`kept database ${name}`)
        const admin = new URL(databaseUrl)
        admin.pathname = "/postgres"
        const client = new pg.Client({ connectionString: admin.toString() })
        await client.connect()
        try {
          await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)
        } finally {
          await client.end()
        }
      },
    }
  }
  const port = await freePort()
  const dir = scratchDir("atelier-bench-pg-")
  log(`starting embedded PostgreSQL on 127.0.0.1:${port} (data in ${dir})`)
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, "data"), port, persistent: false })
  const databaseUrl = server.url("atelier_bench")
  await ensureDatabase(databaseUrl)
  return {
    databaseUrl,
    kind: "embedded",
    stop: async () => {
      try {
        await server.stop()
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/** Migrations and demo data (the project's own CLI commands, as `npm run dev` does). */
export async function migrateAndSeed(databaseUrl) {
  const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: "error", MEDUSA_DISABLE_TELEMETRY: "true" }
  log("applying migrations")
  await runMedusa(root, ["db:migrate"], env)
  log("seeding demo data")
  await runMedusa(root, ["exec", "./src/scripts/seed.ts"], env)
}

/** Pids of the live processes in process group `pgid` (Linux /proc). */
function groupPids(pgid) {
  const pids = []
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8")
      // pid (comm) state ppid pgrp ...: comm may contain spaces, so parse after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      if (Number(fields[2]) === pgid) pids.push(Number(entry))
    } catch {}
  }
  return pids
}

function statusKb(pid, field) {
  try {
    const match = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))
    return match ? Number(match[1]) : 0
  } catch {
    return 0
  }
}

/**
 * Samples the memory of a process group: the largest sum of current RSS seen, and each process's own peak
 * (VmHWM, kept per pid so that exited processes still count). Reports both in MB.
 */
export function memorySampler(pgid, intervalMs = 250) {
  const hwm = new Map()
  let peakSumRss = 0
  const sample = () => {
    let sum = 0
    for (const pid of groupPids(pgid)) {
      sum += statusKb(pid, "VmRSS")
      hwm.set(pid, Math.max(hwm.get(pid) ?? 0, statusKb(pid, "VmHWM")))
    }
    peakSumRss = Math.max(peakSumRss, sum)
  }
  const available = fs.existsSync("/proc/self/status")
  const timer = available ? setInterval(sample, intervalMs) : null
  timer?.unref()
  return {
    sample: () => available && sample(),
    stop: () => timer && clearInterval(timer),
    result: () => {
      if (!available) return { peak_rss_mb: null, peak_rss_sampled_mb: null, processes: 0 }
      sample()
      const hwmSum = [...hwm.values()].reduce((a, b) => a + b, 0)
      return {
        // Sum of each process's own peak: exact for one process, an upper bound for several.
        peak_rss_mb: Math.round(hwmSum / 1024),
        peak_rss_sampled_mb: Math.round(peakSumRss / 1024),
        processes: hwm.size,
      }
    },
  }
}

async function waitForHealth(baseUrl, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`medusa start exited ${child.exitCode} before /health answered`)
    try {
      const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2000) })
      if (res.ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`/health did not answer within ${timeoutMs / 1000} s`)
}

/**
 * `medusa start` from `.medusa/server` (NODE_ENV=production, LOG_LEVEL=error) on a free loopback port, detached
 * in its own process group; resolves once /health answers 200.
 */
export async function startServer(databaseUrl) {
  const port = await freePort()
  const env = { ...process.env }
  // The benchmark measures the default configuration: the local payment gateway, the in-process modules.
  for (const key of ["STRIPE_API_KEY", "STRIPE_API_BASE", "STRIPE_WEBHOOK_SECRET"]) delete env[key]
  Object.assign(env, {
    NODE_ENV: "production",
    // Production refuses the local gateway without this explicit opt-in.
    ATELIER_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: "true",
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "error",
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    ADMIN_DISABLED: "true",
    MEDUSA_DISABLE_TELEMETRY: "true",
    JWT_SECRET: env.JWT_SECRET || crypto.randomBytes(24).toString("hex"),
    COOKIE_SECRET: env.COOKIE_SECRET || crypto.randomBytes(24).toString("hex"),
  })
  const started = Date.now()
  const child = spawn(medusaBin, ["start", "--host", "127.0.0.1", "--port", String(port)], {
    cwd: serverDir,
    env,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  })
  const memory = memorySampler(child.pid)
  const baseUrl = `http://127.0.0.1:${port}`
  const stop = async () => {
    memory.stop()
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once("exit", resolve))
    const signal = (sig) => {
      try {
        process.kill(-child.pid, sig)
      } catch {}
    }
    signal("SIGTERM")
    const timer = setTimeout(() => signal("SIGKILL"), 5000)
    await exited
    clearTimeout(timer)
    // Anything left in the group (a forked worker that ignored SIGTERM).
    if (groupPids(child.pid).length) signal("SIGKILL")
  }
  try {
    await waitForHealth(baseUrl, child)
  } catch (error) {
    await stop()
    throw error
  }
  log(`server up on ${baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${child.pid})`)
  return { baseUrl, port, pid: child.pid, memory, stop }
}

/** Ctrl-C / SIGTERM: run `cleanup` once (server, database, scratch folder), then exit 130. */
export function cleanUpOnInterrupt(cleanup, log) {
  let interrupted = false
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, async () => {
      if (interrupted) return
      interrupted = true
      log(`${signal}: cleaning up`)
      await cleanup()
      process.exit(130)
    })
  }
}
