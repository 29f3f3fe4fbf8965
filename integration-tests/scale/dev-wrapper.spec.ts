// `npm run dev` stopped each way a developer or a supervisor stops it leaves nothing behind (docs/operations.md,
// "Stopping"): not `medusa develop` and the server it forks (in a process group of their own), not the embedded
// PostgreSQL, not the guardian, and neither port stays taken. Runs `node scripts/dev.mjs` for real, without
// DATABASE_URL (the embedded PostgreSQL, with a scratch data folder and port), three times on the same data folder:
// a start after each stop also shows that nothing of the previous run blocks the next.
//
// A fourth way, SIGKILL of the group with no warning, shows the guardian alone at work (in the third, the wrapper
// may have finished its own stop within the 2 s).
//
// It runs on a copy of the project's files (node_modules linked), taken when the test starts: `medusa develop`
// restarts its server on every change of a file of the project, and edits made meanwhile (another terminal, an editor's
// save) must not keep it from answering.
//
// Cost: about a minute per start on a quiet machine (migrations, `medusa develop` compiling src/), plus the demo seed
// on the first; the browser apps' builder is left out (DEV_UI_WATCH=false: a Vite watch build of both apps would add
// a build per start), so the builder's own stop is not covered here (dev.mjs stops it by pid, as the guardian does).
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"

jest.setTimeout(15 * 60_000)

const root = path.resolve(__dirname, "../..")
const PORT = 9351
const PG_PORT = 9352
const log = (message: string) => console.log(`[dev-wrapper] ${message}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A live process as /proc shows it: its parent, group, start time (to tell a reused pid apart) and command line. */
type Proc = { pid: number; ppid: number; pgid: number; start: string; cmd: string }

function processes(): Proc[] {
  const found: Proc[] = []
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8")
      // pid (comm) state ppid pgrp ...: comm may contain spaces, so the fields are read after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      if (fields[0] === "Z") continue
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ").trim()
      found.push({ pid: Number(entry), ppid: Number(fields[1]), pgid: Number(fields[2]), start: fields[19], cmd })
    } catch {
      // gone while read
    }
  }
  return found
}

/**
 * Everything the wrapper started: its descendants, every process of their process groups (a group's members outlive
 * their parent), and the PostgreSQL processes of the data folder.
 */
function familyOf(rootPid: number, dataDir: string): Proc[] {
  const all = processes()
  const family = new Map<number, Proc>()
  const add = (p: Proc) => family.set(p.pid, p)
  const byPid = new Map(all.map((p) => [p.pid, p]))
  if (byPid.has(rootPid)) add(byPid.get(rootPid)!)
  let grew = true
  while (grew) {
    grew = false
    const groups = new Set([...family.values()].map((p) => p.pgid))
    for (const p of all) {
      if (family.has(p.pid)) continue
      if (family.has(p.ppid) || groups.has(p.pgid) || p.cmd.includes(dataDir)) {
        add(p)
        grew = true
      }
    }
  }
  return [...family.values()]
}

function stillRunning(snapshot: Proc[]): Proc[] {
  const now = new Map(processes().map((p) => [p.pid, p]))
  return snapshot.filter((p) => now.get(p.pid)?.start === p.start)
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once("error", () => resolve(false))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
  })
}

async function answers(): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${PORT}/health`, { signal: AbortSignal.timeout(2000) })
    return res.ok
  } catch {
    return false
  }
}

const linux = fs.existsSync("/proc/self/stat")
const describeOnLinux = linux ? describe : describe.skip

describeOnLinux("npm run dev leaves nothing behind, however it is stopped", () => {
  let workDir = ""
  let dataDir = ""
  let logFile = ""
  let wrapper: ChildProcess | null = null
  let failed = false

  let appDir = ""

  beforeAll(() => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), "stop-dev-"))
    fs.chmodSync(workDir, 0o755) // the embedded PostgreSQL runs as the user postgres when the tests run as root
    dataDir = path.join(workDir, "postgres")
    logFile = path.join(workDir, "dev.log")
    appDir = path.join(workDir, "app")
    const skipped = new Set(["node_modules", ".git", ".medusa", ".data", "dist", "bench", "docs", "integration-tests"])
    fs.cpSync(root, appDir, {
      recursive: true,
      filter: (source) => path.dirname(source) !== root || !skipped.has(path.basename(source)),
    })
    fs.symlinkSync(path.join(root, "node_modules"), path.join(appDir, "node_modules"))
  })

  afterAll(async () => {
    // Whatever a failed test left: the whole family, then the folder (kept with the log when a test failed).
    if (wrapper?.pid) {
      for (const p of familyOf(wrapper.pid, dataDir)) {
        try {
          process.kill(p.pid, "SIGKILL")
        } catch {}
      }
    }
    if (failed) log(`log and data kept in ${workDir}`)
    else fs.rmSync(workDir, { recursive: true, force: true })
  })

  /** Starts the wrapper in a process group of its own (as a terminal does) and waits until the server answers. */
  async function start(): Promise<{ child: ChildProcess; exited: Promise<{ code: number | null; signal: string | null }> }> {
    expect(await portFree(PORT)).toBe(true)
    expect(await portFree(PG_PORT)).toBe(true)
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: String(PORT),
      EMBEDDED_PG_PORT: String(PG_PORT),
      EMBEDDED_PG_DATA_DIR: dataDir,
      DEV_UI_WATCH: "false",
      MEDUSA_DISABLE_TELEMETRY: "true",
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      NODE_ENV: undefined,
      NODE_OPTIONS: undefined,
    }
    for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key]
    const out = fs.openSync(logFile, "a")
    const child = spawn(process.execPath, [path.join(appDir, "scripts/dev.mjs")], {
      cwd: appDir,
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", out, out],
      detached: true,
    })
    fs.closeSync(out)
    wrapper = child
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal }))
    )
    const started = Date.now()
    while (!(await answers())) {
      const failure =
        child.exitCode !== null || child.signalCode !== null
          ? "exited early"
          : Date.now() - started > 6 * 60_000
            ? "did not answer within 6 minutes"
            : null
      if (failure) {
        // Not left to hold the ports for the next test.
        for (const p of familyOf(child.pid!, dataDir)) {
          try {
            process.kill(p.pid, "SIGKILL")
          } catch {}
        }
        throw new Error(`npm run dev ${failure}; see ${logFile}`)
      }
      await sleep(500)
    }
    log(`answering after ${((Date.now() - started) / 1000).toFixed(0)} s`)
    return { child, exited }
  }

  async function expectNothingLeft(snapshot: Proc[]) {
    const until = Date.now() + 30_000
    let left = stillRunning(snapshot)
    while (left.length && Date.now() < until) {
      await sleep(200)
      left = stillRunning(snapshot)
    }
    expect(left.map((p) => `${p.pid} ${p.cmd}`)).toEqual([])
    expect(processes().filter((p) => p.cmd.includes(dataDir)).map((p) => p.cmd)).toEqual([])
    expect(await portFree(PORT)).toBe(true)
    expect(await portFree(PG_PORT)).toBe(true)
    // Stopped cleanly, or its pid file removed by the guardian: the next start is not refused.
    expect(fs.existsSync(path.join(dataDir, "postmaster.pid"))).toBe(false)
  }

  /** The processes of a running `npm run dev`, checked to hold what the test is about. */
  function snapshotOf(child: ChildProcess): Proc[] {
    const snapshot = familyOf(child.pid!, dataDir)
    const commands = snapshot.map((p) => p.cmd)
    expect(commands.some((c) => /medusa.* develop/.test(c))).toBe(true)
    expect(commands.some((c) => /medusa.* start/.test(c))).toBe(true) // the server `medusa develop` forked
    expect(commands.some((c) => c.includes("dev-guardian.mjs"))).toBe(true)
    expect(commands.some((c) => c.includes(`-D ${dataDir}`))).toBe(true)
    // `medusa develop` runs in a group of its own: a signal to the wrapper's group does not reach it.
    const develop = snapshot.find((p) => /medusa.* develop/.test(p.cmd))!
    expect(develop.pgid).not.toBe(child.pid)
    return snapshot
  }

  function it_(name: string, fn: () => Promise<void>) {
    it(name, async () => {
      try {
        await fn()
      } catch (error) {
        failed = true
        throw error
      }
    })
  }

  it_("SIGINT to its process group (Ctrl-C): exits 0, nothing left", async () => {
    const { child, exited } = await start()
    const snapshot = snapshotOf(child)
    process.kill(-child.pid!, "SIGINT")
    expect(await exited).toEqual({ code: 0, signal: null })
    await expectNothingLeft(snapshot)
  })

  it_("SIGTERM to the wrapper alone (a supervisor): exits 0, nothing left", async () => {
    const { child, exited } = await start()
    const snapshot = snapshotOf(child)
    process.kill(child.pid!, "SIGTERM")
    expect(await exited).toEqual({ code: 0, signal: null })
    await expectNothingLeft(snapshot)
  })

  it_("SIGTERM to its process group, then SIGKILL of the group 2 s later: nothing left", async () => {
    const { child, exited } = await start()
    const snapshot = snapshotOf(child)
    process.kill(-child.pid!, "SIGTERM")
    await sleep(2000)
    try {
      process.kill(-child.pid!, "SIGKILL")
    } catch {
      // the group was gone already
    }
    await exited
    await expectNothingLeft(snapshot)
  })

  it_("SIGKILL of its process group at once (nothing of the wrapper runs again): nothing left", async () => {
    const { child, exited } = await start()
    const snapshot = snapshotOf(child)
    process.kill(-child.pid!, "SIGKILL")
    expect(await exited).toEqual({ code: null, signal: "SIGKILL" })
    await expectNothingLeft(snapshot)
  })
})
