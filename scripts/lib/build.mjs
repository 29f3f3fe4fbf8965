// The production build (`medusa build` -> .medusa/server) shared by the benchmarks and the multi-process test
// harnesses: built when missing or older than the sources, reused otherwise.
import fs from "node:fs"
import path from "node:path"
import { runMedusa } from "./medusa.mjs"

/** Newest modification time (ms) of the files under `target` (bounded walk, skipping dot-named and node_modules). */
export function newestMtime(target, depth = 0) {
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

/**
 * `medusa build` (admin disabled unless ADMIN_DISABLED says otherwise) when `<root>/.medusa/server` is missing or
 * older than the sources. `medusa build` empties the folder, compiles, and exits 1 on type errors even when it
 * emitted a complete build (for example while someone's work in progress does not type-check): then the emitted
 * build is used and `errors` is true, so that callers can say so. `quiet` hides the build's output unless it fails.
 */
export async function ensureBuild(root, options = {}) {
  return withBuildLock(root, () => buildIfStale(root, options), options.log)
}

const LOCK_WAIT_MS = 20 * 60_000

function readOrEmpty(file) {
  try {
    return fs.readFileSync(file, "utf8")
  } catch {
    return ""
  }
}

function mtimeOr(file, fallback) {
  try {
    return fs.statSync(file).mtimeMs
  } catch {
    return fallback
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === "EPERM"
  }
}

/**
 * Runs `fn` holding `<root>/.medusa/build.lock` (the holder's pid), so that two harnesses started together (jest runs
 * two multi-process specs at once) never build at the same time: `medusa build` empties `.medusa/server` first, which
 * broke the other's build or its servers' start. The lock of a process that died is taken over; the waiter then finds
 * the build fresh and reuses it.
 */
async function withBuildLock(root, fn, log = () => {}) {
  const lock = path.join(root, ".medusa/build.lock")
  fs.mkdirSync(path.dirname(lock), { recursive: true })
  const started = Date.now()
  let said = false
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" })
      break
    } catch (error) {
      if (error.code !== "EEXIST") throw error
    }
    const holder = Number(readOrEmpty(lock).trim() || 0)
    // An empty lock is one being written (or left by a holder killed in that instant: taken over after 5 s).
    const stale = holder ? !alive(holder) : Date.now() - mtimeOr(lock, Date.now()) > 5000
    if (stale) {
      fs.rmSync(lock, { force: true })
      continue
    }
    if (Date.now() - started > LOCK_WAIT_MS) throw new Error(`the production build is still locked by process ${holder || "?"} (${lock})`)
    if (!said) log(`waiting for process ${holder || "?"}'s production build`)
    said = true
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  try {
    return await fn()
  } finally {
    fs.rmSync(lock, { force: true })
  }
}

async function buildIfStale(root, { log = () => {}, quiet = false, admin = false } = {}) {
  const builtConfig = path.join(root, ".medusa/server/medusa-config.js")
  const built = fs.existsSync(builtConfig) ? fs.statSync(builtConfig).mtimeMs : 0
  const sources = Math.max(
    ...["src", "medusa-config.ts", "instrumentation.ts", "package.json", "tsconfig.json"].map((p) => newestMtime(path.join(root, p)))
  )
  // `admin`: the Medusa admin (/app) must be in the build too (browser tests of the admin).
  const adminMissing = admin && !fs.existsSync(path.join(root, ".medusa/server/public/admin/index.html"))
  if (built && built >= sources && !adminMissing) {
    log("production build is up to date (.medusa/server)")
    return { rebuilt: false, errors: false }
  }
  log(
    !built
      ? "no production build yet: medusa build"
      : adminMissing
        ? "the build has no admin: medusa build with the admin"
        : "sources changed since the last build: medusa build"
  )
  const started = Date.now()
  try {
    await runMedusa(
      root,
      ["build"],
      { ADMIN_DISABLED: admin ? "false" : (process.env.ADMIN_DISABLED ?? "true"), MEDUSA_DISABLE_TELEMETRY: "true" },
      { quiet, printFailure: false }
    )
  } catch (error) {
    if (!fs.existsSync(builtConfig)) {
      if (error.output) console.error(error.output)
      throw error
    }
    if (error.output) console.error(error.output)
    log(`WARNING: ${error.message} (type errors above); using the build it emitted anyway`)
    return { rebuilt: true, errors: true }
  }
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return { rebuilt: true, errors: false }
}
