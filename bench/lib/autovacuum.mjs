// A stand-in for PostgreSQL's autovacuum on a server that has it switched off (the CI machines' PostgreSQL does:
// `autovacuum = off`). A benchmark's scratch database starts empty and grows by thousands of orders; without ANALYZE
// the planner keeps the plans of empty tables and every checkout's statements scan more rows than the one before, so
// the figures would measure a database no production server keeps (bench/README.md, "Table statistics").
import pg from "pg"

/**
 * PostgreSQL's defaults: a table is analyzed once its changes since the last ANALYZE exceed 50 + 10 % of its rows,
 * vacuumed once its dead rows exceed 50 + 20 % (or its inserts since the last vacuum 1,000 + 20 %), looked at every
 * minute (autovacuum_naptime).
 */
export const AUTOVACUUM_DEFAULTS = {
  naptimeMs: 60_000,
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  vacuumInsertThreshold: 1000,
  vacuumInsertScaleFactor: 0.2,
}

/** The tables one autovacuum pass would work on, from pg_stat_user_tables rows: [{table, vacuum, analyze}]. */
export function autovacuumWork(rows, settings = AUTOVACUUM_DEFAULTS) {
  const work = []
  for (const row of rows) {
    const live = Number(row.n_live_tup)
    const analyze = Number(row.n_mod_since_analyze) > settings.analyzeThreshold + settings.analyzeScaleFactor * live
    const vacuum =
      Number(row.n_dead_tup) > settings.vacuumThreshold + settings.vacuumScaleFactor * live ||
      Number(row.n_ins_since_vacuum) > settings.vacuumInsertThreshold + settings.vacuumInsertScaleFactor * live
    if (analyze || vacuum) work.push({ table: `${pg.escapeIdentifier(row.schemaname)}.${pg.escapeIdentifier(row.relname)}`, vacuum, analyze })
  }
  return work
}

/** One pass on the database `client` is connected to: vacuums and analyzes what autovacuum would now. */
export async function autovacuumPass(client, settings = AUTOVACUUM_DEFAULTS) {
  const { rows } = await client.query(
    `SELECT schemaname, relname, n_live_tup, n_dead_tup, n_mod_since_analyze, n_ins_since_vacuum FROM pg_stat_user_tables`
  )
  for (const { table, vacuum, analyze } of autovacuumWork(rows, settings)) {
    await client.query(vacuum ? `VACUUM ${analyze ? "(ANALYZE) " : ""}${table}` : `ANALYZE ${table}`)
  }
}

/**
 * When the server of `databaseUrl` runs without autovacuum, makes a pass on that database every naptime until
 * stopped; otherwise does nothing (the server's own autovacuum serves it). Resolves to {active, stop()}.
 */
export async function startAutovacuumStandIn(databaseUrl, { log = () => {}, settings = AUTOVACUUM_DEFAULTS } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  client.on("error", () => {})
  const { rows } = await client.query("SHOW autovacuum")
  if (rows[0]?.autovacuum !== "off") {
    await client.end()
    return { active: false, stop: async () => {} }
  }
  log("this PostgreSQL runs without autovacuum: the benchmark vacuums and analyzes its scratch database as autovacuum would")
  let pass = Promise.resolve()
  const timer = setInterval(() => {
    pass = pass.then(() => autovacuumPass(client, settings)).catch((error) => log(`autovacuum stand-in: ${error.message}`))
  }, settings.naptimeMs)
  timer.unref()
  return {
    active: true,
    stop: async () => {
      clearInterval(timer)
      await pass
      await client.end().catch(() => {})
    },
  }
}
