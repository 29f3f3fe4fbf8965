// Gives every test a PostgreSQL server: the one named by DB_HOST (CI, or your own), or else an embedded
// PostgreSQL on a free port with its data in a scratch folder, removed after the run.
module.exports = async function globalSetup() {
  process.env.MEDUSA_DISABLE_TELEMETRY = "true"
  process.env.LOG_LEVEL = process.env.LOG_LEVEL || "error"
  if (process.env.DB_HOST) return
  const path = require("node:path")
  const { freePort, scratchDir, startEmbeddedPostgres } = await import("../scripts/lib/database.mjs")
  const port = await freePort()
  const dir = scratchDir("atelier-test-pg-")
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, "data"), port, persistent: false })
  // @medusajs/test-utils reads these when test files load; DB_HOST must say "localhost" or it forces SSL.
  process.env.DB_HOST = "localhost"
  process.env.DB_PORT = String(port)
  process.env.DB_USERNAME = server.user
  process.env.DB_PASSWORD = server.password
  globalThis.__ATELIER_EMBEDDED_PG__ = { server, dir }
}
