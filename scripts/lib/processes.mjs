// Medusa server processes for the benchmarks and the multi-process test harnesses: `medusa start` from the
// production build in its own process group (so that one signal reaches every process it forks), health waits,
// memory sampling, group kills, and clean-up that runs even when the harness itself dies.
import { spawn } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { medusaProductionCommand, serverNodeOptions } from "./server-runtime.mjs"

const here = path.dirname(fileURLToPath(import.meta.url))

/** Pids of the live processes in process group `pgid` (Linux /proc; empty elsewhere). */
export function groupPids(pgid) {
  const pids = []
  let entries = []
  try {
    entries = fs.readdirSync("/proc")
  } catch {
    return pids
  }
  for (const entry of entries) {
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
      if (!available) return { peak_rss_mb: null, peak_rss_sampled_mb: null, processes: 0, per_process_peak_rss_mb: [] }
      sample()
      const hwmSum = [...hwm.values()].reduce((a, b) => a + b, 0)
      return {
        // Sum of each process's own peak: exact for one process, an upper bound for several.
        peak_rss_mb: Math.round(hwmSum / 1024),
        peak_rss_sampled_mb: Math.round(peakSumRss / 1024),
        processes: hwm.size,
        per_process_peak_rss_mb: [...hwm.values()].map((kb) => Math.round(kb / 1024)),
      }
    },
  }
}

/** Resolves once `${baseUrl}/health` answers 200; rejects when `child` exits first or the time is up. */
export async function waitForHealth(baseUrl, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`medusa start exited (${child.exitCode ?? child.signalCode}) before ${baseUrl}/health answered`)
    }
    try {
      const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2000) })
      if (res.ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${baseUrl}/health did not answer within ${timeoutMs / 1000} s`)
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal)
  } catch {}
}

/**
 * `medusa start` from `<root>/.medusa/server` on 127.0.0.1:`port`, detached in its own process group, with `env`
 * added to this process's environment and the production runtime flags (server-runtime.mjs) ahead of its
 * NODE_OPTIONS, and `args` after the command's own (e.g. `--cluster 2`). `output` is "inherit" or a file the process's stdout and stderr are appended to. Resolves once
 * /health answers with:
 * - `kill(signal = "SIGKILL")`: signals the whole group and resolves when the process has exited and no process of
 *   its group is left;
 * - `terminate(signal = "SIGTERM")`: signals the group and resolves with `{code, signal}` of the process's exit once no
 *   process of its group is left (no SIGKILL: a test of the clean stop);
 * - `stop()`: SIGTERM (graceful), SIGKILL after 5 s, then anything left in the group.
 * `onGroup(pgid)` / `onGroupGone(pgid)` let a reaper follow the group (startReaper).
 */
export async function startMedusa({
  root,
  port,
  env,
  args = [],
  output = "inherit",
  healthTimeoutMs = 120_000,
  onGroup = () => {},
  onGroupGone = () => {},
}) {
  const serverDir = path.join(root, ".medusa/server")
  const fd = output === "inherit" ? null : fs.openSync(output, "a")
  const medusa = medusaProductionCommand(root, ["start", "--host", "127.0.0.1", "--port", String(port), ...args])
  const child = spawn(medusa.command, medusa.args, {
    cwd: serverDir,
    env: { ...process.env, ...env, NODE_OPTIONS: serverNodeOptions(env.NODE_OPTIONS ?? process.env.NODE_OPTIONS), PORT: String(port) },
    stdio: ["ignore", fd ?? "inherit", fd ?? "inherit"],
    detached: true,
  })
  if (fd !== null) fs.closeSync(fd)
  const pgid = child.pid
  onGroup(pgid)
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })))
  const gone = async () => {
    await exited
    // Anything its process forked and left behind in the group.
    for (let i = 0; i < 50 && groupPids(pgid).length; i++) {
      signalGroup(pgid, "SIGKILL")
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    onGroupGone(pgid)
  }
  const kill = async (signal = "SIGKILL") => {
    signalGroup(pgid, signal)
    await gone()
  }
  /** `signal` to the group (SIGTERM: a clean stop); resolves with the process's exit once nothing of its group is left. */
  const terminate = async (signal = "SIGTERM") => {
    signalGroup(pgid, signal)
    const result = await exited
    await gone()
    return result
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      signalGroup(pgid, "SIGTERM")
      const timer = setTimeout(() => signalGroup(pgid, "SIGKILL"), 5000)
      await exited
      clearTimeout(timer)
    }
    await gone()
  }
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitForHealth(baseUrl, child, healthTimeoutMs)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseUrl, port, pid: child.pid, kill, terminate, stop }
}

/** Ctrl-C / SIGTERM: run `cleanup` once (servers, database, scratch folder), then exit 130. */
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

/**
 * A detached watchdog process that SIGKILLs the process groups (and stops the processes, and removes the scratch
 * folders) registered with it as soon as this process is gone — also when it was killed with SIGKILL, or when a test runner tore down its worker
 * without running clean-up hooks. `release()` ends the watchdog after a normal clean-up.
 */
export function startReaper() {
  const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "atelier-reaper-")), "state.json")
  const state = { groups: [], pids: [], dirs: [] }
  const save = () => fs.writeFileSync(stateFile, JSON.stringify(state))
  save()
  const child = spawn(process.execPath, [path.join(here, "reaper.mjs"), String(process.pid), stateFile], {
    detached: true,
    stdio: "ignore",
  })
  child.unref()
  return {
    addGroup: (pgid) => {
      state.groups.push(pgid)
      save()
    },
    removeGroup: (pgid) => {
      state.groups = state.groups.filter((g) => g !== pgid)
      save()
    },
    /** A process stopped with SIGINT (PostgreSQL's fast shutdown) when this process dies. */
    addPid: (pid) => {
      state.pids.push(pid)
      save()
    },
    /** A scratch folder removed once those processes are gone. */
    addDir: (dir) => {
      state.dirs.push(dir)
      save()
    },
    release: () => {
      fs.rmSync(path.dirname(stateFile), { recursive: true, force: true })
    },
  }
}

/**
 * The environment of a production-mode Atelier process on the local payment gateway: no Stripe variables (an
 * undefined value removes the inherited one), and the explicit opt-in production requires for the local gateway.
 */
/**
 * Application rate limits raised far above any load a harness makes (fault injection, scale test, benchmarks): they
 * drive one server from one address, which the default anonymous limit (100/min per IP) would throttle.
 */
export function raisedRateLimitsEnv() {
  return {
    APP_RATE_LIMIT_ANONYMOUS_PER_MIN: "100000000",
    APP_RATE_LIMIT_AUTHENTICATED_PER_MIN: "100000000",
    WEBHOOK_RATE_LIMIT_PER_MIN: "100000000",
    // Harnesses log in, register and refresh from one address far more often than a person (docs/decisions.md).
    AUTH_LOGIN_FAILURES_PER_IP: "100000000",
    AUTH_REGISTRATIONS_PER_IP_PER_HOUR: "100000000",
    AUTH_REGISTRATIONS_PER_IDENTIFIER_PER_HOUR: "100000000",
    AUTH_RESETS_PER_IP_PER_HOUR: "100000000",
    AUTH_REFRESHES_PER_IP_PER_MIN: "100000000",
  }
}

export function localGatewayProductionEnv() {
  return {
    NODE_ENV: "production",
    ADMIN_DISABLED: "true",
    MEDUSA_DISABLE_TELEMETRY: "true",
    STRIPE_API_KEY: undefined,
    STRIPE_API_BASE: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
    ATELIER_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: "true",
    // Production refuses to start without a key for marketplace tokens: a throw-away one for this process.
    CHANNEL_ENCRYPTION_KEY: process.env.CHANNEL_ENCRYPTION_KEY || crypto.randomBytes(32).toString("base64"),
  }
}
