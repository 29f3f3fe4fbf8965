module.exports = async function globalTeardown() {
  const embedded = globalThis.__ATELIER_EMBEDDED_PG__
  if (!embedded) return
  await embedded.server.stop()
  require("node:fs").rmSync(embedded.dir, { recursive: true, force: true })
}
