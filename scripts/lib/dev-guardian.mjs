// The guardian of `npm run dev` (scripts/dev.mjs): `node dev-guardian.mjs`, started by the wrapper in a process group
// (and session) of its own, its stdin a pipe from the wrapper. The wrapper writes one JSON line per thing to stop:
//   {"group": <pgid>}                 a process group (`medusa develop` and the server it forks)
//   {"pid": <pid>}                    a process (the browser apps' builder)
//   {"postgres": "<data dir>"}        the embedded PostgreSQL of that data directory
// When the pipe closes — the wrapper exited, however: a clean stop, an error, SIGKILL of its process group — it stops
// whatever of those is still running, in that order, and exits. The kernel closes the pipe when the wrapper dies, so
// unlike a signal handler this runs whatever way the wrapper ended; its own group keeps it out of the signals sent to
// the wrapper's group. After a clean stop it finds nothing left and exits at once.
import fs from "node:fs"
import path from "node:path"
import { groupPids } from "./processes.mjs"

const GROUP_GRACE_MS = 3000
const POSTGRES_GRACE_MS = 10_000

const groups = new Set()
const pids = new Set()
const postgresDirs = new Set()

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === "EPERM"
  }
}

function signal(target, name) {
  try {
    process.kill(target, name)
  } catch {}
}

async function waitUntil(done, ms) {
  const deadline = Date.now() + ms
  while (!done() && Date.now() < deadline) await sleep(100)
  return done()
}

async function stopGroup(pgid) {
  if (!groupPids(pgid).length) return
  signal(-pgid, "SIGTERM")
  if (await waitUntil(() => !groupPids(pgid).length, GROUP_GRACE_MS)) return
  signal(-pgid, "SIGKILL")
  await waitUntil(() => !groupPids(pgid).length, 2000)
}

async function stopPid(pid) {
  if (!alive(pid)) return
  signal(pid, "SIGTERM")
  if (await waitUntil(() => !alive(pid), GROUP_GRACE_MS)) return
  signal(pid, "SIGKILL")
}

/** The postmaster of a data directory: SIGINT (PostgreSQL's fast shutdown), SIGQUIT then SIGKILL if it lingers. */
async function stopPostgres(dataDir) {
  const pidFile = path.join(dataDir, "postmaster.pid")
  let pid = 0
  try {
    pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0])
  } catch {
    return
  }
  if (pid && alive(pid)) {
    signal(pid, "SIGINT")
    if (!(await waitUntil(() => !alive(pid), POSTGRES_GRACE_MS))) {
      signal(pid, "SIGQUIT")
      if (!(await waitUntil(() => !alive(pid), 2000))) signal(pid, "SIGKILL")
      await waitUntil(() => !alive(pid), 2000)
    }
  }
  // A postmaster killed outright leaves its pid file behind; PostgreSQL would refuse the next start on it.
  if (pid && !alive(pid)) fs.rmSync(pidFile, { force: true })
}

let stopping = false
async function stopAll() {
  if (stopping) return
  stopping = true
  for (const pgid of groups) await stopGroup(pgid)
  for (const pid of pids) await stopPid(pid)
  for (const dir of postgresDirs) await stopPostgres(dir)
  process.exit(0)
}

let buffered = ""
process.stdin.setEncoding("utf8")
process.stdin.on("data", (chunk) => {
  buffered += chunk
  let newline
  while ((newline = buffered.indexOf("\n")) >= 0) {
    const line = buffered.slice(0, newline)
    buffered = buffered.slice(newline + 1)
    try {
      const entry = JSON.parse(line)
      if (Number.isInteger(entry.group)) groups.add(entry.group)
      if (Number.isInteger(entry.pid)) pids.add(entry.pid)
      if (typeof entry.postgres === "string") postgresDirs.add(entry.postgres)
    } catch {}
  }
})
process.stdin.on("close", () => void stopAll())
process.stdin.on("end", () => void stopAll())
